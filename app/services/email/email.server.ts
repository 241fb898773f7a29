/**
 * Outgoing mail (DESIGN §1): nodemailer over SMTP_URL when it is set; without it the message is
 * kept in `email_outbox` with status "logged" and printed to the server log, so the embedded demo
 * can still follow a reset or sign-in link. Every message is recorded in the outbox either way.
 */
import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { metrics } from "~/lib/metrics.server";
import { config } from "~/lib/config.server";

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is for, e.g. "reset-password"; for the outbox and tests. */
  kind: string;
  locale: Locale;
  /** Display name of the sender, usually the store's name. */
  fromName: string;
}

let transport: { url: string; transporter: Transporter } | undefined;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

function fromAddress(fromName: string): string {
  const address = config().mailFrom;
  return `"${fromName.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

export async function sendEmail(
  storeId: string,
  message: EmailMessage,
): Promise<{ status: "sent" | "logged" | "failed" }> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .insert(emailOutbox)
      .values({
        storeId,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        kind: message.kind,
        locale: message.locale,
      })
      .returning({ id: emailOutbox.id }),
  );
  const { smtpUrl } = config();
  let status: "sent" | "logged" | "failed" = "logged";
  let error: string | null = null;
  if (smtpUrl) {
    try {
      await transporterFor(smtpUrl).sendMail({
        from: fromAddress(message.fromName),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: { "Content-Language": message.locale },
      });
      status = "sent";
    } catch (cause) {
      status = "failed";
      error = cause instanceof Error ? cause.message : String(cause);
      console.error(`email ${message.kind} to ${message.to} failed: ${error}`);
    }
  } else {
    console.log(`[email] ${message.kind} to ${message.to}: ${message.subject}\n${message.text}`);
  }
  await db.withStore(storeId, (tx) =>
    tx
      .update(emailOutbox)
      .set({ status, error, sentAt: status === "sent" ? new Date() : null })
      .where(eq(emailOutbox.id, row!.id)),
  );
  metrics.email(status);
  return { status };
}
