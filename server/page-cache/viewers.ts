/**
 * The viewers of signed-in cached pages this process read (issue 41, decision 031's amendment):
 * a signed-in hit answered from the page cache used to read its viewer from the database on every
 * request, the whole difference between a signed-in hit and an anonymous one. Now the viewer read
 * for (store, session, stamp, product slug) is kept here until any of these comes first:
 *
 * - **the browser changes something itself**: every request of a signed-in browser that Remix
 *   answers in full (an action, an account page, a checkout's return) sets a new stamp cookie
 *   (`VIEWER_STAMP_COOKIE`), which is part of the key, so the browser's next page reads its viewer
 *   afresh on any process of any instance: "the next page shows it" holds without waiting on a
 *   message;
 * - **a change made elsewhere** (another device of the same shopper, an admin blocking them, a
 *   job): the `viewer_changed` notification (migration 0045's triggers on users, sessions, cart and
 *   wishlist lines, reviews) drops that user's viewers in every process, and `catalog_changed` /
 *   `store_changed` drop the store's (a product's slug or state is part of a product page's
 *   viewer);
 * - **time**: the session's own limits (its absolute expiry, its idle end, the moment its
 *   `last_seen_at` is due to be touched, so touches still happen) and at most `ttlMs`, for a
 *   notification lost while the listener reconnects (the whole cache is dropped when it does).
 *
 * A read that started before a drop of its store is not kept (the store's generation), as the page
 * cache refuses a page looked up before a drop. Only live viewers are kept: nobody is read again.
 */
import { rawCookieValue } from "../../app/http/sessions.server";
import type { PageViewer } from "../../app/services/identity/viewer.server";

/** The cookie whose value changes whenever a signed-in browser's request was answered in full. */
export const VIEWER_STAMP_COOKIE = "__vs";

export interface KeptViewer {
  viewer: PageViewer;
  storeId: string;
  userId: string;
  /** Epoch ms after which the viewer is read again. */
  until: number;
}

export class ViewerCache {
  private readonly entries = new Map<string, KeptViewer>();
  /** "store:user" → keys of that user's kept viewers. */
  private readonly byUser = new Map<string, Set<string>>();
  /** store → users with kept viewers. */
  private readonly byStore = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept viewer of a key, or undefined when there is none or its time is up. */
  get(key: string): PageViewer | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (kept.until <= this.now()) {
      this.forget(key, kept);
      return undefined;
    }
    return kept.viewer;
  }

  /** Taken before a read: `keep` refuses the read's viewer if its store was dropped meanwhile. */
  generation(storeId: string): string {
    return `${this.epoch}:${this.generations.get(storeId) ?? 0}`;
  }

  keep(key: string, kept: KeptViewer, generation: string): void {
    if (this.options.maxEntries <= 0 || generation !== this.generation(kept.storeId)) return;
    const until = Math.min(kept.until, this.now() + this.options.ttlMs);
    if (until <= this.now()) return;
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    // The oldest kept goes first: a Map iterates in insertion order.
    while (this.entries.size >= this.options.maxEntries) {
      const [oldest, value] = this.entries.entries().next().value as [string, KeptViewer];
      this.forget(oldest, value);
    }
    this.entries.set(key, { ...kept, until });
    const user = `${kept.storeId}:${kept.userId}`;
    let keys = this.byUser.get(user);
    if (!keys) this.byUser.set(user, (keys = new Set()));
    keys.add(key);
    let users = this.byStore.get(kept.storeId);
    if (!users) this.byStore.set(kept.storeId, (users = new Set()));
    users.add(kept.userId);
  }

  /** A `viewer_changed` payload ("store:user"): that user's viewers go. */
  dropUser(payload: string): void {
    const at = payload.indexOf(":");
    if (at === -1) return;
    const storeId = payload.slice(0, at);
    this.bump(storeId);
    for (const key of this.byUser.get(payload) ?? []) {
      const kept = this.entries.get(key);
      if (kept) this.forget(key, kept);
    }
  }

  /** A store or catalogue change: every viewer of the store goes. */
  dropStore(storeId: string): void {
    this.bump(storeId);
    for (const userId of [...(this.byStore.get(storeId) ?? [])]) {
      for (const key of [...(this.byUser.get(`${storeId}:${userId}`) ?? [])]) {
        const kept = this.entries.get(key);
        if (kept) this.forget(key, kept);
      }
    }
  }

  /** The listener reconnected: a notification may have been missed, so nothing kept is trusted. */
  dropAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
    this.byUser.clear();
    this.byStore.clear();
  }

  private bump(storeId: string): void {
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
  }

  private forget(key: string, kept: KeptViewer): void {
    this.entries.delete(key);
    const user = `${kept.storeId}:${kept.userId}`;
    const keys = this.byUser.get(user);
    if (!keys) return;
    keys.delete(key);
    if (keys.size > 0) return;
    this.byUser.delete(user);
    const users = this.byStore.get(kept.storeId);
    users?.delete(kept.userId);
    if (users?.size === 0) this.byStore.delete(kept.storeId);
  }
}

/** The key of a viewer read: store, session, the browser's stamp and the product page's slug. */
export function viewerKey(
  storeId: string,
  sessionHash: string,
  stamp: string,
  productSlug: string | null,
): string {
  return `${storeId}\n${sessionHash}\n${stamp}\n${productSlug ?? ""}`;
}

/** The stamp a Cookie header carries ("" for none). */
export function stampOf(cookieHeader: string): string {
  return rawCookieValue(cookieHeader, VIEWER_STAMP_COOKIE) ?? "";
}

let stamps = 0;
const processStamp = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** A Set-Cookie value with a stamp never given before by any process (pid, start time, count). */
export function newViewerStamp(secure: boolean): string {
  stamps += 1;
  return `${VIEWER_STAMP_COOKIE}=${processStamp}.${stamps.toString(36)}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
