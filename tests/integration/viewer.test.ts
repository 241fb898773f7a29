/**
 * The signed-in viewer of a store page (issue 13): the session and the header's cart count in
 * one transaction, read once per GET for all of its loaders, per Request for a POST.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews, sessions, users, wishlistItems } from "~/db/schema";
import { getOptionalSession } from "~/http/guards.server";
import { readSessionHash } from "~/http/sessions.server";
import { readPageViewer, readViewer } from "~/services/identity/viewer.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { fillCart } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
});
afterAll(() => db.dispose());

const page = (cookie: string, path = "/") =>
  new Request(`http://alpha.localhost${path}`, { headers: { Cookie: cookie } });

describe("the viewer of a store page", () => {
  it("is the session's user with their cart's line count in this store only", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const hash = (await readSessionHash(page(cookie)))!;
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 3 }]);
    // Another store's cart lines never count here (row-level security and the store filter).
    await fillCart(db, beta.storeId, beta.userId, [{ productId: beta.productId, quantity: 1 }]);
    const viewer = await readViewer(alpha.storeId, hash);
    expect(viewer).toMatchObject({ user: { id: alpha.userId }, sessionHash: hash, cartLineCount: 1 });
    await fillCart(db, alpha.storeId, alpha.userId, []);
    expect((await readViewer(alpha.storeId, hash))?.cartLineCount).toBe(0);
  });

  it("is nobody on another store's host, for a blocked user or an ended session", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const hash = (await readSessionHash(page(cookie)))!;
    expect(await readViewer(beta.storeId, hash)).toBeNull();
    await db.owner.update(users).set({ blockedAt: new Date() }).where(eq(users.id, alpha.userId));
    try {
      expect(await readViewer(alpha.storeId, hash)).toBeNull();
    } finally {
      await db.owner.update(users).set({ blockedAt: null }).where(eq(users.id, alpha.userId));
    }
    expect(await readViewer(alpha.storeId, hash)).not.toBeNull();
    await db.owner.delete(sessions).where(eq(sessions.id, hash));
    expect(await readViewer(alpha.storeId, hash)).toBeNull();
  });
});

describe("one session lookup per request", () => {
  it("shares one lookup among a GET's loaders, each with its own copy of the Request", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const context = { ...(await contextFor(db, "alpha.localhost")), shared: {} };
    const first = getOptionalSession(page(cookie), context);
    const second = getOptionalSession(page(cookie, "/products"), context);
    expect(second).toBe(first);
    expect((await first)?.user.id).toBe(alpha.userId);
    // The next request has its own context: it sees the session ended in between.
    await db.owner.delete(sessions).where(eq(sessions.id, (await first)!.sessionHash));
    const next = { ...(await contextFor(db, "alpha.localhost")), shared: {} };
    expect(await getOptionalSession(page(cookie), next)).toBeNull();
  });

  it("reads again for a POST's loaders, after its action may have signed out", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const context = { ...(await contextFor(db, "alpha.localhost")), shared: {} };
    const action = postForm("http://alpha.localhost/logout", {}, cookie);
    expect((await getOptionalSession(action, context))?.user.id).toBe(alpha.userId);
    await db.owner
      .delete(sessions)
      .where(eq(sessions.id, (await getOptionalSession(action, context))!.sessionHash));
    const loader = postForm("http://alpha.localhost/logout", {}, cookie);
    expect(await getOptionalSession(loader, context)).toBeNull();
  });
});

describe("the viewer of a cached signed-in page (decision 031)", () => {
  it("is the session's user, their cart's line count and the product's state by slug, in one read", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const hash = (await readSessionHash(page(cookie)))!;
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 3 }]);
    const slug = `${alpha.slug}-product`;
    expect(await readPageViewer(alpha.storeId, hash, null)).toMatchObject({
      isAdmin: false,
      imageId: null,
      cartLineCount: 1,
      product: null,
    });
    expect((await readPageViewer(alpha.storeId, hash, slug))?.product).toEqual({
      inWishlist: false,
      cartQuantity: 3,
      reviewed: false,
    });
    await db.owner
      .insert(wishlistItems)
      .values({ storeId: alpha.storeId, userId: alpha.userId, productId: alpha.productId });
    await db.owner.insert(reviews).values({
      storeId: alpha.storeId,
      userId: alpha.userId,
      productId: alpha.productId,
      rating: 4,
      title: "Good",
      comment: "Fine",
    });
    try {
      expect((await readPageViewer(alpha.storeId, hash, slug))?.product).toEqual({
        inWishlist: true,
        cartQuantity: 3,
        reviewed: true,
      });
      // A slug that names no product of this store: no product state.
      expect((await readPageViewer(alpha.storeId, hash, `${beta.slug}-product`))?.product).toBeNull();
    } finally {
      await db.owner.delete(wishlistItems).where(eq(wishlistItems.userId, alpha.userId));
      await db.owner.delete(reviews).where(eq(reviews.userId, alpha.userId));
      await fillCart(db, alpha.storeId, alpha.userId, []);
    }
  });

  it("is nobody on another store's host or for a blocked user", async () => {
    const cookie = await userCookie(alpha.storeId, alpha.userId);
    const hash = (await readSessionHash(page(cookie)))!;
    expect(await readPageViewer(beta.storeId, hash, null)).toBeNull();
    await db.owner.update(users).set({ blockedAt: new Date() }).where(eq(users.id, alpha.userId));
    try {
      expect(await readPageViewer(alpha.storeId, hash, null)).toBeNull();
    } finally {
      await db.owner.update(users).set({ blockedAt: null }).where(eq(users.id, alpha.userId));
    }
  });

  it("answers many reads of two stores at once each with its own store's viewer, in its own scope", async () => {
    // On PostgreSQL these share one pipelined connection, each read setting its store's scope.
    const hashes = {
      alpha: (await readSessionHash(page(await userCookie(alpha.storeId, alpha.userId))))!,
      beta: (await readSessionHash(page(await userCookie(beta.storeId, beta.userId))))!,
    };
    await fillCart(db, beta.storeId, beta.userId, [{ productId: beta.productId, quantity: 2 }]);
    try {
      const reads = Array.from({ length: 40 }, (_, i) => {
        const [own, other] = i % 2 ? [alpha, beta] : [beta, alpha];
        const hash = i % 2 ? hashes.alpha : hashes.beta;
        // Every third read asks with its session on the other store's host: nobody there.
        return i % 3 === 0
          ? readPageViewer(other.storeId, hash, null).then((viewer) => ({ i, viewer, expected: null }))
          : readPageViewer(own.storeId, hash, null).then((viewer) => ({ i, viewer, expected: own }));
      });
      for (const { viewer, expected } of await Promise.all(reads)) {
        if (expected === null) expect(viewer).toBeNull();
        else
          expect(viewer).toMatchObject({
            email: `shopper@${expected.slug}.test`,
            cartLineCount: expected === alpha ? 0 : 1,
          });
      }
    } finally {
      await fillCart(db, beta.storeId, beta.userId, []);
    }
  });

  it("still finds the viewer when the read's connection was replaced after its scope was sent", async () => {
    // On PostgreSQL a read for the store last scoped sends no scope; a new connection has none.
    const hash = (await readSessionHash(page(await userCookie(alpha.storeId, alpha.userId))))!;
    const expected = { email: `shopper@${alpha.slug}.test` };
    expect(await readPageViewer(alpha.storeId, hash, null)).toMatchObject(expected);
    expect(await readPageViewer(alpha.storeId, hash, null)).toMatchObject(expected);
    if (db.kind === "postgres") {
      // This file's database only: every connection of the app but this one is ended.
      await db.owner.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`);
    }
    // No wait for the client to notice: a read sent on a connection already dead is retried once
    // on a fresh one (issue 42, D4), so each of these finds the viewer, none fails or answers nobody.
    const reads = await Promise.all(
      Array.from({ length: 4 }, () => readPageViewer(alpha.storeId, hash, null)),
    );
    for (const viewer of reads) expect(viewer).toMatchObject(expected);
    expect(await readPageViewer(alpha.storeId, hash, null)).toMatchObject(expected);
  });
});
