/**
 * The outbox's delivery (email.server.ts, decision 020): a failed send stays in the outbox and is
 * tried again once due, until MAX_ATTEMPTS; the sweep sends a due message once even when two
 * processes sweep together; a message not yet due is left alone.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { sendEmail, sweepOutbox, type EmailMessage } from "~/services/email/email.server";
import { MAX_ATTEMPTS } from "~/services/outbox/outbox.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { startSmtpServer } from "../helpers/smtp";

let db: TestDb;
let alpha: StoreFixture;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

/** Nothing listens there: every send fails at once. */
const REFUSING_SMTP = "smtp://127.0.0.1:1";

const message = (subject: string): EmailMessage => ({
  to: "layla@example.test",
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  kind: "test-message",
  locale: "en",
  fromName: "Store alpha",
});

const rowOf = async (subject: string) =>
  (await db.owner.select().from(emailOutbox).where(eq(emailOutbox.subject, subject)))[0]!;

/** The time a retry waits has passed. */
const makeDue = (subject: string) =>
  db.owner
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.subject, subject));

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  smtp = await startSmtpServer();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.close();
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(emailOutbox);
  smtp.messages.length = 0;
});

describe("email outbox delivery", () => {
  it("keeps a failed send and delivers it once it is due again", async () => {
    process.env.SMTP_URL = REFUSING_SMTP;
    expect(await sendEmail(alpha.storeId, message("first try fails"))).toEqual({ status: "failed" });
    const failed = await rowOf("first try fails");
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.error).toBeTruthy();
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: a sweep leaves it.
    process.env.SMTP_URL = smtp.url;
    await sweepOutbox();
    expect(await rowOf("first try fails")).toMatchObject({ status: "failed", attempts: 1 });
    expect(smtp.messages).toHaveLength(0);

    await makeDue("first try fails");
    expect(await sweepOutbox()).toEqual({ stores: 1, delivered: 1 });
    expect(await rowOf("first try fails")).toMatchObject({
      status: "sent",
      attempts: 2,
      nextAttemptAt: null,
    });
    expect(smtp.messages.map((mail) => mail.subject)).toEqual(["first try fails"]);
    // Delivered: never again.
    expect(await sweepOutbox()).toEqual({ stores: 0, delivered: 0 });
  });

  it("gives a message up after MAX_ATTEMPTS failed sends", async () => {
    process.env.SMTP_URL = REFUSING_SMTP;
    await sendEmail(alpha.storeId, message("never delivered"));
    await db.owner
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.subject, "never delivered"));
    await makeDue("never delivered");
    await sweepOutbox();
    expect(await rowOf("never delivered")).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    expect(await sweepOutbox()).toEqual({ stores: 0, delivered: 0 });
  });

  it("sends a due message once when two sweeps run together", async () => {
    process.env.SMTP_URL = REFUSING_SMTP;
    await sendEmail(alpha.storeId, message("swept twice"));
    await makeDue("swept twice");
    process.env.SMTP_URL = smtp.url;
    const sweeps = await Promise.all([sweepOutbox(), sweepOutbox()]);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.delivered, 0)).toBe(1);
    expect(smtp.messages.map((mail) => mail.subject)).toEqual(["swept twice"]);
    expect(await rowOf("swept twice")).toMatchObject({ status: "sent", attempts: 2 });
  });
});
