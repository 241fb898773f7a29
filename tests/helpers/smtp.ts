/** An in-process SMTP server that keeps every message it receives, for email tests. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text of every part, for finding links and phrases. */
  body: string;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, encoding: string, data: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

/** Splits a MIME message into its decoded text parts (base64 or quoted-printable). */
export function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join("\n\n");
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      return content;
    })
    .join("\n");
}

export async function startSmtpServer(listenPort = 0) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? "";
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          // RFC 2047: white space between two encoded-words is not part of the text.
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, " ").replace(/\?=\s+=\?/g, "?==?")),
          body: decodeBody(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function findLink(mail: CapturedMail, pathPrefix: string): string | null {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/]/g, "\\/")}[^\\s"'<>]*`).exec(
    mail.body,
  );
  return match?.[0] ?? null;
}
