/**
 * Row-level security: inside store A's scope, nothing of store B can be read, joined, changed
 * or created, and the app role cannot switch the protection off.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidStoreIdError, rowsOf, type Tx } from "~/db/client.server";
import { categories, products, stores, tenantTables, users } from "~/db/schema";
import { filterConditions, searchPage } from "~/services/catalog/catalog.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

let db: TestDb;
let a: StoreFixture;
let b: StoreFixture;

beforeAll(async () => {
  db = await createTestDb();
  a = await createStoreFixture(db, "alpha");
  b = await createStoreFixture(db, "beta");
});
afterAll(() => db.dispose());

type PgError = { code?: string; message?: string };

/** The Postgres error of a rejected promise, looking through drizzle's wrapper. */
async function pgError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as PgError & { cause?: PgError };
    const pg = e.code ? e : (e.cause ?? {});
    return { code: pg.code ?? "unknown", message: pg.message ?? String(error) };
  }
  return { code: "no error", message: "" };
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  return (await pgError(promise)).code;
}

/** Expects the row-level security refusal itself, not just any error (a typo would pass that). */
async function expectRlsRefusal(promise: Promise<unknown>) {
  const error = await pgError(promise);
  expect(error.code).toBe("42501"); // insufficient_privilege
  expect(error.message).toMatch(/row-level security/);
}

