/**
 * Issue 42 D6 on the production server (server.ts and the build): a NUL character in a list's
 * search was a 500 (PostgreSQL 22021, text cannot hold U+0000) on every admin list, the orders
 * CSV and the platform's store list. The edge answers any target carrying one 400 with the
 * reason, for every route at once; a form field carrying one is refused 400 by readForm, and
 * nothing is written. PostgreSQL only (TEST_DATABASE_URL), as the other production-server tests.
 */
import { existsSync } from "node:fs";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "~/db/client.server";
import { contactRequests, platformStaff, products, stores, users } from "~/db/schema";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-database";
import { staffCookie, userCookie } from "../helpers/sessions";
import { send, SESSION_SECRET, startInstance, stopInstance, STORE, type Instance } from "./faults-support";

const serverUrl = process.env.TEST_DATABASE_URL;
const REASON = "the address holds a NUL character (%00)";

describe.skipIf(!serverUrl)("NUL characters in requests to the production server", () => {
  let database: ScratchDatabase;
  let instance: Instance;
  let db: Db;
  let storeId: string;
  let adminCookie: string;
  let staff: string;

  beforeAll(async () => {
    if (!existsSync("build/server/index.js")) throw new Error("needs the build: npx remix vite:build");
    process.env.SESSION_SECRET = SESSION_SECRET;
    database = await createScratchDatabase(serverUrl!, "nulinput");
    instance = await startInstance({ DATABASE_URL: database.url, APP_DATABASE_URL: database.appUrl });
    db = await createDb({ url: database.url, appUrl: database.appUrl, max: 2, migrate: false });
    setDb(db);
    const [store] = await db.owner.select({ id: stores.id }).from(stores).where(eq(stores.slug, STORE));
    storeId = store!.id;
    const [admin] = await db.owner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, "admin@dyes.test")));
    adminCookie = await userCookie(storeId, admin!.id, `http://${STORE}.localhost`);
    const [member] = await db.owner.select({ id: platformStaff.id }).from(platformStaff).limit(1);
    staff = await staffCookie(member!.id, "http://www.localhost");
  }, 180_000);

  afterAll(async () => {
    await stopInstance(instance);
    setDb(undefined);
    await db?.close();
    await database?.drop();
  }, 60_000);

  it.each([
    "/admin/products?q=a%00b",
    "/admin/orders?q=a%00b",
    "/admin/discounts?q=a%00b",
    "/admin/users?q=a%00b",
    "/admin/reviews?q=a%00b",
    "/admin/orders/export.csv?q=a%00b",
    "/admin/products.data?q=a%00b",
  ])("an admin's search %s → 400 with the reason", async (path) => {
    // The same list without the NUL works: the 400 is for the character, not the page.
    const clean = await send(instance, { path: path.replace("%00", ""), cookie: adminCookie });
    expect(clean.status).toBe(200);
    const answer = await send(instance, { path, cookie: adminCookie });
    expect(answer.status, answer.body.slice(0, 300)).toBe(400);
    expect(answer.body).toContain(REASON);
  });

  it("a shopper's search and the platform's store list → 400 with the reason", async () => {
    const shop = await send(instance, { path: "/products?q=a%00b" });
    expect(shop.status).toBe(400);
    expect(shop.body).toContain(REASON);
    const clean = await send(instance, { path: "/platform/stores?q=ab", store: "www", cookie: staff });
    expect(clean.status).toBe(200);
    const platform = await send(instance, { path: "/platform/stores?q=a%00b", store: "www", cookie: staff });
    expect(platform.status).toBe(400);
    expect(platform.body).toContain(REASON);
  });

  it("a form field with a NUL → 400, and nothing is written", async () => {
    const contactRows = async () =>
      (
        await db.owner
          .select({ n: count() })
          .from(contactRequests)
          .where(eq(contactRequests.storeId, storeId))
      )[0]!.n;
    const before = await contactRows();
    const contact = await send(instance, {
      path: "/contact",
      method: "POST",
      form: { name: "Sara Shopper", email: "sara@dyes.test", comments: "a\u0000b" },
    });
    expect(contact.status).toBe(400);
    expect(await contactRows()).toBe(before);

    const [product] = await db.owner
      .select({ id: products.id, nameEn: products.nameEn })
      .from(products)
      .where(eq(products.storeId, storeId))
      .limit(1);
    const edit = await send(instance, {
      path: `/admin/products/${product!.id}`,
      method: "POST",
      cookie: adminCookie,
      form: { nameEn: "a\u0000b", nameAr: "ب" },
    });
    expect(edit.status).toBe(400);
    const [after] = await db.owner
      .select({ nameEn: products.nameEn })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, product!.id)));
    expect(after!.nameEn).toBe(product!.nameEn);
  });
});
