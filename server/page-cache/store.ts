/**
 * The page cache's memory (decision 017): finished responses for anonymous visitors, keyed by
 * what makes two such responses differ, bounded in bytes with least-recently-used eviction.
 * One of these lives in the process that owns the cache for the instance: the cluster's primary
 * when there are several processes (workers reach it over IPC, ipc.ts), the server itself
 * otherwise.
 *
 * Freshness: every store has a generation, set by `drop` (a store or catalogue change) to the
 * next value of one counter. A worker that misses is told the generation, renders, and offers the
 * page back with it; a page offered with another generation than the current one may have been
 * rendered from data read before the change, so it is not kept. Only the most recently dropped
 * stores' generations are remembered (a bulk change of a million stores must not leave a million
 * of them behind, decision 025); a store forgotten answers the highest generation forgotten, so an
 * offer from before a forgotten drop is refused, never wrongly kept.
 */
import { LRUCache } from "lru-cache";
import { templateSize, type TemplateBody } from "./personal";

export interface PageEntry {
  status: number;
  /** Response headers as sent, the page's own Content-Security-Policy (its nonce) included. */
  headers: [string, string][];
  /** The body in the key's encoding. */
  body: Uint8Array;
  encoding: "br" | "gzip" | "identity";
  etag: string;
  /** Epoch ms after which the entry is never served (TTL, next sale start or end). */
  expiresAt: number;
  /**
   * A signed-in page's shared copy (decision 031): cut at its tokens, filled per viewer; `body`
   * is empty then.
   */
  template?: TemplateBody;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stored: number;
  /** Offers refused because the store changed while the page was rendered. */
  stale: number;
  /** Entries past their life served because the database was down (decision 020). */
  servedStale: number;
  evicted: number;
  dropped: number;
}

export interface Lookup {
  entry: PageEntry | null;
  generation: number;
}

/** Bytes an entry is charged: body, headers, key and a fixed overhead for the objects. */
export function entrySize(key: string, entry: PageEntry): number {
  let size = 256 + key.length * 2 + entry.body.byteLength + entry.etag.length * 2;
  if (entry.template) size += templateSize(entry.template);
  for (const [name, value] of entry.headers) size += 32 + (name.length + value.length) * 2;
  return size;
}

interface Stored {
  storeId: string;
  entry: PageEntry;
}

export class PageStore {
  private readonly entries: LRUCache<string, Stored>;
  private readonly generations: LRUCache<string, number>;
  private clock = 0;
  /** The highest generation the LRU above has forgotten. */
  private floor = 0;
  /** Keys per store, so a store's change drops only its own entries. */
  private readonly byStore = new Map<string, Set<string>>();
  /**
   * The store each host with kept pages was resolved to by the process that rendered them. With
   * several processes, one that never resolved a host itself (its tenant cache is its own) still
   * finds the host's stale pages while the database is down (decision 020).
   */
  private readonly storeByHost = new Map<string, string>();
  private readonly hostsByStore = new Map<string, Set<string>>();
  private readonly counts = {
    hits: 0,
    misses: 0,
    stored: 0,
    stale: 0,
    servedStale: 0,
    evicted: 0,
    dropped: 0,
  };

  constructor(
    readonly maxBytes: number,
    rememberedStores = 100_000,
  ) {
    this.generations = new LRUCache<string, number>({
      max: rememberedStores,
      dispose: (generation, _storeId, reason) => {
        if (reason === "evict" && generation > this.floor) this.floor = generation;
      },
    });
    this.entries = new LRUCache<string, Stored>({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => entrySize(key, value.entry),
      dispose: (value, key, reason) => {
        const keys = this.byStore.get(value.storeId);
        keys?.delete(key);
        if (keys?.size === 0) this.forgetHosts(value.storeId);
        if (reason === "evict") this.counts.evicted++;
      },
    });
  }

  generation(storeId: string): number {
    return this.generations.get(storeId) ?? this.floor;
  }

