/**
 * Order search and bulk actions (issue 39 item 4) through the routes, on a real database:
 * - the orders list finds orders by a line's product name (English or Arabic) or SKU as sold,
 *   with keyset pages still paging, and its subquery runs once (hashed), not once per order;
 * - "Mark shipped" / "Mark delivered" on a selection: the orders the order page's rules allow
 *   change (one event each, naming the admin, and the shopper's email), the others are refused
 *   one by one with the order page's own reason; nothing done at all is a 409;
 * - "Print packing slips" (one page of slips, oldest first) and "Export selected" (the CSV of the
 *   chosen orders only);
 * - the products list's Activate, Deactivate, Add to category and Delete (confirmed; ordered
 *   products archived), with refusals by item, in English and Arabic;
 * - another store's ids in a selection change nothing of that store; nothing chosen, too many, a
 *   forged id or an unknown intent → 400 and nothing changed; a shopper → 403.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { emailOutbox, orderEvents, orderItems, orders, products, users } from "~/db/schema";
import { BULK_MAX, type BulkOutcome } from "~/lib/bulk";
import { parseCsv } from "~/lib/csv";
import { action as stepAction } from "~/routes/admin.orders.$number";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin.orders._index";
import { loader as exportLoader } from "~/routes/admin.orders.export[.csv]";
import { loader as slipsLoader } from "~/routes/admin_.orders.packing-slips";
import { action as productsAction } from "~/routes/admin.products._index";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import type { TestDb } from "../helpers/db";
import { explainOutput, type ExplainOutput } from "../helpers/explain";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

const A = "http://bulka.localhost:3000";
let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let adminId: string;
let adminCookie: string;
let shopperCookie: string;
let nextNumber = 3000;

type Status = (typeof orders.$inferSelect)["status"];
type Payment = (typeof orders.$inferSelect)["paymentStatus"];

interface LineSeed {
  productId?: string;
  nameEn?: string;
  nameAr?: string;
  sku?: string | null;
}

/** An order written straight to the table, with its lines (by default one line of a red dye). */
async function seedOrder(
  seed: {
    status?: Status;
    paymentStatus?: Payment;
    storeId?: string;
    lines?: LineSeed[];
    createdAt?: Date;
    email?: string;
  } = {},
): Promise<{ id: string; number: number }> {
  const storeId = seed.storeId ?? alpha.storeId;
  const fixture = storeId === alpha.storeId ? alpha : beta;
  const id = uuidv7();
  const number = ++nextNumber;
  await db.owner.insert(orders).values({
    storeId,
    id,
    number,
    userId: fixture.userId,
    status: seed.status ?? "confirmed",
    paymentStatus: seed.paymentStatus ?? "unpaid",
    paymentMethod: "cod",
    currency: "USD",
    subtotalCents: 2500,
    totalCents: 2500,
    totalQuantity: 2,
    shipFullName: "Sam Shopper",
    shipStreetAddress: "1 Main St",
    shipZipCode: "10001",
    shipCity: "Springfield",
    shipEmail: seed.email ?? "sam@bulk.test",
    shipMobile: "+1 555 0100",
    createdAt: seed.createdAt ?? new Date(),
  });
  for (const line of seed.lines ?? [{}]) {
    await db.owner.insert(orderItems).values({
      storeId,
      orderId: id,
      productId: line.productId ?? fixture.productId,
      nameEn: line.nameEn ?? "Red dye",
      nameAr: line.nameAr ?? "صبغة حمراء",
      sku: line.sku ?? null,
      unitPriceCents: 1250,
      quantity: 2,
      lineTotalCents: 2500,
    });
  }
  return { id, number };
}

