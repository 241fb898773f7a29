/**
 * Per-instance cache of what storefront pages read from the catalogue (home rows, listings,
 * the public part of product pages), per store. Decision 007.
 *
 * Freshness: triggers on every table those pages show raise `catalog_changed` with the store id
 * (drizzle/0003_catalog_changed.sql); every instance listens and drops that store's entries.
 * A write made by this instance also drops them locally right after it commits
 * (`catalogChanged`), so the writer's next page never waits for the notification. Prices also
 * change when a sale starts or ends, which no row change announces: a store's entries never
 * outlive its next sale boundary. Entries expire after a minute regardless, a safety net should
 * a notification be lost.
 */
import { LRUCache } from "lru-cache";
import { getDb, type Db } from "~/db/client.server";
import { nextSaleChange } from "~/services/pricing/pricing.server";

const MAX_ENTRIES = 2_000;
const TTL_MS = 60_000;

interface Entry {
  value: unknown;
  generation: number;
}

interface StoreState {
  /** Bumped by every change: entries of an older generation are never served. */
  generation: number;
  /** When the store's next sale starts or ends (epoch ms); undefined until first looked up. */
  saleChangeAt?: number | null;
}

export class CatalogCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: TTL_MS });
  private readonly stores = new Map<string, StoreState>();
  /** Concurrent misses for one key (and generation) share one load. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private stopListening?: () => Promise<void>;

  constructor(private readonly db: Db) {}

  async start(): Promise<this> {
    this.stopListening = await this.db.listen("catalog_changed", (storeId) => this.invalidate(storeId));
    return this;
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  invalidate(storeId: string): void {
    this.stores.set(storeId, { generation: this.state(storeId).generation + 1 });
  }

  async get<T>(storeId: string, key: string, load: () => Promise<T>): Promise<T> {
    let state = this.state(storeId);
    if (state.saleChangeAt != null && Date.now() >= state.saleChangeAt) {
      this.invalidate(storeId);
      state = this.state(storeId);
    }
    const { generation } = state;
    const fullKey = `${storeId}\u0000${key}`;
    const hit = this.entries.get(fullKey);
    if (hit && hit.generation === generation) return hit.value as T;

    // A load started before the latest change is not joined: it may miss that change.
    const loadKey = `${fullKey}\u0000${generation}`;
    const pending = this.loading.get(loadKey);
    if (pending) return pending as Promise<T>;
    const promise = Promise.all([load(), this.saleChangeAt(storeId, state)])
      .then(([value]) => {
        // A change during the load bumped the generation: the value may predate it, so it is
        // answered (it is what the database said when asked) but not kept.
        if (this.state(storeId).generation === generation) {
          this.entries.set(fullKey, { value, generation });
        }
        return value;
      })
      .finally(() => this.loading.delete(loadKey));
    this.loading.set(loadKey, promise);
    return promise;
  }

  private state(storeId: string): StoreState {
    let state = this.stores.get(storeId);
    if (!state) {
      state = { generation: 0 };
      this.stores.set(storeId, state);
    }
    return state;
  }

  /** Looked up once per generation, alongside the first load. */
  private async saleChangeAt(storeId: string, state: StoreState): Promise<void> {
    if (state.saleChangeAt !== undefined) return;
    const at = await this.db.withStore(storeId, (tx) => nextSaleChange(tx));
    state.saleChangeAt = at;
  }
}

// One cache per database: tests give every file a database of its own.
const caches = new WeakMap<Db, Promise<CatalogCache>>();

function cacheFor(db: Db): Promise<CatalogCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache(db).start();
    caches.set(db, cache);
  }
  return cache;
}

/** `load`'s answer for this store and key, kept while the store's catalogue is unchanged. */
export async function cachedCatalogRead<T>(storeId: string, key: string, load: () => Promise<T>): Promise<T> {
  return (await cacheFor(await getDb())).get(storeId, key, load);
}

/** Call after committing a change to what storefront pages show (see the module comment). */
export async function catalogChanged(storeId: string): Promise<void> {
  (await cacheFor(await getDb())).invalidate(storeId);
}
