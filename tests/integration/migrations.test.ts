/** Migrations on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, rowsOf } from "~/db/client.server";
import { orderItems, orders, tenantTables } from "~/db/schema";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { ORDER_SHIPPING } from "./checkout-fixtures";

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.dispose());

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db.owner.execute(text));

describe("migrations", () => {
  it("apply every migration file once", async () => {
    const files = readdirSync("drizzle").filter((f) => f.endsWith(".sql"));
    const [row] = await query<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBe(files.length);
  });

  it("are a no-op when run again", async () => {
    const before = await query<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    if (db.kind === "postgres") {
      const again = await createDb({
        url: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, "/") + (await currentDatabase()),
      });
      await again.close();
    } else {
      await (db as unknown as { migrate(): Promise<void> }).migrate();
    }
    const after = await query<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after).toEqual(before);
  });

  it("enable and force row-level security with a tenant policy on every tenant table", async () => {
    const rows = await query<{ table: string; enabled: boolean; forced: boolean; policies: string[] }>(sql`
      select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             array(select polname::text from pg_policy p where p.polrelid = c.oid order by 1) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and c.relname = any(${sql.raw(`array[${tenantTables.map((t) => `'${t}'`).join(",")}]`)})`);
    expect(rows.map((r) => r.table).sort()).toEqual([...tenantTables].sort());
    for (const row of rows) {
      expect(row, row.table).toMatchObject({
        enabled: true,
        forced: true,
        policies: ["owner_maintenance", "tenant_isolation"],
      });
    }
  });

  it("leave no table with a store_id column outside the tenant list", async () => {
    const rows = await query<{ table: string }>(sql`
      select table_name as "table" from information_schema.columns
       where table_schema = 'public' and column_name = 'store_id'`);
    const platformTablesWithStoreRef = ["stripe_events"];
    const unscoped = rows
      .map((r) => r.table)
      .filter(
        (t) => !(tenantTables as readonly string[]).includes(t) && !platformTablesWithStoreRef.includes(t),
      );
    expect(unscoped).toEqual([]);
  });

  it("give every tenant table a primary key that starts with store_id", async () => {
    const rows = await query<{ table: string; first: string }>(sql`
      select c.relname as "table", a.attname as first
        from pg_index i join pg_class c on c.oid = i.indrelid
        join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
       where i.indisprimary and c.relnamespace = 'public'::regnamespace`);
    const firstColumn = new Map(rows.map((r) => [r.table, r.first]));
    for (const table of tenantTables) {
      expect(firstColumn.get(table), table).toBe(table === "stores" ? "id" : "store_id");
    }
  });

  it("give an order's lines its created_at as placed_at, whatever the insert says, and keep it so", async () => {
    const store = await createStoreFixture(db, "placed-at");
    const orderId = uuidv7();
    const placed = new Date("2026-03-01T21:30:00Z");
    const linesPlacedAt = () =>
      db.withStore(store.storeId, async (tx) =>
        (
          await tx.select({ at: orderItems.placedAt }).from(orderItems).where(eq(orderItems.orderId, orderId))
        ).map((row) => row.at.toISOString()),
      );
    // As a request would: the row-level-secured app role, in the store's transaction.
    await db.withStore(store.storeId, async (tx) => {
      await tx.insert(orders).values({
        storeId: store.storeId,
        id: orderId,
        number: 1,
        userId: store.userId,
        status: "confirmed",
        paymentStatus: "unpaid",
        paymentMethod: "cod",
        currency: "USD",
        subtotalCents: 3000,
        discountCents: 0,
        shippingCents: 0,
        totalCents: 3000,
        totalQuantity: 3,
        ...ORDER_SHIPPING,
        createdAt: placed,
      });
      const line = {
        storeId: store.storeId,
        orderId,
        productId: store.productId,
        nameEn: "Dye",
        nameAr: "صبغة",
      };
      await tx.insert(orderItems).values([
        { ...line, unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 },
        {
          ...line,
          unitPriceCents: 1000,
          quantity: 2,
          lineTotalCents: 2000,
          placedAt: new Date("2000-01-01"),
        },
      ]);
    });
    expect(await linesPlacedAt()).toEqual([placed.toISOString(), placed.toISOString()]);

    const moved = new Date("2026-02-01T08:00:00Z");
    await db.withStore(store.storeId, (tx) =>
      tx.update(orders).set({ createdAt: moved }).where(eq(orders.id, orderId)),
    );
    expect(await linesPlacedAt()).toEqual([moved.toISOString(), moved.toISOString()]);
    await db.withStore(store.storeId, (tx) =>
      tx
        .update(orderItems)
        .set({ placedAt: new Date("2000-01-01") })
        .where(eq(orderItems.orderId, orderId)),
    );
    expect(await linesPlacedAt()).toEqual([moved.toISOString(), moved.toISOString()]);
  });

  async function currentDatabase() {
    const [row] = await query<{ name: string }>(sql`select current_database() as name`);
    return row!.name;
  }
});
