/**
 * The wishlist through its route: toggle (add, then remove) from a product page, remove from the
 * list, toasts, 'Login First' for anonymous shoppers, bad input and other stores' products.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { products, wishlistItems } from "~/db/schema";
import { getToast } from "~/lib/toast.server";
import { action, loader } from "~/routes/wishlist";
import type { WishlistLine } from "~/services/commerce/wishlist.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, cookiesFrom, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;
let cookie: string;
let betaCookie: string;
const A = "http://alpha.localhost:3000";
const B = "http://beta.localhost:3000";

function post(fields: Record<string, string>, withCookie = cookie, context = alphaCtx, base = A) {
  return answer<{ notice?: { key: string } }>(() =>
    action({ request: postForm(`${base}/wishlist`, fields, withCookie), context, params: {} }),
  );
}

async function toastOf(headers: Headers) {
  return (await getToast(new Request(A, { headers: { Cookie: cookiesFrom(headers) } }))).toast?.key;
}

async function rows(storeId = alpha.storeId) {
  return db.owner
    .select({ productId: wishlistItems.productId, quantity: wishlistItems.quantity })
    .from(wishlistItems)
    .where(eq(wishlistItems.storeId, storeId));
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx, betaCtx } = await openTwoStores());
  cookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaCookie = await userCookie(beta.storeId, beta.userId, B);
});
afterAll(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.owner.delete(wishlistItems);
});

describe("wishlist", () => {
  it("toggles a product in and out with the toasts, back on the product page", async () => {
    const back = "/products/alpha-product";
    const added = await post({ intent: "toggle", productId: alpha.productId, redirectTo: back });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(back);
    expect(await toastOf(added.headers)).toBe("toast.wishlistAdded");
    expect(await rows()).toEqual([{ productId: alpha.productId, quantity: 1 }]);

    const removed = await post({ intent: "toggle", productId: alpha.productId, redirectTo: back });
    expect(removed.status).toBe(302);
    expect(await toastOf(removed.headers)).toBe("toast.wishlistRemoved");
    expect(await rows()).toEqual([]);
  });

  it("lists the products with their prices and removes one from the list", async () => {
    await post({ intent: "toggle", productId: alpha.productId });
    const res = await answer<{ items: WishlistLine[] }>(() =>
      loader({
        request: new Request(`${A}/wishlist`, { headers: { Cookie: cookie } }),
        context: alphaCtx,
        params: {},
      }),
    );
    expect(res.status).toBe(200);
    expect(res.data.items).toHaveLength(1);
    expect(res.data.items[0]).toMatchObject({
      name: "alpha red dye",
      priceCents: 1250,
      salePriceCents: 1250,
      available: true,
    });

    const removed = await post({ intent: "remove", productId: alpha.productId });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/wishlist");
    expect(await toastOf(removed.headers)).toBe("toast.wishlistRemoved");
    expect(await rows()).toEqual([]);
    expect((await post({ intent: "remove", productId: alpha.productId })).status).toBe(404);
  });

  it.each([
    ["an unknown product id", () => uuidv7(), 404],
    ["another store's product id", () => beta.productId, 404],
    ["a malformed product id", () => "abc", 400, "cart.productInvalid"],
    ["no product id", () => "", 400, "cart.productInvalid"],
  ])("refuses %s and writes nothing", async (_label, productId, status, key = "cart.productNotFound") => {
    const res = await post({ intent: "toggle", productId: productId() });
    expect(res.status).toBe(status);
    expect(res.data.notice?.key).toBe(key);
    expect(await rows()).toEqual([]);
    expect(await rows(beta.storeId)).toEqual([]);
  });

  it("refuses an inactive product and an unknown intent", async () => {
    await db.owner.update(products).set({ active: false }).where(eq(products.id, alpha.productId));
    try {
      expect((await post({ intent: "toggle", productId: alpha.productId })).status).toBe(404);
    } finally {
      await db.owner.update(products).set({ active: true }).where(eq(products.id, alpha.productId));
    }
    for (const intent of ["explode", "toString", ""]) {
      const refused = await post({ intent, productId: alpha.productId });
      expect(refused.status).toBe(400);
      expect(refused.data.notice?.key).toBe("errors.badRequest");
    }
    expect(await rows()).toEqual([]);
  });

  it("cannot remove another store's wishlist line from this host", async () => {
    expect((await post({ intent: "toggle", productId: beta.productId }, betaCookie, betaCtx, B)).status).toBe(
      302,
    );
    expect((await post({ intent: "remove", productId: beta.productId })).status).toBe(404);
    const foreign = await post({ intent: "remove", productId: beta.productId }, betaCookie);
    expect(foreign.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await rows(beta.storeId)).toEqual([{ productId: beta.productId, quantity: 1 }]);
  });

  it("sends anonymous shoppers to log in with 'Login First' and back", async () => {
    const res = await post(
      { intent: "toggle", productId: alpha.productId, redirectTo: "/products/alpha-product" },
      "",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fproducts%2Falpha-product");
    expect(await toastOf(res.headers)).toBe("toast.loginFirst");
    expect(await rows()).toEqual([]);
    const page = await answer(() =>
      loader({ request: new Request(`${A}/wishlist`), context: alphaCtx, params: {} }),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fwishlist");
  });
});
