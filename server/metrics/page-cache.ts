/** The page cache's figures as metrics (decision 021), read from the cache when scraped. */
import { Counter, Gauge, type Registry } from "prom-client";
import type { PageCacheStats } from "../page-cache/store";

/** Metric name → the figure it reads and its help. */
const COUNTS = {
  hits: ["hits", "Lookups answered from the cache"],
  misses: ["misses", "Lookups the cache could not answer"],
  stored: ["stored", "Pages kept"],
  stale: [
    "servedStale",
    "Pages past their life served while the database was down (X-Cache: stale, decision 020)",
  ],
  superseded: ["stale", "Pages not kept because their store changed while they were rendered"],
  evicted: ["evicted", "Pages evicted to stay within the memory bound"],
  dropped: ["dropped", "Pages dropped because their store or catalogue changed"],
} as const satisfies Record<string, readonly [keyof PageCacheStats, string]>;

export function pageCacheMetrics(registry: Registry, stats: () => Promise<PageCacheStats>): void {
  let latest: Promise<PageCacheStats | null> | null = null;
  // One read of the cache per scrape, shared by every metric below.
  const read = () => {
    latest ??= stats()
      .catch(() => null)
      .finally(() => setTimeout(() => (latest = null), 0));
    return latest;
  };
  for (const [name, [field, help]] of Object.entries(COUNTS)) {
    new Counter({
      name: `page_cache_${name}_total`,
      help,
      registers: [registry],
      async collect() {
        const value = (await read())?.[field];
        if (value === undefined) return;
        this.reset();
        this.inc(value);
      },
    });
  }
  const gauges = {
    bytes: "Bytes held",
    maxBytes: "The memory bound in bytes",
    entries: "Pages held",
  } as const;
  for (const [field, help] of Object.entries(gauges) as [keyof typeof gauges, string][]) {
    new Gauge({
      name: `page_cache_${field === "maxBytes" ? "max_bytes" : field}`,
      help,
      registers: [registry],
      async collect() {
        const value = (await read())?.[field];
        if (value !== undefined) this.set(value);
      },
    });
  }
}