/** A POST of fields with repeated names (the list's checkboxes), as a browser form sends it. */
function post(path: string, fields: [string, string][], cookie = adminCookie): Request {
  return new Request(`${A}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: A,
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
}

const idsOf = (ids: string[]): [string, string][] => ids.map((id) => ["ids", id]);

type Answered = { bulk?: BulkOutcome; notice?: { key: string }; confirmDelete?: { products: unknown[] } };

async function ordersBulk(
  intent: string | null,
  ids: string[],
  cookie = adminCookie,
  extra: [string, string][] = [],
) {
  const request = post(
    "/admin/orders?index",
    [...(intent === null ? [] : [["intent", intent] as [string, string]]), ...idsOf(ids), ...extra],
    cookie,
  );
  const context = await contextFor(db, "bulka.localhost", { request });
  return answer<Answered>(() => ordersAction({ request, context, params: {} }));
}

async function productsBulk(
  intent: string,
  ids: string[],
  extra: [string, string][] = [],
  lng: "en" | "ar" = "en",
) {
  const request = post(`/admin/products?index&lng=${lng}`, [["intent", intent], ...idsOf(ids), ...extra]);
  const context = await contextFor(db, "bulka.localhost", { request });
  return answer<Answered>(() => productsAction({ request, context, params: {} }));
}

async function adminGet<T>(loader: (args: LoaderFunctionArgs) => unknown, path: string) {
  const request = new Request(`${A}${path}`, { headers: { Cookie: adminCookie } });
  const context = await contextFor(db, "bulka.localhost", { request });
  return answer<T>(() => loader({ request, context, params: {} }));
}

async function statusOf(id: string): Promise<Status> {
  const [row] = await db.owner.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

async function eventCount(): Promise<number> {
  const [row] = await db.owner.select({ n: sql<number>`count(*)::int` }).from(orderEvents);
  return row!.n;
}

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores({ alpha: "bulka", beta: "bulkb" }));
  adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@bulka.test",
    name: "Olivia Owner",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
});
afterAll(async () => {
  await db?.dispose();
});

describe("orders: Mark shipped and Mark delivered on a selection", () => {
  it("ships three confirmed orders: an event each naming the admin, and each shopper's email", async () => {
    const chosen = [
      await seedOrder({ email: "one@bulk.test" }),
      await seedOrder({ email: "two@bulk.test" }),
      await seedOrder({ email: "three@bulk.test" }),
    ];
    const res = await ordersBulk(
      "ship",
      chosen.map((order) => order.id),
    );
    expect(res.status).toBe(200);
    expect(res.data.bulk).toEqual({
      action: "ship",
      // Newest first, as the list shows them.
      done: [...chosen].reverse().map((order) => ({ id: order.id, label: `#${order.number}` })),
      refused: [],
    });
    for (const order of chosen) expect(await statusOf(order.id)).toBe("shipped");
    const events = await db.owner
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          chosen.map((order) => order.id),
        ),
      );
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actorUserId])).toEqual(
      chosen.map(() => ["confirmed", "shipped", adminId]),
    );
    await deliveriesSettled();
    const mails = await db.owner
      .select({ to: emailOutbox.to, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ["one@bulk.test", "two@bulk.test", "three@bulk.test"]));
    expect(mails.map((mail) => mail.kind)).toEqual(["order-shipped", "order-shipped", "order-shipped"]);
  });

  it("a mixed selection: the allowed orders change, each other one is refused with the order page's reason", async () => {
    const confirmed = await seedOrder({ status: "confirmed" });
    const shipped = await seedOrder({ status: "shipped" });
    const pending = await seedOrder({ status: "pending", paymentStatus: "pending" });
    const cancelled = await seedOrder({ status: "cancelled" });
    const res = await ordersBulk("deliver", [confirmed.id, shipped.id, pending.id, cancelled.id]);
    expect(res.status).toBe(200);
    expect(res.data.bulk!.done).toEqual([{ id: shipped.id, label: `#${shipped.number}` }]);
    expect(res.data.bulk!.refused).toEqual([
      { id: cancelled.id, label: `#${cancelled.number}`, reason: "from.cancelled" },
      { id: pending.id, label: `#${pending.number}`, reason: "from.pending" },
      { id: confirmed.id, label: `#${confirmed.number}`, reason: "from.confirmed" },
    ]);
    expect(await statusOf(shipped.id)).toBe("delivered");
    expect(await statusOf(confirmed.id)).toBe("confirmed");
    expect(await statusOf(pending.id)).toBe("pending");

    // The order's own page refuses the same step with the same reason.
    const request = post(`/admin/orders/${confirmed.number}`, [
      ["intent", "deliver"],
      ["expectedStatus", "confirmed"],
      ["expectedPayment", "unpaid"],
    ]);
    const context = await contextFor(db, "bulka.localhost", { request });
    const single = await answer<Answered>(() =>
      stepAction({ request, context, params: { number: String(confirmed.number) } }),
    );
    expect(single.status).toBe(409);
    expect(single.data.notice?.key).toBe("admin.orders.refused.from.confirmed");
  });

  it("nothing allowed: a 409 that names each order's reason and changes nothing", async () => {
    const delivered = await seedOrder({ status: "delivered" });
    const before = await eventCount();
    const res = await ordersBulk("ship", [delivered.id]);
    expect(res.status).toBe(409);
    expect(res.data.bulk!.refused).toEqual([
      { id: delivered.id, label: `#${delivered.number}`, reason: "from.delivered" },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it("another store's order in the selection is not found and stays as it was", async () => {
    const own = await seedOrder();
    const theirs = await seedOrder({ storeId: beta.storeId });
    const res = await ordersBulk("ship", [own.id, theirs.id]);
    expect(res.status).toBe(200);
    expect(res.data.bulk!.done.map((item) => item.id)).toEqual([own.id]);
    expect(res.data.bulk!.refused).toEqual([{ id: theirs.id, label: null, reason: "notFound" }]);
    expect(await statusOf(theirs.id)).toBe("confirmed");
    const only = await ordersBulk("ship", [theirs.id]);
    expect(only.status).toBe(409);
    expect(await statusOf(theirs.id)).toBe("confirmed");
    const [theirEvents] = await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, theirs.id));
    expect(theirEvents!.n).toBe(0);
  });

  it("nothing chosen, too many, a forged id or an unknown intent: 400 with a message, nothing changed", async () => {
    const order = await seedOrder();
    const before = await eventCount();
    const none = await ordersBulk("ship", []);
    expect(none.status).toBe(400);
    expect(none.data.notice?.key).toBe("admin.bulk.errors.none");
    const many = Array.from({ length: BULK_MAX }, () => uuidv7());
    const tooMany = await ordersBulk("ship", [order.id, ...many]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.notice?.key).toBe("admin.bulk.errors.tooMany");
    const forged = await ordersBulk("ship", [order.id, "1' or '1'='1"]);
    expect(forged.status).toBe(400);
    expect(forged.data.notice?.key).toBe("errors.badRequest");
    for (const intent of ["explode", "cancel", "__proto__", null]) {
      const unknown = await ordersBulk(intent, [order.id]);
      expect(unknown.status, String(intent)).toBe(400);
    }
    expect(await statusOf(order.id)).toBe("confirmed");
    expect(await eventCount()).toBe(before);
    // A shopper may not act on the list at all.
    expect((await ordersBulk("ship", [order.id], shopperCookie)).status).toBe(403);
    expect(await statusOf(order.id)).toBe("confirmed");
  });
});

