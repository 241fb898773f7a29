/**
 * The route matrix's write mark (tests/helpers/matrix/checksum.ts): it must move whenever a
 * request writes a tenant row, as the row-level-secured app role does, or the matrix would skip
 * the checksum that catches a refused form that changed something; and it must stay put on a
 * read and on another database's writes, or every probe pays for a full checksum.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeSettings, users } from "~/db/schema";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { changedTables, installWriteCounter, tenantChecksum, writeMark } from "../helpers/matrix/checksum";

let db: TestDb;
let other: TestDb;
let store: StoreFixture;

beforeAll(async () => {
  db = await createTestDb();
  other = await createTestDb({ install: false });
  store = await createStoreFixture(db, "mark");
  await createStoreFixture(other, "elsewhere");
  await installWriteCounter(db);
  // Two embedded databases in one process, when run without a server: slow on a busy machine.
}, 180_000);

afterAll(async () => {
  await db?.dispose();
  await other?.dispose();
});

describe("the route matrix's write mark", () => {
  it("stays put on reads, in this database or another, and on another database's writes", async () => {
    const before = await writeMark(db);
    await db.withStore(store.storeId, (tx) => tx.select().from(users));
    await other.owner.update(users).set({ name: "Elsewhere" });
    await other.owner.execute(sql`select 1`);
    expect(await writeMark(db)).toBe(before);
  });

  it("moves when the app role writes a tenant row, and the checksum names the table", async () => {
    const before = { mark: await writeMark(db), sum: await tenantChecksum(db) };
    await db.withStore(store.storeId, (tx) =>
      tx
        .update(storeSettings)
        .set({ primaryColor: "#112233" })
        .where(eq(storeSettings.storeId, store.storeId)),
    );
    expect(await writeMark(db)).not.toBe(before.mark);
    expect(changedTables(before.sum, await tenantChecksum(db))).toEqual(["store_settings"]);
  });

  it("moves on a write that is rolled back, which the checksum then finds changed nothing", async () => {
    const before = { mark: await writeMark(db), sum: await tenantChecksum(db) };
    await expect(
      db.withStore(store.storeId, async (tx) => {
        await tx.update(users).set({ name: "Refused" }).where(eq(users.id, store.userId));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await writeMark(db)).not.toBe(before.mark);
    expect(changedTables(before.sum, await tenantChecksum(db))).toEqual([]);
  });
});
