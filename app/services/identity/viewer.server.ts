/**
 * The signed-in shopper of a store page and what every page's header shows of them (the cart's
 * line count), read in ONE row-level-secured transaction: a signed-in page used to open one for
 * the session and another for the count (issue 13: each costs BEGIN, the tenant's set_config and
 * COMMIT besides its query, on the same two cores that render the page).
 */
import { and, eq, gt, is, isNull, Placeholder, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { cartItems, products, reviews, sessions, users, wishlistItems } from "~/db/schema";
import { countCartLines } from "~/services/commerce/cart.server";
import {
  needsTouch,
  readUserSessionIn,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  type UserSession,
} from "./sessions.server";
import { storeJoin } from "~/db/store-scope";

export interface Viewer extends UserSession {
  /** Lines in the viewer's cart when the session was read. */
  cartLineCount: number;
}

/** The viewer for a session hash, or null for none, an idle, an expired or a blocked one. */
export async function readViewer(
  storeId: string,
  sessionHash: string,
  now = new Date(),
): Promise<Viewer | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const session = await readUserSessionIn(tx, sessionHash, now);
    if (!session) return null;
    return { ...session, cartLineCount: await countCartLines(tx, storeId, session.user.id) };
  });
}

/**
 * What a signed-in page cached for every viewer (decision 031) fills in: the header's name,
 * avatar and cart count, the contact form's name and email, and on a product page (`productSlug`)
 * the wishlist state, the quantity in the cart and whether the viewer reviewed it.
 */
export interface PageViewer {
  name: string;
  email: string;
  isAdmin: boolean;
  imageId: string | null;
  cartLineCount: number;
  /** Null off a product page, and for a slug that names no active product. */
  product: { inWishlist: boolean; cartQuantity: number; reviewed: boolean } | null;
}

/** A page's viewer as read, with whose it is and how long it holds (a process may keep it). */
export interface ReadPageViewer extends PageViewer {
  userId: string;
  /** Epoch ms: the session's next touch, idle end or expiry, whichever comes first. */
  until: number;
}

/** The viewer statement's text, built once per process: only its parameters change. */
let pageViewerStatement: { sql: string; params: unknown[] } | undefined;

function pageViewerQuery(db: Db) {
  return (pageViewerStatement ??= db.owner
    .select({
      lastSeenAt: sessions.lastSeenAt,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      imageId: users.imageId,
      cartLineCount: sql`(select count(*) from ${cartItems}
        where ${cartItems.storeId} = ${sessions.storeId} and ${cartItems.userId} = ${users.id})`,
      productId: products.id,
      inWishlist: sql`exists (select 1 from ${wishlistItems}
        where ${wishlistItems.userId} = ${users.id} and ${wishlistItems.productId} = ${products.id})`,
      cartQuantity: sql`coalesce((select sum(${cartItems.quantity}) from ${cartItems}
        where ${cartItems.userId} = ${users.id} and ${cartItems.productId} = ${products.id}), 0)`,
      reviewed: sql`exists (select 1 from ${reviews}
        where ${reviews.userId} = ${users.id} and ${reviews.productId} = ${products.id})`,
      userId: users.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, storeJoin(users, "id", sessions, "userId"))
    .leftJoin(
      products,
      and(
        eq(products.storeId, sessions.storeId),
        eq(products.slug, sql.placeholder("slug")),
        eq(products.active, true),
      ),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder("hash")),
        // Row-level security scopes the read; the store is named too, so a read that ever ran
        // outside its scope still finds nothing of another store (every join is by the session's store).
        eq(sessions.storeId, sql.placeholder("storeId")),
        // The rule of sessions.server.ts's aliveAt, as parameters.
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
        isNull(users.blockedAt),
      ),
    )
    .toSQL());
}

/**
 * The viewer of a cached signed-in page in ONE prepared statement (the session with its user, the
 * cart's line count and the product state by slug), sent with the store's scope in one round trip
 * (`queryInStore`), plus the session's touch when it is due. The same rules as readViewer and the
 * product page's readViewerState: a blocked user, an idle or an expired session is nobody.
 */
export async function readPageViewer(
  storeId: string,
  sessionHash: string,
  productSlug: string | null,
  now = new Date(),
): Promise<ReadPageViewer | null> {
  const db = await getDb();
  const statement = pageViewerQuery(db);
  const values: Record<string, unknown> = {
    hash: sessionHash,
    storeId,
    slug: productSlug ?? "",
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  };
  const params = statement.params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
  const [row] = await db.queryInStore(storeId, statement.sql, params);
  if (!row) return null;
  const [
    lastSeenAt,
    name,
    email,
    isAdmin,
    imageId,
    cartLineCount,
    productId,
    inWishlist,
    cartQuantity,
    reviewed,
    userId,
    expiresAt,
  ] = row;
  let seen = new Date(lastSeenAt as string | Date).getTime();
  if (needsTouch(new Date(seen), now)) {
    await db.withStore(storeId, (tx) =>
      tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionHash)),
    );
    seen = now.getTime();
  }
  return {
    userId: String(userId),
    // The session ends at its expiry or after SESSION_IDLE_MS unseen, and is touched again after
    // SESSION_TOUCH_MS: until the first of these, reading it again would find the same.
    until: Math.min(
      new Date(expiresAt as string | Date).getTime(),
      seen + SESSION_IDLE_MS,
      seen + SESSION_TOUCH_MS,
    ),
    name: String(name),
    email: String(email),
    isAdmin: Boolean(isAdmin),
    imageId: imageId === null ? null : String(imageId),
    cartLineCount: Number(cartLineCount),
    product:
      productId === null
        ? null
        : {
            inWishlist: Boolean(inWishlist),
            cartQuantity: Number(cartQuantity),
            reviewed: Boolean(reviewed),
          },
  };
}
