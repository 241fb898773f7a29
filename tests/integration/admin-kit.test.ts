/**
 * The admin kit through real routes: entityFromPath answers a malformed id and another store's
 * id with the same 404 ("notFound.page") on record pages, and a schema form refused for bad
 * input or for another store's record writes nothing.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, users } from "~/db/schema";
import { action as categoryAction, loader as categoryLoader } from "~/routes/admin.categories.$id";
import { loader as productLoader } from "~/routes/admin.products.$id";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let cookie: string;
const A = "http://kita.localhost:3000";

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores({ alpha: "kita", beta: "kitb" }));
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@kita.test", name: "Admin", isAdmin: true });
  cookie = await userCookie(alpha.storeId, adminId, A);
});
afterAll(async () => {
  await db.dispose();
});

const load = (run: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, id: string) =>
  answer<{ notice?: { key: string } }>(() =>
    run({
      request: new Request(`${A}${path}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: { id },
    }),
  );

describe("entityFromPath on admin record pages", () => {
  it("shows this store's record, and answers a bad id or another store's id with the page's 404", async () => {
    expect(
      (await load(categoryLoader, `/admin/categories/${alpha.categoryId}`, alpha.categoryId)).status,
    ).toBe(200);
    for (const [run, base, theirs] of [
      [categoryLoader, "/admin/categories", beta.categoryId],
      [productLoader, "/admin/products", beta.productId],
    ] as const) {
      for (const id of ["not-a-uuid", "1001", theirs, uuidv7()]) {
        const res = await load(run, `${base}/${id}`, id);
        expect([id, res.status, res.data.notice?.key]).toEqual([id, 404, "notFound.page"]);
      }
    }
  });

  it("refuses a save of another store's category (404) and bad input (400), writing nothing", async () => {
    const before = await db.owner.select().from(categories).where(eq(categories.storeId, beta.storeId));
    const save = (id: string, fields: Record<string, string>) =>
      answer<{ result?: { error?: Record<string, string[]> } | null; notice?: { key: string } }>(() =>
        categoryAction({
          request: postForm(`${A}/admin/categories/${id}`, fields, cookie),
          context: ctx,
          params: { id },
        }),
      );
    const valid = { nameEn: "Taken over", nameAr: "مأخوذ", slug: "taken-over", sortOrder: "0" };
    const theirs = await save(beta.categoryId, valid);
    expect([theirs.status, theirs.data.notice?.key]).toEqual([404, "notFound.page"]);
    const bad = await save("new", { ...valid, nameEn: "" });
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.nameEn?.length).toBeGreaterThan(0);
    expect(await db.owner.select().from(categories).where(eq(categories.storeId, beta.storeId))).toEqual(
      before,
    );
    const ours = await db.owner.select().from(categories).where(eq(categories.slug, "taken-over"));
    expect(ours).toEqual([]);
  });
});
