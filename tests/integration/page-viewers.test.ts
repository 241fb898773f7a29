/**
 * The viewers of signed-in cached pages a process keeps (issue 41, server/page-cache/page-viewers.ts):
 * a change the browser made itself is read afresh through its new stamp, without any message; a
 * change made elsewhere (another device's cart, an admin's block, a session ended, a product
 * renamed) reaches every process's kept viewers through migration 0045's `viewer_changed` (or the
 * catalogue's notification); nothing of one store answers for another.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { products, sessions, users, wishlistItems } from "~/db/schema";
import { readSessionHash } from "~/http/sessions.server";
import { startPageViewers, type PageViewers } from "../../server/page-cache/page-viewers";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import { fillCart } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
const running: PageViewers[] = [];

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
});
afterAll(async () => {
  await Promise.all(running.map((viewers) => viewers.stop()));
  await db.dispose();
});

async function start(source: Db = db): Promise<PageViewers> {
  const viewers = await startPageViewers(source, 100);
  running.push(viewers);
  return viewers;
}

/** The database as a process that never hears `viewer_changed` sees it. */
function deaf(): Db {
  const source: Db = Object.create(db) as Db;
  source.listen = (channel, onMessage, onListen) =>
    channel === "viewer_changed" ? Promise.resolve(async () => {}) : db.listen(channel, onMessage, onListen);
  return source;
}

/** Resolves once the database has told this process `payload` on `channel`. */
async function heard(channel: string, payload: string): Promise<() => Promise<void>> {
  let done = () => {};
  const told = new Promise<void>((resolve) => (done = resolve));
  const stop = await db.listen(channel, (message) => {
    if (message === payload) done();
  });
  return async () => {
    await told;
    await stop();
  };
}

async function signedIn(store: StoreFixture) {
  const cookie = await userCookie(store.storeId, store.userId);
  const hash = (await readSessionHash(new Request("http://x.localhost/", { headers: { Cookie: cookie } })))!;
  return { cookie, hash };
}

describe("a process's kept viewers", () => {
  it("keeps a viewer, and reads it afresh for the browser's next stamp", async () => {
    const viewers = await start(deaf());
    const { cookie } = await signedIn(alpha);
    await fillCart(db, alpha.storeId, alpha.userId, []);
    expect((await viewers.viewerOf(alpha.storeId, `${cookie}; __vs=one`, null))?.cartLineCount).toBe(0);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 2 }]);
    // Nobody told this process: the stamp it was read with still answers the kept viewer.
    expect((await viewers.viewerOf(alpha.storeId, `${cookie}; __vs=one`, null))?.cartLineCount).toBe(0);
    expect(viewers.size).toBe(1);
    // The browser that added to its cart carries the answer's new stamp.
    const next = await viewers.viewerOf(alpha.storeId, `${cookie}; __vs=two`, `${alpha.slug}-product`);
    expect(next).toMatchObject({ cartLineCount: 1, product: { cartQuantity: 2, inWishlist: false } });
    expect(viewers.viewerStamp?.()).toMatch(/^__vs=/);
  });

  it("drops a user's viewers when their cart or wishlist changes elsewhere", async () => {
    const viewers = await start();
    const { cookie } = await signedIn(alpha);
    const slug = `${alpha.slug}-product`;
    await fillCart(db, alpha.storeId, alpha.userId, []);
    expect((await viewers.viewerOf(alpha.storeId, cookie, slug))?.product?.inWishlist).toBe(false);
    const told = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await db.owner
      .insert(wishlistItems)
      .values({ storeId: alpha.storeId, userId: alpha.userId, productId: alpha.productId });
    await told();
    expect(await viewers.viewerOf(alpha.storeId, cookie, slug)).toMatchObject({
      cartLineCount: 0,
      product: { inWishlist: true },
    });
    const again = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 1 }]);
    await again();
    expect((await viewers.viewerOf(alpha.storeId, cookie, slug))?.cartLineCount).toBe(1);
    await db.owner.delete(wishlistItems).where(eq(wishlistItems.userId, alpha.userId));
  });

  it("stops answering a blocked user, a renamed one and an ended session once told", async () => {
    const viewers = await start();
    const { cookie, hash } = await signedIn(alpha);
    expect((await viewers.viewerOf(alpha.storeId, cookie, null))?.name).toBeTruthy();
    const renamed = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await db.owner.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.id, alpha.userId));
    await renamed();
    expect((await viewers.viewerOf(alpha.storeId, cookie, null))?.name).toBe("Renamed Elsewhere");
    const blocked = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await db.owner.update(users).set({ blockedAt: new Date() }).where(eq(users.id, alpha.userId));
    await blocked();
    expect(await viewers.viewerOf(alpha.storeId, cookie, null)).toBeNull();
    const unblocked = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await db.owner.update(users).set({ blockedAt: null }).where(eq(users.id, alpha.userId));
    await unblocked();
    expect(await viewers.viewerOf(alpha.storeId, cookie, null)).not.toBeNull();
    const ended = await heard("viewer_changed", `${alpha.storeId}:${alpha.userId}`);
    await db.owner.delete(sessions).where(eq(sessions.id, hash));
    await ended();
    expect(await viewers.viewerOf(alpha.storeId, cookie, null)).toBeNull();
  });

  it("drops a product page's viewer when the catalogue changes", async () => {
    const viewers = await start();
    const { cookie } = await signedIn(alpha);
    const slug = `${alpha.slug}-product`;
    expect((await viewers.viewerOf(alpha.storeId, cookie, slug))?.product).not.toBeNull();
    const told = await heard("catalog_changed", alpha.storeId);
    await db.owner.update(products).set({ active: false }).where(eq(products.id, alpha.productId));
    try {
      await told();
      // An inactive product has no state for the viewer: the product page is a 404 for them.
      expect((await viewers.viewerOf(alpha.storeId, cookie, slug))?.product).toBeNull();
    } finally {
      await db.owner.update(products).set({ active: true }).where(eq(products.id, alpha.productId));
    }
  });

  it("never answers one store's session on another store, kept or not", async () => {
    const viewers = await start();
    const { cookie } = await signedIn(alpha);
    expect(await viewers.viewerOf(alpha.storeId, cookie, null)).not.toBeNull();
    expect(await viewers.viewerOf(beta.storeId, cookie, null)).toBeNull();
    expect(await viewers.viewerOf(beta.storeId, cookie, `${beta.slug}-product`)).toBeNull();
  });
});
