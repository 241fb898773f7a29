/**
 * Staff's tenant list and a store's page (issue 12, item 4): search, state filter, keyset pages
 * (none lost or repeated), the detail, suspend and reactivate (the gate closes and opens on the
 * store's host), and refusals: anonymous visitors go to log in, a store's host has no such pages,
 * unknown ids 404, bad intents 400 with nothing changed.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformStaff, stores, users } from "~/db/schema";
import { closedStoreFor } from "~/http/gate.server";
import { action as detailAction, loader as detailLoader } from "~/routes/platform.stores.$id";
import { loader as listLoader } from "~/routes/platform.stores._index";
import type { TenantListRow } from "~/services/platform/platform.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { staffCookie, userCookie } from "../helpers/sessions";

let db: TestDb;
let platform: AppLoadContext;
let staff: string;
let henna: StoreFixture;
const P = "http://localhost:3000";

type Page = { rows: TenantListRow[]; prevCursor: string | null; nextCursor: string | null };
const list = (query = "", cookie = staff) =>
  answer<Page>(() =>
    listLoader({
      request: new Request(`${P}/platform/stores${query}`, { headers: { Cookie: cookie } }),
      context: platform,
      params: {},
    }),
  );
const act = (id: string, fields: Record<string, string>, cookie = staff) =>
  answer(() =>
    detailAction({
      request: postForm(`${P}/platform/stores/${id}`, fields, cookie),
      context: platform,
      params: { id },
    }),
  );

beforeAll(async () => {
  db = await createTestDb();
  platform = await contextFor(db, "localhost");
  const [row] = await db.owner
    .insert(platformStaff)
    .values({ email: "staff@p.test", name: "Staff", passwordHash: "x" })
    .returning({ id: platformStaff.id });
  staff = await staffCookie(row!.id);
  henna = await createStoreFixture(db, "henna-house");
  await db.owner.update(stores).set({ name: "Henna House" }).where(eq(stores.id, henna.storeId));
  // 55 more, 40 of them created in one microsecond-precise instant (the cursor must keep it).
  const now = "2026-06-01 10:00:00.123456+00";
  await db.owner.insert(stores).values(
    Array.from({ length: 55 }, (_, i) => ({
      id: uuidv7(),
      slug: `shop-${String(i).padStart(2, "0")}`,
      name: `Shop ${i}`,
      status: i % 10 === 0 ? ("suspended" as const) : ("active" as const),
      subscriptionCurrentPeriodEnd: i % 10 === 5 ? new Date(Date.now() - 86_400_000) : null,
      createdAt: i < 40 ? sql`${now}::timestamptz` : new Date(Date.UTC(2026, 4, 1, 0, 0, i)),
    })),
  );
});
afterAll(async () => {
  await db.dispose();
});

describe("/platform/stores", () => {
  it("pages every store 25 at a time, newest first, forward and back, none lost or repeated", async () => {
    const seen: TenantListRow[] = [];
    let page = await list();
    expect(page.status).toBe(200);
    expect(page.data.rows[0]!.name).toBe("Henna House");
    const pages = [page];
    while (page.data.nextCursor) {
      page = await list(`?cursor=${page.data.nextCursor}`);
      pages.push(page);
    }
    for (const p of pages) seen.push(...p.data.rows);
    expect(pages.map((p) => p.data.rows.length)).toEqual([25, 25, 6]);
    expect(new Set(seen.map((r) => r.id)).size).toBe(56);
    const back = await list(`?cursor=${pages[2]!.data.prevCursor}`);
    expect(back.data.rows.map((r) => r.id)).toEqual(pages[1]!.data.rows.map((r) => r.id));
  });

  it("searches by name, address or domain and filters by state", async () => {
    expect((await list("?q=henna")).data.rows.map((r) => r.slug)).toEqual(["henna-house"]);
    expect((await list("?q=shop-0")).data.rows).toHaveLength(10);
    // Pattern characters are literal.
    expect((await list("?q=%25")).data.rows).toHaveLength(0);
    expect((await list("?q=_")).data.rows).toHaveLength(0);
    const suspended = (await list("?state=suspended")).data.rows;
    expect(suspended).toHaveLength(6);
    expect(suspended.every((r) => r.state === "suspended")).toBe(true);
    const expired = (await list("?state=expired")).data.rows;
    expect(expired.map((r) => r.state)).toEqual(Array(5).fill("expired"));
    expect((await list("?state=bogus")).data.rows).toHaveLength(25);
  });

  it("shows a store and suspends it: its host shows the notice; reactivating opens it again", async () => {
    const page = await answer<{ store: { name: string; state: string; productCount: number } }>(() =>
      detailLoader({
        request: new Request(`${P}/platform/stores/${henna.storeId}`, { headers: { Cookie: staff } }),
        context: platform,
        params: { id: henna.storeId },
      }),
    );
    expect(page.data.store).toMatchObject({ name: "Henna House", state: "active", productCount: 1 });
    const onHost = async () =>
      closedStoreFor(
        new Request("http://henna-house.localhost:3000/"),
        await contextFor(db, "henna-house.localhost"),
      );

    const suspended = await act(henna.storeId, { intent: "suspend" });
    expect(suspended.status).toBe(302);
    expect(await onHost()).toBe("suspended");
    expect((await list("?state=suspended")).data.rows.map((r) => r.slug)).toContain("henna-house");

    expect((await act(henna.storeId, { intent: "reactivate" })).status).toBe(302);
    expect(await onHost()).toBeNull();
  });

  it("refuses bad intents and unknown stores, changing nothing", async () => {
    const before = await db.owner.select().from(stores).where(eq(stores.id, henna.storeId));
    expect((await act(henna.storeId, { intent: "delete" })).status).toBe(400);
    expect((await act(henna.storeId, {})).status).toBe(400);
    expect((await act(uuidv7(), { intent: "suspend" })).status).toBe(404);
    expect((await act("not-an-id", { intent: "suspend" })).status).toBe(404);
    const missing = await answer(() =>
      detailLoader({
        request: new Request(`${P}/platform/stores/x`, { headers: { Cookie: staff } }),
        context: platform,
        params: { id: "x" },
      }),
    );
    expect(missing.status).toBe(404);
    expect(await db.owner.select().from(stores).where(eq(stores.id, henna.storeId))).toEqual(before);
  });

  it("is for staff only: anonymous → log in; store admins and shoppers have no such page on their host", async () => {
    const anonymous = await list("", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect((await act(henna.storeId, { intent: "suspend" }, "")).status).toBe(302);
    const adminId = uuidv7();
    await db.owner
      .insert(users)
      .values({ storeId: henna.storeId, id: adminId, email: "a@h.test", name: "Admin", isAdmin: true });
    const host = "http://henna-house.localhost:3000";
    const storeCtx = await contextFor(db, "henna-house.localhost");
    for (const cookie of [
      await userCookie(henna.storeId, adminId, host),
      await userCookie(henna.storeId, henna.userId, host),
    ]) {
      const res = await answer(() =>
        listLoader({
          request: new Request(`${host}/platform/stores`, { headers: { Cookie: cookie } }),
          context: storeCtx,
          params: {},
        }),
      );
      expect(res.status).toBe(404);
      const post = await answer(() =>
        detailAction({
          request: postForm(`${host}/platform/stores/${henna.storeId}`, { intent: "suspend" }, cookie),
          context: storeCtx,
          params: { id: henna.storeId },
        }),
      );
      expect(post.status).toBe(404);
    }
    const [row] = await db.owner.select().from(stores).where(eq(stores.id, henna.storeId));
    expect(row!.status).toBe("active");
  });
});
