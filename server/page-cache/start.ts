/**
 * The page cache as one process sees it (decision 017), wired to the database: every process
 * listens for store and catalogue changes and drops that store's pages, then once more a moment
 * later. The second drop is for a page rendered meanwhile by a process whose own caches (tenant,
 * catalogue; each hears the same notification on its own) had not heard of the change yet: it
 * is stored after the first drop and gone after the second. Sale starts and ends, which no row
 * change announces, bound an entry's life.
 */
import type { Db } from "../../app/db/client.server";
import { readSessionHashOf } from "../../app/http/sessions.server";
import { nextSaleChange } from "../../app/services/commerce/pricing.server";
import { readPageViewer } from "../../app/services/identity/viewer.server";
import { normalizeHost, type TenantResolver } from "../../app/services/store/tenancy.server";
import { EdgePageCache } from "../edge/page-cache";
import type { PageCacheBackend } from "./backend";

/** Long enough for every process of every instance to have heard the notification. */
export const SECOND_DROP_MS = 250;
/** Stores dropped per turn of the event loop (one IPC message, one timer): well under a millisecond of work. */
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
  secondDropMs = SECOND_DROP_MS,
}: {
  db: Db;
  resolver: Pick<TenantResolver, "resolve" | "known">;
  backend: PageCacheBackend;
  ttlMs: number;
  /** When the second drop follows the first (PAGE_CACHE_SECOND_DROP_MS; SECOND_DROP_MS by default). */
  secondDropMs?: number;
}): Promise<RunningPageCache> {
  const saleChanges = new Map<string, Promise<number | null>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Notifications are applied a turn of the event loop later, in slices (decision 025): a
  // statement that changed every store must not hold this process for the length of the list.
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
    const timer = setTimeout(() => {
      timers.delete(timer);
      backend.dropMany(slice);
    }, secondDropMs);
    timers.add(timer);
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
    // Decision 031: the signed-in viewer in one prepared read; an unsigned or malformed cookie is nobody.
    viewerOf: async (storeId, cookieHeader, productSlug) => {
      const hash = await readSessionHashOf(cookieHeader);
      return hash ? readPageViewer(storeId, hash, productSlug) : null;
    },
    storeOf: async (host) => {
      const tenant = await resolver.resolve(normalizeHost(host));
      return tenant.kind === "store" ? tenant.store.id : null;
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
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(unlisten.map((stop) => stop()));
    },
  };
}
