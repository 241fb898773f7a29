/**
 * Staff accounts managed by staff (issue 12, item 4): add (rules, a taken email), remove (never
 * yourself, never the last one; their sessions end), and nobody else may.
 */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformSessions, platformStaff } from "~/db/schema";
import { action, loader } from "~/routes/platform.staff";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { staffCookie, userCookie } from "../helpers/sessions";

let db: TestDb;
let platform: AppLoadContext;
let me: { id: string; cookie: string };
const P = "http://localhost:3000";

const post = (fields: Record<string, string>, cookie = me.cookie, context = platform) =>
  answer<{ notice?: { key: string } | null; result?: { error?: Record<string, string[]> } | null }>(() =>
    action({ request: postForm(`${P}/platform/staff`, fields, cookie), context, params: {} }),
  );
const staffCount = async () => (await db.owner.select({ n: count() }).from(platformStaff))[0]!.n;

beforeAll(async () => {
  db = await createTestDb();
  platform = await contextFor(db, "localhost");
  const [row] = await db.owner
    .insert(platformStaff)
    .values({ email: "me@p.test", name: "Me Myself", passwordHash: "x" })
    .returning({ id: platformStaff.id });
  me = { id: row!.id, cookie: await staffCookie(row!.id) };
});
afterAll(async () => {
  await db.dispose();
});

describe("/platform/staff", () => {
  it("adds an account; a taken email and bad input are refused with nothing added", async () => {
    const added = await post({
      intent: "add",
      name: "Nadia Ops",
      email: "Nadia@P.test",
      password: "nadia-pass",
    });
    expect(added.status).toBe(302);
    const [nadia] = await db.owner
      .select()
      .from(platformStaff)
      .where(eq(platformStaff.email, "nadia@p.test"));
    expect(nadia!.passwordHash).toMatch(/^\$argon2id\$/);
    const before = await staffCount();
    const taken = await post({ intent: "add", name: "Other", email: "nadia@p.test", password: "secret-1" });
    expect(taken.status).toBe(409);
    expect(taken.data.result?.error?.email).toEqual(["auth.emailTaken"]);
    expect((await post({ intent: "add", name: "Abc", email: "x@p.test", password: "secret-1" })).status).toBe(
      400,
    );
    expect((await post({ intent: "add", name: "Good Name", email: "x@", password: "secret-1" })).status).toBe(
      400,
    );
    expect(
      (await post({ intent: "add", name: "Good Name", email: "x@p.test", password: "12345" })).status,
    ).toBe(400);
    expect((await post({ intent: "promote" })).status).toBe(400);
    expect((await post({ name: "Good Name", email: "y@p.test", password: "secret-1" })).status).toBe(400);
    expect(await staffCount()).toBe(before);
  });

  it("removes another account and ends its sessions; never yourself, never an unknown one", async () => {
    const [nadia] = await db.owner
      .select()
      .from(platformStaff)
      .where(eq(platformStaff.email, "nadia@p.test"));
    await staffCookie(nadia!.id);
    expect((await post({ intent: "remove", staffId: me.id })).data.notice?.key).toBe("staff.notYourself");
    expect((await post({ intent: "remove", staffId: uuidv7() })).status).toBe(404);
    expect((await post({ intent: "remove", staffId: "x" })).status).toBe(404);
    expect((await post({ intent: "remove", staffId: nadia!.id })).status).toBe(302);
    expect(await db.owner.select().from(platformStaff).where(eq(platformStaff.id, nadia!.id))).toEqual([]);
    expect(
      await db.owner.select().from(platformSessions).where(eq(platformSessions.staffId, nadia!.id)),
    ).toEqual([]);
  });

  it("lists staff for staff only; store hosts have no such page", async () => {
    const list = await answer<{ staff: { email: string }[]; selfId: string }>(() =>
      loader({
        request: new Request(`${P}/platform/staff`, { headers: { Cookie: me.cookie } }),
        context: platform,
        params: {},
      }),
    );
    expect(list.data.staff.map((s) => s.email)).toEqual(["me@p.test"]);
    const anonymous = await answer(() =>
      loader({ request: new Request(`${P}/platform/staff`), context: platform, params: {} }),
    );
    expect(anonymous.status).toBe(302);
    expect(
      (await post({ intent: "add", name: "Sneaky One", email: "s@p.test", password: "secret-1" }, "")).status,
    ).toBe(302);
    const shop = await createStoreFixture(db, "shop");
    const storeCtx = await contextFor(db, "shop.localhost");
    const shopper = await userCookie(shop.storeId, shop.userId, "http://shop.localhost:3000");
    const onStore = await answer(() =>
      action({
        request: postForm(
          "http://shop.localhost:3000/platform/staff",
          { intent: "add", name: "Sneaky One", email: "s@p.test", password: "secret-1" },
          shopper,
        ),
        context: storeCtx,
        params: {},
      }),
    );
    expect(onStore.status).toBe(404);
    expect(await staffCount()).toBe(1);
  });
});
