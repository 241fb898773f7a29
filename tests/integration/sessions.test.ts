/**
 * The one session store (decision 011): staff and shopper sessions follow the same idle (14 d),
 * absolute (30 d) and touch rules. Time is passed in (`now`), so a month is walked in a moment.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformSessions, platformStaff, sessions } from "~/db/schema";
import { createStaffSession, destroyStaffSession, getStaff } from "~/http/sessions.server";
import {
  endOtherSessions,
  endSession,
  hashSessionToken,
  readStaffSession,
  SESSION_TOUCH_MS,
  startSession,
} from "~/services/identity/sessions.server";
import { readViewer } from "~/services/identity/viewer.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-03-01T09:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let db: TestDb;
let alpha: StoreFixture;
let staffId: string;

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  const [row] = await db.owner
    .insert(platformStaff)
    .values({ email: "ops@platform.test", name: "Ops Person", passwordHash: "not-a-real-hash" })
    .returning({ id: platformStaff.id });
  staffId = row!.id;
});
afterAll(() => db.dispose());

const staff = () => ({ kind: "staff" as const, staffId });
const shopper = () => ({ kind: "user" as const, storeId: alpha.storeId, userId: alpha.userId });
const readUser = (token: string, now: Date) => readViewer(alpha.storeId, hashSessionToken(token), now);
const readStaff = (token: string, now: Date) => readStaffSession(hashSessionToken(token), now);

describe("staff sessions", () => {
  it("stay signed in past 14 days while used every day", async () => {
    const token = await startSession(staff(), { now: T0 });
    for (let day = 1; day <= 20; day++) {
      expect((await readStaff(token, at(day)))?.staff.email, `day ${day}`).toBe("ops@platform.test");
    }
  });

  it("end after 14 days without use", async () => {
    const token = await startSession(staff(), { now: T0 });
    expect(await readStaff(token, at(13.9))).not.toBeNull();
    // Used at 13.9 days: the idle clock restarted then, and ran out 14 days later.
    expect(await readStaff(token, at(13.9 + 14.01))).toBeNull();
    const unused = await startSession(staff(), { now: T0 });
    expect(await readStaff(unused, at(14.01))).toBeNull();
  });

  it("end 30 days after sign-in however often they are used", async () => {
    const token = await startSession(staff(), { now: T0 });
    for (let day = 1; day < 30; day++) expect(await readStaff(token, at(day))).not.toBeNull();
    expect(await readStaff(token, at(29.99))).not.toBeNull();
    expect(await readStaff(token, at(30))).toBeNull();
  });

  it("write last_seen_at at most every few minutes", async () => {
    const token = await startSession(staff(), { now: T0 });
    const lastSeen = async () =>
      (
        await db.owner
          .select({ at: platformSessions.lastSeenAt })
          .from(platformSessions)
          .where(eq(platformSessions.id, hashSessionToken(token)))
      )[0]!.at.getTime();
    await readStaff(token, new Date(T0.getTime() + SESSION_TOUCH_MS - 1000));
    expect(await lastSeen()).toBe(T0.getTime());
    const later = T0.getTime() + SESSION_TOUCH_MS + 1000;
    await readStaff(token, new Date(later));
    expect(await lastSeen()).toBe(later);
  });

  it("through the cookie: using the platform keeps an old session alive, logout ends it", async () => {
    const cookie = (await createStaffSession(staffId, new Request("http://localhost/login"))).split(";")[0]!;
    const request = () => new Request("http://localhost/platform/stores", { headers: { Cookie: cookie } });
    // Signed in 13 days ago and last seen then: one more use must move last_seen_at to now.
    await db.owner
      .update(platformSessions)
      .set({ createdAt: sql`now() - interval '13 days'`, lastSeenAt: sql`now() - interval '13 days'` })
      .where(eq(platformSessions.staffId, staffId));
    expect((await getStaff(request()))?.name).toBe("Ops Person");
    const [row] = await db.owner
      .select({ lastSeenAt: platformSessions.lastSeenAt })
      .from(platformSessions)
      .where(eq(platformSessions.staffId, staffId))
      .orderBy(sql`${platformSessions.lastSeenAt} desc`)
      .limit(1);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect(await destroyStaffSession(request())).toMatch(/Max-Age=0/);
    expect(await getStaff(request())).toBeNull();
  });

  it("end the other sessions of one staff member, keeping the current one", async () => {
    const here = await startSession(staff(), { now: T0 });
    const there = await startSession(staff(), { now: T0 });
    await endOtherSessions(staff(), hashSessionToken(here));
    expect(await readStaff(here, at(1))).not.toBeNull();
    expect(await readStaff(there, at(1))).toBeNull();
    await endSession({ kind: "staff" }, hashSessionToken(here));
    expect(await readStaff(here, at(1))).toBeNull();
  });
});

describe("shopper sessions follow the same rules", () => {
  it("survive daily use past 14 days, end when idle for 14 days or 30 days after sign-in", async () => {
    const daily = await startSession(shopper(), { now: T0, userAgent: "test" });
    for (let day = 1; day < 30; day++) expect(await readUser(daily, at(day)), `day ${day}`).not.toBeNull();
    expect(await readUser(daily, at(30))).toBeNull();
    const idle = await startSession(shopper(), { now: T0 });
    expect(await readUser(idle, at(14.01))).toBeNull();
  });

  it("replace the session the browser carried at sign-in", async () => {
    const first = await startSession(shopper(), { now: T0 });
    const second = await startSession(shopper(), { now: T0, replacing: hashSessionToken(first) });
    expect(await readUser(first, at(0))).toBeNull();
    expect((await readUser(second, at(0)))?.user.id).toBe(alpha.userId);
    const stored = await db.owner.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, second));
    // Only the hash is stored, never the token itself.
    expect(stored).toEqual([]);
  });
});
