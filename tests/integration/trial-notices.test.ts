/**
 * Our own trial's end announced by mail (issue 12): the periodic job mails a store's admins once
 * when its trial (no Stripe subscription) ends within 3 days, in the admin's language or else the
 * store's, with the store's name and a link to /admin/billing; not a store 5 days away (until it
 * comes within 3), not twice, not two processes at once, not a store with a Stripe subscription.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, users } from "~/db/schema";
import { announceEndingTrials } from "~/services/billing/trial-notices.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { findLink, startSmtpServer } from "../helpers/smtp";

const DAY = 86_400_000;
const savedSmtp = process.env.SMTP_URL;
let db: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let soon: StoreFixture;
let later: StoreFixture;
let subscribed: StoreFixture;
let arabic: StoreFixture;
let ended: StoreFixture;
const start = new Date();

async function trial(
  store: StoreFixture,
  endsInDays: number,
  extra: Partial<typeof stores.$inferInsert> = {},
) {
  await db.owner
    .update(stores)
    .set({
      subscriptionStatus: "trialing",
      subscriptionCurrentPeriodEnd: new Date(start.getTime() + endsInDays * DAY),
      ...extra,
    })
    .where(eq(stores.id, store.storeId));
}

async function admin(store: StoreFixture, email: string, locale: "en" | "ar" | null) {
  await db.owner
    .insert(users)
    .values({ storeId: store.storeId, email, name: "Owner", isAdmin: true, locale });
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

beforeAll(async () => {
  db = await createTestDb();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  soon = await createStoreFixture(db, "soon");
  later = await createStoreFixture(db, "later");
  subscribed = await createStoreFixture(db, "subscribed");
  arabic = await createStoreFixture(db, "arabic");
  ended = await createStoreFixture(db, "ended");
  await trial(soon, 2);
  await trial(later, 5);
  // A Stripe trial: Stripe's trial_will_end announces it, not this job.
  await trial(subscribed, 2, { stripeSubscriptionId: "sub_stripe_trial", stripeCustomerId: "cus_trial" });
  await trial(arabic, 1, { defaultLocale: "ar", name: "بيت الحناء" });
  await trial(ended, -1);
  await admin(soon, "owner@soon.test", "en");
  await admin(soon, "partner@soon.test", "ar");
  await admin(later, "owner@later.test", "en");
  await admin(subscribed, "owner@subscribed.test", "en");
  await admin(arabic, "owner@arabic.test", null);
  await admin(ended, "owner@ended.test", "en");
});

afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
  await smtp?.close();
  await db?.dispose();
});

describe("the platform's own trial ending", () => {
  it("mails each admin of a store 2 days from its trial's end, in their language, with a link to billing", async () => {
    const announced = await announceEndingTrials(start);
    expect(announced.sort()).toEqual([soon.storeId, arabic.storeId].sort());

    const [english] = mailsTo("owner@soon.test");
    expect(mailsTo("owner@soon.test")).toHaveLength(1);
    expect(english!.subject).toBe("Store soon: your trial ends in 3 days");
    expect(english!.body).toContain("Choose a plan to keep your store open.");
    expect(findLink(english!, "/admin/billing")).toMatch(/^https?:\/\/soon\.[^/]+\/admin\/billing$/);

    const partner = mailsTo("partner@soon.test");
    expect(partner).toHaveLength(1);
    expect(partner[0]!.subject).toBe("Store soon: تنتهي فترتك التجريبية خلال 3 أيام");

    // No language of their own: the store's (Arabic), with the store's name.
    const storeLanguage = mailsTo("owner@arabic.test");
    expect(storeLanguage).toHaveLength(1);
    expect(storeLanguage[0]!.subject).toBe("بيت الحناء: تنتهي فترتك التجريبية خلال 3 أيام");
    expect(findLink(storeLanguage[0]!, "/admin/billing")).toMatch(
      /^https?:\/\/arabic\.[^/]+\/admin\/billing$/,
    );

    const [row] = await db.owner.select().from(stores).where(eq(stores.id, soon.storeId));
    expect(row!.trialEndingNotifiedAt?.getTime()).toBe(start.getTime());
  });

  it("does not mail a store 5 days away, a Stripe-subscribed store or an ended trial", () => {
    expect(mailsTo("owner@later.test")).toHaveLength(0);
    expect(mailsTo("owner@subscribed.test")).toHaveLength(0);
    expect(mailsTo("owner@ended.test")).toHaveLength(0);
  });

  it("never mails a store twice, even from two processes at once", async () => {
    const again = await Promise.all([
      announceEndingTrials(new Date(start.getTime() + DAY / 2)),
      announceEndingTrials(new Date(start.getTime() + DAY / 2)),
    ]);
    expect(again).toEqual([[], []]);
    expect(mailsTo("owner@soon.test")).toHaveLength(1);
    expect(mailsTo("owner@arabic.test")).toHaveLength(1);
  });

  it("mails the 5-day store once it comes within 3 days, once however many processes run", async () => {
    const later3 = new Date(start.getTime() + 2.5 * DAY);
    const runs = await Promise.all([announceEndingTrials(later3), announceEndingTrials(later3)]);
    expect(runs.flat()).toEqual([later.storeId]);
    expect(mailsTo("owner@later.test")).toHaveLength(1);
    expect(mailsTo("owner@subscribed.test")).toHaveLength(0);
    expect(smtp.messages).toHaveLength(4);
  });
});