  get(storeId: string, key: string, now = Date.now()): Lookup {
    const generation = this.generation(storeId);
    const stored = this.entries.get(key);
    if (stored && stored.storeId === storeId && stored.entry.expiresAt > now) {
      this.counts.hits++;
      return { entry: stored.entry, generation };
    }
    // An entry past its life stays (until evicted or replaced): it is what a visitor gets while
    // the database is down (`stale`, decision 020).
    this.counts.misses++;
    return { entry: null, generation };
  }

  /** The entry for `key` while it lives, or null; a miss is not counted (the caller asks `get` next). */
  peek(storeId: string, key: string, now = Date.now()): PageEntry | null {
    const stored = this.entries.get(key);
    if (!stored || stored.storeId !== storeId || stored.entry.expiresAt <= now) return null;
    this.counts.hits++;
    return stored.entry;
  }

  /** The entry for `key` whatever its age, for when nothing fresher can be rendered. */
  stale(storeId: string, key: string): PageEntry | null {
    const stored = this.entries.get(key);
    if (!stored || stored.storeId !== storeId) return null;
    this.counts.servedStale++;
    return stored.entry;
  }

  /** The store whose pages were last kept for `host`, while it has any. */
  storeOf(host: string): string | null {
    return this.storeByHost.get(host) ?? null;
  }

  /** Keeps a rendered page unless its store changed since the lookup that missed. */
  set(storeId: string, key: string, generation: number, entry: PageEntry, host?: string): boolean {
    if (generation !== this.generation(storeId)) {
      this.counts.stale++;
      return false;
    }
    // Larger than the whole cache: lru-cache would refuse it anyway.
    if (entrySize(key, entry) > this.maxBytes) return false;
    this.entries.set(key, { storeId, entry });
    if (!this.entries.has(key)) return false;
    let keys = this.byStore.get(storeId);
    if (!keys) {
      keys = new Set();
      this.byStore.set(storeId, keys);
    }
    keys.add(key);
    if (host) this.rememberHost(host, storeId);
    this.counts.stored++;
    return true;
  }

  private rememberHost(host: string, storeId: string): void {
    const previous = this.storeByHost.get(host);
    if (previous === storeId) return;
    if (previous) this.hostsByStore.get(previous)?.delete(host);
    this.storeByHost.set(host, storeId);
    let hosts = this.hostsByStore.get(storeId);
    if (!hosts) {
      hosts = new Set();
      this.hostsByStore.set(storeId, hosts);
    }
    hosts.add(host);
  }

  private forgetHosts(storeId: string): void {
    const hosts = this.hostsByStore.get(storeId);
    if (!hosts) return;
    this.hostsByStore.delete(storeId);
    for (const host of hosts) {
      if (this.storeByHost.get(host) === storeId) this.storeByHost.delete(host);
    }
  }

  /** The store changed: its pages go, and pages rendered before now are not taken back. */
  drop(storeId: string): void {
    this.generations.set(storeId, ++this.clock);
    const keys = this.byStore.get(storeId);
    // A changed store may have changed its hosts (a custom domain): learnt again from new pages.
    this.forgetHosts(storeId);
    if (!keys) return;
    this.byStore.delete(storeId);
    for (const key of keys) {
      if (this.entries.delete(key)) this.counts.dropped++;
    }
  }

  dropMany(storeIds: Iterable<string>): void {
    for (const storeId of storeIds) this.drop(storeId);
  }

  /** Every store dropped at once: all pages go, and no page looked up before now is taken back. */
  dropAll(): void {
    this.floor = ++this.clock;
    this.generations.clear();
    this.counts.dropped += this.entries.size;
    this.entries.clear();
    this.byStore.clear();
    this.storeByHost.clear();
    this.hostsByStore.clear();
  }

  stats(): PageCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.entries.calculatedSize,
      maxBytes: this.maxBytes,
      ...this.counts,
    };
  }
}
