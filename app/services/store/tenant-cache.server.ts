/**
 * The tenant cache's memory (decision 003, reworked by decision 025): host → tenant, bounded in
 * bytes, where forgetting a store costs what that store has cached and never what the cache holds.
 *
 * - Known hosts live in an LRU sized in bytes (TENANT_CACHE_MB) with an index from store id to
 *   its cached hosts, kept by the LRU's dispose callback, so a store's change drops exactly its
 *   hosts.
 * - Unknown hosts (scanners, typos, a domain not verified yet) live apart, in an LRU of their own
 *   that cannot evict known hosts, stamped with the generation they were looked up in. Any store
 *   change bumps the generation, which turns every unknown entry stale in O(1) (a new store or a
 *   newly verified domain can make an unknown host a store).
 * - Notifications take effect at once (a queued store's hosts are not answered), and are applied
 *   (hosts freed) on the next turn of the event loop in slices of a few milliseconds, so a statement that changed a million stores delivers a million notifications
 *   without ever holding the loop for long. When more stores are queued than the cache holds
 *   stores, the whole cache is swapped for an empty one instead (O(1): refilling it costs no more
 *   than what was cached).
 */
import { LRUCache } from "lru-cache";

/**
 * What one cached host costs in the V8 heap besides its strings: `npm run bench:tenants` measured
 * ~1,580 bytes a host in all (heap growth over 5,000 resolved hosts of stores with default
 * settings, after a full GC), of which the host and the store's texts (charged below as two bytes
 * a character) are ~330. See docs/deploy/many-stores.md.
 */
export const TENANT_ENTRY_BYTES = 1_250;
/** Unknown hosts kept at most (each a short string and a number: ~200 bytes). */
const UNKNOWN_MAX = 10_000;
/** A slice of queued invalidations stops after this long, then yields to the event loop. */
const SLICE_MS = 4;
/**
 * Up to this many queued stores are dropped one by one (microseconds each); more, and more than
 * the cache holds, replace the whole cache at once. A few other stores' changes must never wipe a
 * small cache: its hosts are also what finds a store's stale pages while the database is down
 * (decision 020), and a worker holding one or two stores wiped them on any two notifications.
 */
const DROP_ALL_ABOVE = 1_000;

export interface CachedTenant {
  /** The store whose hosts this is; null for the platform (never invalidated by a store). */
  storeId: string | null;
  /** Rough size of the variable strings (names, settings texts), in characters. */
  chars: number;
}

export class TenantCache<T extends CachedTenant> {
  private known: LRUCache<string, T>;
  private byStore = new Map<string, Set<string>>();
  private readonly unknown: LRUCache<string, number>;
  private readonly pending = new Set<string>();
  /** More stores were queued than the cache holds: drop everything instead of store by store. */
  private dropAll = false;
  private scheduled = false;
  private generationValue = 0;

  constructor(
    private readonly options: { maxBytes: number; ttlMs: number },
    /** Called after a slice of queued invalidations has been applied (tests, benches). */
    private readonly onDrained?: () => void,
  ) {
    this.known = this.createKnown();
    this.unknown = new LRUCache<string, number>({ max: UNKNOWN_MAX, ttl: options.ttlMs });
  }

  private createKnown(): LRUCache<string, T> {
    return new LRUCache<string, T>({
      maxSize: this.options.maxBytes,
      ttl: this.options.ttlMs,
      // An expired host is kept until replaced or evicted: `peekStale` still answers for it
      // while the database is down (decision 020).
      noDeleteOnStaleGet: true,
      sizeCalculation: (value, key) => TENANT_ENTRY_BYTES + 2 * (key.length + value.chars),
      dispose: (value, key) => {
        if (!value.storeId) return;
        const hosts = this.byStore.get(value.storeId);
        if (!hosts) return;
        hosts.delete(key);
        if (hosts.size === 0) this.byStore.delete(value.storeId);
      },
    });
  }

  /** Bumped by every change; a lookup that started in an older generation is not kept. */
  get generation(): number {
    return this.generationValue;
  }

  get(host: string): T | "unknown" | undefined {
    const found = this.known.get(host);
    // A store queued by a notification is not answered from here any more, though its hosts are
    // freed only by the slice that drains it: the page cache drops the store's pages on a later
    // turn than the notification and relies on every page rendered after that drop reading the
    // tenant afresh (server/page-cache/start.ts).
    if (found) return this.queued(found.storeId) ? undefined : found;
    const stamp = this.unknown.get(host);
    if (stamp === undefined) return undefined;
    if (stamp === this.generationValue) return "unknown";
    this.unknown.delete(host);
    return undefined;
  }

  /**
   * The known host's entry however long ago it was looked up, without touching its recency: the
   * page cache serves stale pages by it while the database is down (decision 020).
   */
  peekStale(host: string): T | undefined {
    return this.known.peek(host, { allowStale: true });
  }

  /** Keeps what a lookup begun in `generation` found, unless something changed meanwhile. */
  set(host: string, value: T | "unknown", generation: number): void {
    if (generation !== this.generationValue) return;
    if (value === "unknown") {
      this.unknown.set(host, generation);
      return;
    }
    this.known.set(host, value);
    // A value larger than the whole cache is refused by the LRU: nothing to index then.
    if (!value.storeId || !this.known.has(host)) return;
    let hosts = this.byStore.get(value.storeId);
    if (!hosts) {
      hosts = new Set();
      this.byStore.set(value.storeId, hosts);
    }
    hosts.add(host);
  }

  /** Drops one store's hosts (and every unknown host) now. */
  invalidate(storeId: string): void {
    this.generationValue++;
    this.dropStore(storeId);
  }

  /**
   * A notification: unknown hosts and the store's hosts stop being answered at once (O(1)); the
   * store's hosts are freed on the next turn of the event loop, with every other store notified
   * meanwhile.
   */
  queue(storeId: string): void {
    this.generationValue++;
    if (!this.dropAll) {
      this.pending.add(storeId);
      if (this.pending.size > Math.max(this.byStore.size, DROP_ALL_ABOVE)) {
        this.dropAll = true;
        this.pending.clear();
      }
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  /** Heard of (queued) and not drained yet: answered as absent. O(1). */
  private queued(storeId: string | null): boolean {
    return storeId !== null && (this.dropAll || this.pending.has(storeId));
  }

  private dropStore(storeId: string): void {
    const hosts = this.byStore.get(storeId);
    if (!hosts) return;
    // The dispose callback edits the set; iterate over a copy.
    for (const host of [...hosts]) this.known.delete(host);
    this.byStore.delete(storeId);
  }

  private drain(): void {
    this.scheduled = false;
    if (this.dropAll) {
      this.dropAll = false;
      this.known = this.createKnown();
      this.byStore = new Map();
      this.onDrained?.();
      return;
    }
    const until = performance.now() + SLICE_MS;
    let done = 0;
    for (const storeId of this.pending) {
      this.pending.delete(storeId);
      this.dropStore(storeId);
      // Reading the clock every store would cost more than the drops themselves.
      if (++done % 32 === 0 && performance.now() > until) break;
    }
    if (this.pending.size > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
    this.onDrained?.();
  }

  /** Nothing queued: every notification heard so far has been applied. */
  get idle(): boolean {
    return !this.scheduled && this.pending.size === 0;
  }

  stats(): { hosts: number; stores: number; unknown: number; bytes: number; maxBytes: number } {
    return {
      hosts: this.known.size,
      stores: this.byStore.size,
      unknown: this.unknown.size,
      bytes: this.known.calculatedSize,
      maxBytes: this.options.maxBytes,
    };
  }
}