describe("orders: packing slips and export of a selection", () => {
  it("prints the chosen orders' slips on one page, oldest first; another store's ids are left out", async () => {
    const older = await seedOrder({
      createdAt: new Date("2026-05-01T10:00:00Z"),
      lines: [{ nameEn: "Blue dye", nameAr: "صبغة زرقاء", sku: "BLUE-50" }],
    });
    const newer = await seedOrder({ createdAt: new Date("2026-05-02T10:00:00Z") });
    const theirs = await seedOrder({ storeId: beta.storeId });
    type Slips = { slips: { number: number; lines: { name: string; sku: string | null }[] }[] };
    const res = await adminGet<Slips>(
      slipsLoader,
      `/admin/orders/packing-slips?ids=${newer.id}&ids=${theirs.id}&ids=${older.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.data.slips.map((slip) => slip.number)).toEqual([older.number, newer.number]);
    expect(res.data.slips[0]!.lines).toEqual([expect.objectContaining({ name: "Blue dye", sku: "BLUE-50" })]);
    const arabic = await adminGet<Slips>(slipsLoader, `/admin/orders/packing-slips?ids=${older.id}&lng=ar`);
    expect(arabic.data.slips[0]!.lines[0]!.name).toBe("صبغة زرقاء");

    expect((await adminGet(slipsLoader, `/admin/orders/packing-slips?ids=${theirs.id}`)).status).toBe(404);
    const none = await adminGet<Answered>(slipsLoader, "/admin/orders/packing-slips");
    expect(none.status).toBe(400);
    expect(none.data.notice?.key).toBe("admin.bulk.errors.none");
    expect((await adminGet(slipsLoader, "/admin/orders/packing-slips?ids=nope")).status).toBe(400);
  });

  it("exports only the chosen orders", async () => {
    const a = await seedOrder();
    const b = await seedOrder();
    await seedOrder();
    const theirs = await seedOrder({ storeId: beta.storeId });
    const res = await adminGet<string>(
      exportLoader,
      `/admin/orders/export.csv?ids=${a.id}&ids=${b.id}&ids=${theirs.id}`,
    );
    expect(res.status).toBe(200);
    expect(
      parseCsv(res.data)
        .slice(1)
        .map((row) => Number(row[0])),
    ).toEqual([b.number, a.number]);
    expect((await adminGet(exportLoader, "/admin/orders/export.csv?ids=")).status).toBe(400);
  });
});

describe("orders: search by a line's product name or SKU", () => {
  type List = { rows: { number: number }[]; nextCursor: string | null };
  const list = async (query: string, cursor?: string | null) => {
    const res = await adminGet<List>(
      ordersLoader,
      `/admin/orders?q=${encodeURIComponent(query)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.status).toBe(200);
    return res.data;
  };
  let saffron: { number: number };
  let barcode: { number: number };

  beforeAll(async () => {
    saffron = await seedOrder({
      lines: [{}, { nameEn: "Saffron Yellow Silk Dye", nameAr: "صبغة حرير زعفرانية", sku: "SAF-YEL-250" }],
    });
    barcode = await seedOrder({ lines: [{ nameEn: "Indigo", sku: "4006381333931" }] });
    // Store B's order with the same product: never found from store A.
    await seedOrder({
      storeId: beta.storeId,
      lines: [{ nameEn: "Saffron Yellow Silk Dye", sku: "SAF-YEL-250" }],
    });
  });

  it("finds an order by a line's name in either language, or its SKU, case-insensitively", async () => {
    expect((await list("saffron yellow")).rows.map((row) => row.number)).toEqual([saffron.number]);
    expect((await list("زعفرانية")).rows.map((row) => row.number)).toEqual([saffron.number]);
    expect((await list("saf-yel")).rows.map((row) => row.number)).toEqual([saffron.number]);
    // Digits alone: an order number or a SKU (a barcode).
    expect((await list("4006381333931")).rows.map((row) => row.number)).toEqual([barcode.number]);
    expect((await list(String(saffron.number))).rows.map((row) => row.number)).toEqual([saffron.number]);
    expect((await list("no-such-thing")).rows).toEqual([]);
  });

  it("pages through many matches with the keyset cursor", async () => {
    const made: number[] = [];
    for (let i = 0; i < 27; i += 1) {
      const order = await seedOrder({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        lines: [{ nameEn: "Pager Green", sku: `PAGE-${i}` }],
      });
      made.push(order.number);
    }
    const first = await list("pager green");
    expect(first.rows).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await list("pager green", first.nextCursor);
    expect([...first.rows, ...second.rows].map((row) => row.number)).toEqual([...made].reverse());
    expect(second.nextCursor).toBeNull();
  });

  interface PlanNode {
    "Node Type": string;
    "Relation Name"?: string;
    "Function Name"?: string;
    "Index Name"?: string;
    "Actual Loops"?: number;
    Plans?: PlanNode[];
  }
  const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

  it("the function's statement is one the orders' and lines' trigram indexes serve (as it runs it)", async () => {
    // Which index the planner picks depends on how many rows the store has (its own rows are
    // cheaper to read below some thousands; tests/bench/admin.ts measures a large store). What
    // this proves is that the statement's conditions are the indexes' expressions: with the
    // tables' other indexes dropped, in a transaction rolled back, the trigram indexes serve it.
    let plan: ExplainOutput<PlanNode> | undefined;
    await db.owner
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`
          do $$ declare r record; begin
            for r in select conrelid, conname from pg_constraint
                      where conrelid in ('orders'::regclass, 'order_items'::regclass) and contype in ('p', 'u') loop
              execute format('alter table %s drop constraint %I cascade', r.conrelid::regclass, r.conname);
            end loop;
            for r in select indexname from pg_indexes
                      where tablename in ('orders', 'order_items') and indexname not like '%_search_trgm_idx' loop
              execute format('drop index %I', r.indexname);
            end loop;
          end $$`);
        const [row] = rowsOf<{ statement: string }>(
          await tx.execute(
            sql`select order_search_query(${alpha.storeId}::uuid, ${"%saf-yel%"}, null, 501) as statement`,
          ),
        );
        plan = explainOutput<PlanNode>(await tx.execute(sql.raw(`explain (format json) ${row!.statement}`)));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    const indexes = nodes(plan!.Plan).flatMap((node) => (node["Index Name"] ? [node["Index Name"]] : []));
    expect(indexes.sort(), JSON.stringify(plan!.Plan)).toEqual([
      "order_items_search_trgm_idx",
      "orders_search_trgm_idx",
    ]);
    const still = rowsOf<{ count: number }>(
      await db.owner.execute(
        sql`select count(*)::int as count from pg_indexes where tablename = 'order_items'`,
      ),
    );
    expect(still[0]!.count).toBeGreaterThan(4);
  });

  it("finds nothing without a store or a pattern", async () => {
    const ids = async (pattern: string) =>
      rowsOf<{ id: string }>(
        await db.withPlatform((tx) =>
          tx.execute(sql`select id from order_search_ids(${pattern}, null, 501)`),
        ),
      );
    expect(await ids("%saf-yel%")).toEqual([]);
    const inStore = await db.withStore(alpha.storeId, (tx) =>
      tx.execute(sql`select id from order_search_ids(${""}, null, 501)`),
    );
    expect(rowsOf(inStore)).toEqual([]);
  });
});

describe("products: Activate, Deactivate, Add to category, Delete on a selection", () => {
  async function product(fields: {
    nameEn: string;
    nameAr: string;
    active?: boolean;
    storeId?: string;
    categoryId?: string | null;
  }): Promise<string> {
    const id = uuidv7();
    const storeId = fields.storeId ?? alpha.storeId;
    await db.owner.insert(products).values({
      storeId,
      id,
      slug: `p-${id.slice(-12)}`,
      nameEn: fields.nameEn,
      nameAr: fields.nameAr,
      priceCents: 1000,
      stock: 3,
      active: fields.active ?? true,
      categoryId: fields.categoryId ?? null,
    });
    return id;
  }
  async function row(id: string) {
    const [found] = await db.owner.select().from(products).where(eq(products.id, id));
    return found;
  }

  it("deactivates and activates, refusing the products already so, in the admin's language", async () => {
    const on = await product({ nameEn: "Amber", nameAr: "كهرماني" });
    const off = await product({ nameEn: "Bronze", nameAr: "برونزي", active: false });
    const theirs = await product({ nameEn: "Theirs", nameAr: "لهم", storeId: beta.storeId });
    const res = await productsBulk("deactivate", [on, off, theirs]);
    expect(res.status).toBe(200);
    expect(res.data.bulk).toMatchObject({
      action: "deactivate",
      done: [{ id: on, label: "Amber" }],
      refused: [
        { id: off, label: "Bronze", reason: "alreadyInactive" },
        { id: theirs, label: null, reason: "notFound" },
      ],
    });
    expect((await row(on))!.active).toBe(false);
    expect((await row(theirs))!.active).toBe(true);
    const arabic = await productsBulk("activate", [on, off], [], "ar");
    expect(arabic.status).toBe(200);
    expect(arabic.data.bulk!.done.map((item) => item.label).sort()).toEqual(["برونزي", "كهرماني"]);
    expect((await row(off))!.active).toBe(true);
    const again = await productsBulk("activate", [on]);
    expect(again.status).toBe(409);
    expect(again.data.bulk!.refused).toEqual([{ id: on, label: "Amber", reason: "alreadyActive" }]);
  });

  it("puts products in a category (a sub category under its parent); another store's category is refused", async () => {
    const a = await product({ nameEn: "Cobalt", nameAr: "كوبالت" });
    const b = await product({ nameEn: "Denim", nameAr: "دنيم", categoryId: alpha.categoryId });
    await db.owner.update(products).set({ subcategoryId: alpha.subcategoryId }).where(eq(products.id, b));
    const res = await productsBulk("category", [a, b], [["categoryId", alpha.subcategoryId]]);
    expect(res.status).toBe(200);
    expect(res.data.bulk).toMatchObject({
      done: [{ id: a, label: "Cobalt" }],
      refused: [{ id: b, reason: "alreadyInCategory" }],
      params: { category: "Sub" },
    });
    expect(await row(a)).toMatchObject({ categoryId: alpha.categoryId, subcategoryId: alpha.subcategoryId });
    const top = await productsBulk("category", [a], [["categoryId", alpha.categoryId]]);
    expect(await row(a)).toMatchObject({ categoryId: alpha.categoryId, subcategoryId: null });
    expect(top.status).toBe(200);

    const foreign = await productsBulk("category", [a], [["categoryId", beta.categoryId]]);
    expect(foreign.status).toBe(404);
    expect(foreign.data.notice?.key).toBe("admin.products.bulk.errors.categoryNotFound");
    const none = await productsBulk("category", [a], [["categoryId", ""]]);
    expect(none.status).toBe(400);
    expect(none.data.notice?.key).toBe("admin.products.bulk.errors.categoryRequired");
    expect(await row(a)).toMatchObject({ categoryId: alpha.categoryId, subcategoryId: null });
  });

  it("deletes only once confirmed; ordered products are archived; another store's are untouched", async () => {
    const plain = await product({ nameEn: "Ecru", nameAr: "إكرو" });
    const ordered = await product({ nameEn: "Fuchsia", nameAr: "فوشيا" });
    await seedOrder({ lines: [{ productId: ordered }] });
    const theirs = await product({ nameEn: "Theirs too", nameAr: "لهم أيضا", storeId: beta.storeId });

    const ask = await productsBulk("delete", [plain, ordered, theirs]);
    expect(ask.status).toBe(200);
    expect(ask.data.confirmDelete?.products).toEqual([
      { id: plain, label: "Ecru" },
      { id: ordered, label: "Fuchsia" },
    ]);
    expect(await row(plain)).toBeDefined();

    const res = await productsBulk("delete", [plain, ordered, theirs], [["confirm", "yes"]]);
    expect(res.status).toBe(200);
    expect(res.data.bulk).toMatchObject({
      action: "delete",
      done: [{ id: plain, label: "Ecru" }],
      archived: [{ id: ordered, label: "Fuchsia" }],
      refused: [{ id: theirs, label: null, reason: "notFound" }],
    });
    expect(await row(plain)).toBeUndefined();
    expect((await row(ordered))!.active).toBe(false);
    expect((await row(theirs))!.active).toBe(true);
  });

  it("nothing chosen, a forged id, a bad confirmation or an unknown intent: 400, nothing changed", async () => {
    const id = await product({ nameEn: "Garnet", nameAr: "عقيقي" });
    expect((await productsBulk("deactivate", [])).data.notice?.key).toBe("admin.bulk.errors.none");
    expect((await productsBulk("deactivate", [id, "x"])).status).toBe(400);
    expect((await productsBulk("delete", [id], [["confirm", "maybe"]])).status).toBe(400);
    expect((await productsBulk("publish", [id])).status).toBe(400);
    expect((await row(id))!.active).toBe(true);
    const request = post(
      "/admin/products?index",
      [
        ["intent", "deactivate"],
        ["ids", id],
      ],
      shopperCookie,
    );
    const context = await contextFor(db, "bulka.localhost", { request });
    expect((await answer(() => productsAction({ request, context, params: {} }))).status).toBe(403);
    expect((await row(id))!.active).toBe(true);
    const [others] = await db.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.storeId, beta.storeId), eq(products.active, false)));
    expect(others!.n).toBe(0);
  });
});
