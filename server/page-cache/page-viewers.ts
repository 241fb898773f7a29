/**
 * Where a signed-in cached page's viewer comes from (decision 031): this process's ViewerCache
 * (viewers.ts, issue 41) in front of the one prepared read, kept fresh by the browser's stamp and
 * by the `viewer_changed`, `catalog_changed` and `store_changed` notifications.
 */
import type { Db } from "../../app/db/client.server";
import { knownSessionHashOf, readSessionHashOf } from "../../app/http/sessions.server";
import { cookieDefaults } from "../../app/lib/cookies.server";
import { readPageViewer, type PageViewer } from "../../app/services/identity/viewer.server";
import { newViewerStamp, stampOf, ViewerCache, viewerKey } from "./viewers";

/** The longest a viewer is kept whatever its session says: a backstop, as the pages' TTL is. */
const VIEWER_TTL_MS = 60_000;

export interface PageViewers {
  /** The viewer a Cookie header's session names on this store, or null for nobody. */
  viewerOf(storeId: string, cookieHeader: string, productSlug: string | null): Promise<PageViewer | null>;
  /** The viewer kept for a cookie verified before, without waiting; undefined: ask `viewerOf`. */
  knownViewerOf(storeId: string, cookieHeader: string, productSlug: string | null): PageViewer | undefined;
  /** A new stamp's Set-Cookie; undefined when no viewer is kept (nothing to refresh). */
  viewerStamp: (() => string) | undefined;
  /** Viewers kept now (tests, stats). */
  readonly size: number;
  stop(): Promise<void>;
}

/** `maxViewers` 0 keeps none: every viewer is read, as before issue 41. */
export async function startPageViewers(db: Db, maxViewers: number): Promise<PageViewers> {
  const viewers = new ViewerCache({ maxEntries: maxViewers, ttlMs: VIEWER_TTL_MS });
  // Dropped in the listeners themselves, synchronously: a page looked up after this process's
  // page drop (a later turn, start.ts) must not be filled from a viewer read before the change.
  const dropStore = (storeId: string) => viewers.dropStore(storeId);
  const unlisten =
    maxViewers > 0
      ? await Promise.all([
          db.listen("catalog_changed", dropStore),
          db.listen("store_changed", dropStore),
          db.listen(
            "viewer_changed",
            (payload) => viewers.dropUser(payload),
            // Back after a reconnect: what changed meanwhile was not heard.
            () => viewers.dropAll(),
          ),
        ])
      : [];
  return {
    async viewerOf(storeId, cookieHeader, productSlug) {
      const hash = await readSessionHashOf(cookieHeader);
      if (!hash) return null;
      const key = viewerKey(storeId, hash, stampOf(cookieHeader), productSlug);
      const known = viewers.get(key);
      if (known) return known;
      const generation = viewers.generation(storeId);
      const read = await readPageViewer(storeId, hash, productSlug);
      if (read)
        viewers.keep(key, { viewer: read, storeId, userId: read.userId, until: read.until }, generation);
      return read;
    },
    knownViewerOf(storeId, cookieHeader, productSlug) {
      const hash = knownSessionHashOf(cookieHeader);
      return hash === undefined
        ? undefined
        : viewers.get(viewerKey(storeId, hash, stampOf(cookieHeader), productSlug));
    },
    viewerStamp: maxViewers > 0 ? () => newViewerStamp(cookieDefaults.secure) : undefined,
    get size() {
      return viewers.size;
    },
    async stop() {
      await Promise.all(unlisten.map((stop) => stop()));
    },
  };
}
