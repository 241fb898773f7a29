/**
 * The page cache as one process sees it (decision 017), wired to the database: every process
 * listens for store and catalogue changes and drops that store's pages, once. Sale starts and
 * ends, which no row change announces, bound an entry's life.
 *
 * Why one drop is enough (issue 41; it used to be repeated 250 ms later). The store's generation
 * refuses any page whose lookup came before a drop, so a page rendered from data read before the
 * change is never kept after the first drop anywhere. What a drop cannot refuse is a page looked
 * up after it and rendered from a cache of this process that had not heard of the change yet.
 * That cannot happen in this process, because of the order within it: the tenant cache
 * (tenant-cache.server.ts `queue`) and the catalogue cache (catalog-cache.server.ts `invalidate`)
 * stop answering the store synchronously in their listeners, and this process's page drop runs on
 * a later turn of the event loop (`setImmediate`) than the notification that caused it. Both
 * drivers call every listener of one notification before that turn: postgres.js in one loop,
 * PGlite in one batch of microtasks. So every page looked up after this process's drop reads the
 * tenant and the catalogue afresh. In another process that has not heard yet it can happen, and
 * that page is removed when that process hears: its own drop takes it out of its hot copy and the
 * primary, and the primary passes the drop on to every other worker it handed a copy of the
 * store's pages to since the store was last dropped (backend.ts), so no hot copy keeps it.
 */
import type { Db } from "../../app/db/client.server";
import { nextSaleChange } from "../../app/services/pricing/pricing.server";
import { normalizeHost, type TenantResolver } from "../../app/services/store/tenancy.server";
import { EdgePageCache } from "../edge/page-cache";
import type { PageCacheBackend } from "./backend";
import { startPageViewers } from "./page-viewers";

/** Stores dropped per turn of the event loop (one IPC message): well under a millisecond of work. */
const DROP_SLICE = 200;

export interface RunningPageCache {
  edge: EdgePageCache;
  backend: PageCacheBackend;
  stop(): Promise<void>;
}

export async function startPageCache({
  db,
  resolver,
  backend,
  ttlMs,
  viewers: maxViewers = 0,
}: {
  db: Db;
  resolver: Pick<TenantResolver, "resolve" | "cached" | "known">;
  backend: PageCacheBackend;
  ttlMs: number;
  /** Signed-in viewers kept between reads (issue 41); 0 reads every one. */
  viewers?: number;
}): Promise<RunningPageCache> {
  const viewers = await startPageViewers(db, maxViewers);
  const saleChanges = new Map<string, Promise<number | null>>();
  // Notifications are applied a turn of the event loop later, in slices (decision 025): a
  // statement that changed every store must not hold this process for the length of the list.
  // That turn is also what puts the drop after this process's tenant and catalogue caches have
  // heard the same notification (see the module comment): never drop synchronously here.
  const pending = new Set<string>();
  let scheduled = false;
  const dropSlice = () => {
    scheduled = false;
    const slice: string[] = [];
    for (const storeId of pending) {
      pending.delete(storeId);
      saleChanges.delete(storeId);
      slice.push(storeId);
      if (slice.length === DROP_SLICE) break;
    }
    backend.dropMany(slice);
    if (pending.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dropSlice);
  };
  const drop = (storeId: string) => {
    pending.add(storeId);
    schedule();
  };
  const unlisten = await Promise.all([db.listen("catalog_changed", drop), db.listen("store_changed", drop)]);

  const edge = new EdgePageCache({
    backend,
    ttlMs,
    // Decision 031: the signed-in viewer, kept per process until the browser, a notification or
    // the session's clock says otherwise (page-viewers.ts, issue 41).
    viewerOf: viewers.viewerOf,
    knownViewerOf: viewers.knownViewerOf,
    viewerStamp: viewers.viewerStamp,
    storeOf: async (host) => {
      const tenant = await resolver.resolve(normalizeHost(host));
      return tenant.kind === "store" ? tenant.store.id : null;
    },
    cachedStoreOf: (host) => {
      const tenant = resolver.cached(normalizeHost(host));
      return tenant && (tenant.kind === "store" ? tenant.store.id : null);
    },
    knownStoreOf: (host) => {
      const tenant = resolver.known(normalizeHost(host));
      return tenant?.kind === "store" ? tenant.store.id : null;
    },
    // Looked up once per store until the store changes or the moment passes.
    changesAt: async (storeId) => {
      let at = saleChanges.get(storeId);
      if (!at) {
        at = db.withStore(storeId, (tx) => nextSaleChange(tx));
        saleChanges.set(storeId, at);
        at.catch(() => saleChanges.delete(storeId));
      }
      const value = await at;
      if (value !== null && value <= Date.now()) {
        saleChanges.delete(storeId);
        return Date.now();
      }
      return value;
    },
  });

  return {
    edge,
    backend,
    async stop() {
      await Promise.all([...unlisten.map((stop) => stop()), viewers.stop()]);
    },
  };
}
