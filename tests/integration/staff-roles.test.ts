/**
 * Staff roles and the activity log (issue 36, decision 041) on the demo store: presets open what
 * they hold and get 403 (with the page's message) elsewhere; a role change counts on the next
 * request; an unknown intent is a 400 before any permission; the order step a packer takes is in
 * the log with their name, in the change's transaction (a rollback leaves no entry); the app role
 * cannot UPDATE or DELETE the log; the menu shows only what the role opens.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { auditLog, orders, stores, users } from "~/db/schema";
import { seedDemo } from "~/db/seed";
import { recordAudit } from "~/services/audit/audit.server";
import { loader as layoutLoader } from "~/routes/admin";
import { loader as activityLoader } from "~/routes/admin.activity";
import { loader as activityCsv } from "~/routes/admin.activity.export[.csv]";
import { loader as categoryLoader } from "~/routes/admin.categories.$id";
import { action as orderAction } from "~/routes/admin.orders.$number";
import { loader as ordersLoader } from "~/routes/admin.orders._index";
import { action as importAction } from "~/routes/admin.products.import";
import { loader as reviewsLoader } from "~/routes/admin.reviews";
import { loader as paymentLoader, action as paymentAction } from "~/routes/admin.storesetting.paymentOptions";
import { createTestDb, type TestDb } from "../helpers/db";
import { MATRIX_STORES } from "../helpers/matrix/demo";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const HOST = "dyes.localhost";
const ORIGIN = `http://${HOST}:3000`;
let db: TestDb;
let ctx: AppLoadContext;
let storeId: string;
const ids: Record<"owner" | "orders" | "support", string> = { owner: "", orders: "", support: "" };
const cookie: Record<"owner" | "orders" | "support", string> = { owner: "", orders: "", support: "" };

const get = (path: string, who: keyof typeof cookie) =>
  new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie[who] } });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: ctx, params });

beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db, { stores: MATRIX_STORES });
  ctx = await contextFor(db, HOST);
  const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, "dyes"));
  storeId = store!.id;
  for (const [who, email] of [
    ["owner", "admin@dyes.test"],
    ["orders", "orders@dyes.test"],
    ["support", "support@dyes.test"],
  ] as const) {
    const [user] = await db.owner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, email)));
    ids[who] = user!.id;
    cookie[who] = await userCookie(storeId, user!.id, ORIGIN);
  }
});

afterAll(async () => {
  await db?.close();
});

describe("permissions", () => {
  it("the Orders preset opens the orders and gets 403 with the page's message on payment options", async () => {
    expect((await answer(() => ordersLoader(args(get("/admin/orders", "orders"))))).status).toBe(200);
    const refused = await answer<{ notice: { key: string } }>(() =>
      paymentLoader(args(get("/admin/storesetting/paymentOptions", "orders"))),
    );
    expect(refused.status).toBe(403);
    expect(refused.data.notice.key).toBe("staffRoles.forbidden");
  });

  it("a forbidden action changes nothing", async () => {
    const before = await db.owner.execute(
      sql`select cash_on_delivery_enabled as cod, cod_fee_cents as fee from store_settings where store_id = ${storeId}`,
    );
    const refused = await answer(() =>
      paymentAction(
        args(
          postForm(
            `${ORIGIN}/admin/storesetting/paymentOptions`,
            { intent: "cod", codFee: "999" },
            cookie.orders,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(403);
    const after = await db.owner.execute(
      sql`select cash_on_delivery_enabled as cod, cod_fee_cents as fee from store_settings where store_id = ${storeId}`,
    );
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });

  it("the Owner opens a record page whose id is 'new' (GET /admin/categories/new)", async () => {
    const page = await answer(() =>
      categoryLoader(args(get("/admin/categories/new", "owner"), { id: "new" })),
    );
    expect(page.status).toBe(200);
  });

  it("an unknown intent is a 400 before any permission, for the Owner and for a preset without the permission", async () => {
    for (const who of ["owner", "support"] as const) {
      for (const intent of ["__proto__", "toString", "constructor", ""]) {
        const refused = await answer(() =>
          importAction(args(postForm(`${ORIGIN}/admin/products/import`, { intent }, cookie[who]))),
        );
        expect(refused.status, `${who} ${intent}`).toBe(400);
      }
    }
    // A known intent without the permission: 403.
    const forbidden = await answer(() =>
      importAction(args(postForm(`${ORIGIN}/admin/products/import`, { intent: "preview" }, cookie.support))),
    );
    expect(forbidden.status).toBe(403);
  });

  it("a role change counts on the person's next request; removing the admin flag ends admin access", async () => {
    expect((await answer(() => reviewsLoader(args(get("/admin/reviews", "orders"))))).status).toBe(403);
    await db.owner.update(users).set({ staffPreset: "support" }).where(eq(users.id, ids.orders));
    expect((await answer(() => reviewsLoader(args(get("/admin/reviews", "orders"))))).status).toBe(200);
    await db.owner.update(users).set({ isAdmin: false }).where(eq(users.id, ids.orders));
    expect((await answer(() => ordersLoader(args(get("/admin/orders", "orders"))))).status).toBe(403);
    await db.owner
      .update(users)
      .set({ isAdmin: true, staffPreset: "orders" })
      .where(eq(users.id, ids.orders));
    expect((await answer(() => ordersLoader(args(get("/admin/orders", "orders"))))).status).toBe(200);
  });

  it("the layout hands the menu only the permissions the role holds", async () => {
    const layout = await answer<{ permissions: string[] }>(() =>
      layoutLoader(args(get("/admin/orders", "orders"))),
    );
    expect(layout.data.permissions.sort()).toEqual(["customers.view", "orders.edit", "orders.view"]);
  });
});

describe("activity log", () => {
  it("a packer marking an order shipped appears in the log with their name, in the same transaction", async () => {
    const [order] = await db.owner
      .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.status, "confirmed")))
      .limit(1);
    expect(order, "a confirmed demo order").toBeTruthy();
    const done = await answer(() =>
      orderAction(
        args(
          postForm(
            `${ORIGIN}/admin/orders/${order!.number}`,
            { intent: "ship", expectedStatus: order!.status, expectedPayment: order!.paymentStatus },
            cookie.orders,
          ),
          { number: String(order!.number) },
        ),
      ),
    );
    expect(done.status).toBe(302);
    const [entry] = await db.owner
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.storeId, storeId),
          eq(auditLog.action, "order.ship"),
          eq(auditLog.entityId, String(order!.number)),
        ),
      );
    expect(entry).toMatchObject({
      actorId: ids.orders,
      actorName: "Omar Saleh",
      actorEmail: "orders@dyes.test",
      entityType: "order",
      changes: { status: ["confirmed", "shipped"] },
      ip: "203.0.113.7",
    });
    // The owner sees it on /admin/activity, filtered by the packer; the Orders preset may not.
    const page = await answer<{ rows: { action: string; actorName: string }[] }>(() =>
      activityLoader(args(get(`/admin/activity?person=${ids.orders}`, "owner"))),
    );
    expect(page.status).toBe(200);
    expect(page.data.rows.some((row) => row.action === "order.ship" && row.actorName === "Omar Saleh")).toBe(
      true,
    );
    expect((await answer(() => activityLoader(args(get("/admin/activity", "orders"))))).status).toBe(403);
    const csv = await answer<string>(() =>
      activityCsv(args(get("/admin/activity/export.csv?type=order", "owner"))),
    );
    expect(csv.status).toBe(200);
    expect(csv.data).toContain("orders@dyes.test");
    expect(csv.data).toContain("order.ship");
  });

  it("has entries from the demo's own setup", async () => {
    const rows = rowsOf<{ action: string }>(
      await db.owner.execute(
        sql`select action from audit_log where store_id = ${storeId} and actor_id = ${ids.owner}`,
      ),
    );
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(["store.open", "staff.add"]));
  });

  it("a rolled-back change leaves no entry", async () => {
    const count = async () =>
      Number(
        rowsOf<{ n: number }>(
          await db.owner.execute(sql`select count(*)::int as n from audit_log where store_id = ${storeId}`),
        )[0]!.n,
      );
    const before = await count();
    await expect(
      db.withStore(storeId, async (tx) => {
        await recordAudit(tx, storeId, {
          action: "settings.update",
          entityType: "settings",
          changes: { a: [1, 2] },
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await count()).toBe(before);
  });

  it("the app role may insert and read the log but not update or delete it", async () => {
    const code = async (run: Promise<unknown>) => {
      try {
        await run;
        return "no error";
      } catch (error) {
        const e = error as { code?: string; cause?: { code?: string } };
        return e.code ?? e.cause?.code ?? "unknown";
      }
    };
    expect(await code(db.withStore(storeId, (tx) => tx.update(auditLog).set({ action: "forged" })))).toBe(
      "42501",
    );
    expect(await code(db.withStore(storeId, (tx) => tx.delete(auditLog)))).toBe("42501");
    expect(await code(db.withStore(storeId, (tx) => tx.select().from(auditLog).limit(1)))).toBe("no error");
  });

  it("never writes a secret field", async () => {
    await db.withStore(storeId, (tx) =>
      recordAudit(tx, storeId, {
        action: "settings.update",
        entityType: "settings",
        entityLabel: "secret-test",
        changes: { passwordHash: ["a", "b"], stripeSecret: ["c", "d"], name: ["x", "y"] },
      }),
    );
    const [entry] = await db.owner.select().from(auditLog).where(eq(auditLog.entityLabel, "secret-test"));
    expect(entry!.changes).toEqual({ name: ["x", "y"] });
  });
});
