/**
 * A worker's hot copy of the instance's page cache (issue 41, decision 017 amended). With several
 * processes the primary holds the instance's one PageStore (backend.ts); asking it over IPC put a
 * third process and a round trip on every hit, so two processes answered fewer cached pages than
 * one. Each worker now keeps its own bounded copy of the entries it served, and a hit is answered
 * without leaving the process; a miss asks the primary as before, and what it finds or what the
 * worker renders is kept in both.
 *
 * Freshness is the shared cache's: every process hears the store and catalogue notifications
 * itself (start.ts) and drops through this backend, which drops the hot copy at once and tells the
 * primary; the primary passes the drop on to the other workers it handed pages of the store to
 * (backend.ts), and they drop it from their copies too. The hot copy has generations of its own:
 * a page (from the primary or rendered here) is kept in it only if this copy has not dropped its
 * store since its own lookup missed, so a page read before a drop this worker heard or was told
 * of is never kept after it. Expiry (TTL, sale boundaries) travels inside the entry, so each copy
 * stops serving it at the same moment.
 */
import type { PageCacheBackend } from "./backend";
import type { Lookup, PageEntry, PageStore } from "./store";

/** Lookups that missed here and wait for their page, at most this many (renders that failed are forgotten). */
const MAX_PENDING = 10_000;

export function hotBackend(shared: PageCacheBackend, hot: PageStore): PageCacheBackend {
  shared.onDroppedElsewhere?.((storeIds) => (storeIds ? hot.dropMany(storeIds) : hot.dropAll()));
  // The hot copy's generation when a lookup of `storeId\nkey` missed it.
  const missedAt = new Map<string, number>();
  const remember = (storeId: string, key: string, generation: number) => {
    if (missedAt.size >= MAX_PENDING) missedAt.clear();
    missedAt.set(`${storeId}\n${key}`, generation);
  };
  const keep = (storeId: string, key: string, entry: PageEntry, host?: string) => {
    const id = `${storeId}\n${key}`;
    const generation = missedAt.get(id);
    missedAt.delete(id);
    if (generation !== undefined) hot.set(storeId, key, generation, entry, host);
  };

  return {
    async get(storeId, key): Promise<Lookup> {
      const local = hot.get(storeId, key);
      if (local.entry) return local;
      remember(storeId, key, local.generation);
      const found = await shared.get(storeId, key);
      if (found.entry) keep(storeId, key, found.entry);
      return found;
    },
    peek: (storeId, key) => hot.peek(storeId, key),
    async stale(storeId, key) {
      return hot.stale(storeId, key) ?? shared.stale(storeId, key);
    },
    set(storeId, key, generation, entry, host) {
      keep(storeId, key, entry, host);
      shared.set(storeId, key, generation, entry, host);
    },
    async storeOf(host) {
      return hot.storeOf(host) ?? shared.storeOf(host);
    },
    drop(storeId) {
      hot.drop(storeId);
      shared.drop(storeId);
    },
    dropMany(storeIds) {
      hot.dropMany(storeIds);
      shared.dropMany(storeIds);
    },
    /** The instance's figures (the primary's store); this worker's hot hits are added to its hits. */
    async stats() {
      const [instance, local] = [await shared.stats(), hot.stats()];
      return { ...instance, hits: instance.hits + local.hits };
    },
  };
}