/** Row counts of every tenant table, read in `tx`. */
async function tenantRowCounts(tx: Tx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tenantTables) {
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from ${table}`)));
    counts[table] = row!.n;
  }
  return counts;
}

describe("inside store A's scope", () => {
  it("sees its own product by id", async () => {
    const rows = await db.withStore(a.storeId, (tx) =>
      tx.select({ id: products.id }).from(products).where(eq(products.id, a.productId)),
    );
    expect(rows).toEqual([{ id: a.productId }]);
  });

  it("finds nothing of store B by id, even naming B's store_id", async () => {
    const rows = await db.withStore(a.storeId, (tx) =>
      tx
        .select()
        .from(products)
        .where(and(eq(products.storeId, b.storeId), eq(products.id, b.productId))),
    );
    expect(rows).toEqual([]);
  });

  it("joins only its own rows", async () => {
    const rows = await db.withStore(a.storeId, (tx) =>
      tx
        .select({ product: products.id, category: categories.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId)),
    );
    expect(rows).toEqual([{ product: a.productId, category: a.categoryId }]);
  });

  it("counts only its own rows in every table it can see", async () => {
    const [row] = await db.withStore(a.storeId, (tx) =>
      tx
        .select({
          stores: sql<number>`(select count(*)::int from stores)`,
          users: sql<number>`(select count(*)::int from users)`,
        })
        .from(sql`(select 1) one`),
    );
    expect(row).toEqual({ stores: 1, users: 1 });
  });

  it("updates and deletes nothing of store B", async () => {
    const updated = await db.withStore(a.storeId, (tx) =>
      tx.update(products).set({ priceCents: 1 }).where(eq(products.id, b.productId)).returning(),
    );
    const deleted = await db.withStore(a.storeId, (tx) =>
      tx.delete(users).where(eq(users.id, b.userId)).returning(),
    );
    expect(updated).toEqual([]);
    expect(deleted).toEqual([]);
    const [still] = await db.owner.select().from(products).where(eq(products.id, b.productId));
    expect(still?.priceCents).toBe(1250);
    expect(await db.owner.select().from(users).where(eq(users.id, b.userId))).toHaveLength(1);
  });

  it("cannot insert a row for store B", async () => {
    // new row violates row-level security policy
    await expectRlsRefusal(
      db.withStore(a.storeId, (tx) =>
        tx.insert(users).values({ storeId: b.storeId, email: "intruder@x.test", name: "Intruder" }),
      ),
    );
    expect(await db.owner.select().from(users).where(eq(users.email, "intruder@x.test"))).toEqual([]);
  });

  it("cannot move its own row into store B", async () => {
    await expectRlsRefusal(
      db.withStore(a.storeId, (tx) =>
        tx.update(users).set({ storeId: b.storeId }).where(eq(users.id, a.userId)),
      ),
    );
    const [user] = await db.owner.select().from(users).where(eq(users.id, a.userId));
    expect(user?.storeId).toBe(a.storeId);
  });

  it("cannot rename or delete stores, even its own", async () => {
    expect(
      await errorCode(
        db.withStore(a.storeId, (tx) =>
          tx.update(stores).set({ slug: "hijack" }).where(eq(stores.id, a.storeId)),
        ),
      ),
    ).toBe("42501");
    expect(await errorCode(db.withStore(a.storeId, (tx) => tx.delete(stores)))).toBe("42501");
  });
});

describe("the app role", () => {
  it("is who request queries run as, with no superuser or bypass rights", async () => {
    const [row] = rowsOf<{ who: string; superuser: boolean; bypass: boolean; owns: number }>(
      await db.withStore(a.storeId, (tx) =>
        tx.execute(sql`select current_user as who, rolsuper as superuser, rolbypassrls as bypass,
          (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
          from pg_roles r where rolname = current_user`),
      ),
    );
    expect(row).toEqual({ who: "storefront_app", superuser: false, bypass: false, owns: 0 });
  });

  it("cannot disable row-level security", async () => {
    expect(
      await errorCode(
        db.withStore(a.storeId, (tx) => tx.execute(sql`alter table products disable row level security`)),
      ),
    ).toBe("42501"); // must be owner
    expect(
      await errorCode(
        db.withStore(a.storeId, (tx) => tx.execute(sql`alter table products no force row level security`)),
      ),
    ).toBe("42501");
  });

  it("cannot read around the policy with row_security off", async () => {
    // query would be affected by row-level security policy
    await expectRlsRefusal(
      db.withStore(a.storeId, async (tx) => {
        await tx.execute(sql`set local row_security = off`);
        return tx.select().from(products);
      }),
    );
  });

  it("cannot see another store by changing app.store_id to garbage", async () => {
    const code = await errorCode(
      db.withStore(a.storeId, async (tx) => {
        await tx.execute(sql`select set_config('app.store_id', 'not-a-uuid', true)`);
        return tx.select().from(products);
      }),
    );
    expect(code).toBe("22P02"); // invalid input syntax for type uuid
  });

  it("sees no tenant rows outside a store scope", async () => {
    const rows = await db.withPlatform((tx) => tx.select().from(products));
    expect(rows).toEqual([]);
  });

  it("reads zero rows of every tenant table with the tenant empty or never set", async () => {
    const none = Object.fromEntries(tenantTables.map((table) => [table, 0]));
    // The owner sees rows in all of these (so zero below is the policy, not an empty table) …
    const owned = await db.owner.transaction(tenantRowCounts);
    expect(owned.products).toBeGreaterThan(0);
    expect(owned.users).toBeGreaterThan(0);
    // … the app role with app.store_id = '' sees none …
    expect(await db.withPlatform(tenantRowCounts)).toEqual(none);
    // … nor with app.store_id never set in the session at all.
    const unset = await db.owner.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'storefront_app', true)`);
      const [setting] = rowsOf<{ value: string | null }>(
        await tx.execute(sql`select current_setting('app.store_id', true) as value`),
      );
      return { setting: setting?.value ?? null, counts: await tenantRowCounts(tx) };
    });
    expect(unset.counts).toEqual(none);
    expect(unset.setting ?? "").toBe("");
  });

  it.runIf(process.env.TEST_DATABASE_URL)("cannot step back to the owner on PostgreSQL", async () => {
    const rows = await db.withStore(a.storeId, async (tx) => {
      await tx.execute(sql`reset role`);
      return tx.select({ id: products.id }).from(products);
    });
    expect(rows).toEqual([{ id: a.productId }]);
  });

  it("has no id-based search function left (0026_drop_catalog_search_ids)", async () => {
    const [row] = rowsOf<{ fn: string | null }>(
      await db.owner.execute(sql`select to_regprocedure('catalog_search_ids(text[], integer)')::text as fn`),
    );
    expect(row?.fn).toBeNull();
  });

  it("lists a search's matching rows (catalog_search_rows) only within its own store", async () => {
    // catalog_search_rows runs as the table owner (so the search index can be used,
    // 0025_catalog_search_rows) and must scope itself. Both stores' products are "… red dye"; "beta" is only in store B's.
    const rows = (patterns: string[]) => (tx: Tx) =>
      tx.execute(
        sql`select id, store_id from catalog_search_rows(${`{${patterns.join(",")}}`}::text[], null)`,
      );
    const ids = (result: unknown) => rowsOf<{ id: string; store_id: string }>(result).map((row) => row.id);
    expect(ids(await db.withStore(a.storeId, rows(["%red dye%"])))).toEqual([a.productId]);
    expect(ids(await db.withStore(b.storeId, rows(["%red dye%"])))).toEqual([b.productId]);
    // Everything store A's scope can match is store A's.
    const all = rowsOf<{ id: string; store_id: string }>(await db.withStore(a.storeId, rows(["%"])));
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((row) => row.store_id === a.storeId)).toBe(true);
    expect(all.map((row) => row.id)).not.toContain(b.productId);
    expect(ids(await db.withStore(a.storeId, rows(["%beta%"])))).toEqual([]);
    // No store: nothing, on the platform's scope and with app.store_id never set.
    expect(ids(await db.withPlatform(rows(["%red dye%"])))).toEqual([]);
    const unset = await db.owner.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'storefront_app', true)`);
      return ids(await rows(["%"])(tx));
    });
    expect(unset).toEqual([]);
    // The listing's statement over it, asked for store B's products by store id (and by a cursor
    // on B's product) inside store A's scope, lists and counts nothing.
    const conditions = filterConditions(
      b.storeId,
      { categoryId: null, subcategoryId: null, min: 0, max: 10_000, q: "" },
      "USD",
    );
    const cursor = { sort: "best-seller" as const, key: 1_000_000, id: b.productId, dir: "next" as const };
    for (const at of [null, cursor]) {
      const listed = await db.withStore(a.storeId, (tx) =>
        searchPage(tx, ["%red dye%"], conditions, "best-seller", at),
      );
      expect(listed).toEqual({ rows: [], total: 0 });
    }
    // Its query builders are the owner's alone.
    for (const builder of [
      sql`select catalog_search_rows_query(${b.storeId}::uuid, array['%'], null)`,
      sql`select catalog_search_statement('*', ${b.storeId}::uuid, array['%'], null)`,
    ]) {
      expect(await errorCode(db.withStore(a.storeId, (tx) => tx.execute(builder)))).toBe("42501");
    }
  });

  it("refuses a store id that is not a uuid before reaching the database", async () => {
    await expect(db.withStore("alpha' or 1=1 --", async () => 1)).rejects.toBeInstanceOf(InvalidStoreIdError);
  });
});
