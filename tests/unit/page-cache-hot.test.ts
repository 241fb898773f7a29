/**
 * A worker's hot copy of the instance's page cache (server/page-cache/hot.ts, issue 41): a hit is
 * answered without asking the shared cache, and a page is never kept in the copy across a drop
 * the worker heard, whichever way it came (from the shared cache or rendered here).
 */
import { describe, expect, it } from "vitest";
import { localBackend, type PageCacheBackend } from "../../server/page-cache/backend";
import { hotBackend } from "../../server/page-cache/hot";
import { PageStore, type PageEntry } from "../../server/page-cache/store";

const STORE = "store-a";
const KEY = "https://a.example/products/red";

const page = (body: string, expiresAt = Date.now() + 60_000): PageEntry => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: new TextEncoder().encode(body),
  encoding: "identity",
  etag: `W/"${body.length}-${body.slice(0, 8)}"`,
  expiresAt,
});

const text = (entry: PageEntry | null) => (entry ? new TextDecoder().decode(entry.body) : null);

/** The shared cache (the primary's) with a count of the lookups that reached it. */
function sharedCache() {
  const store = new PageStore(1024 * 1024);
  const inner = localBackend(store);
  const counted = { lookups: 0 };
  const backend: PageCacheBackend = {
    ...inner,
    get: (storeId, key) => {
      counted.lookups++;
      return inner.get(storeId, key);
    },
  };
  return { store, backend, counted };
}

describe("a worker's hot copy", () => {
  it("answers a page it rendered without asking the shared cache, which keeps it for the others", async () => {
    const shared = sharedCache();
    const hot = hotBackend(shared.backend, new PageStore(1024 * 1024));
    const miss = await hot.get(STORE, KEY);
    expect(miss.entry).toBeNull();
    hot.set(STORE, KEY, miss.generation, page("v1"), "a.example");
    expect(shared.counted.lookups).toBe(1);

    expect(text((await hot.get(STORE, KEY)).entry)).toBe("v1");
    expect(shared.counted.lookups).toBe(1);
    expect(text(shared.store.get(STORE, KEY).entry)).toBe("v1");
    expect(await hot.storeOf("a.example")).toBe(STORE);
  });

  it("copies a page another worker rendered the first time it is asked for, then answers it itself", async () => {
    const shared = sharedCache();
    shared.store.set(STORE, KEY, shared.store.generation(STORE), page("theirs"));
    const hot = hotBackend(shared.backend, new PageStore(1024 * 1024));
    expect(text((await hot.get(STORE, KEY)).entry)).toBe("theirs");
    expect(text((await hot.get(STORE, KEY)).entry)).toBe("theirs");
    expect(shared.counted.lookups).toBe(1);
  });

  it("drops its copy with the shared one, and keeps nothing rendered before the drop", async () => {
    const shared = sharedCache();
    const hot = hotBackend(shared.backend, new PageStore(1024 * 1024));
    const first = await hot.get(STORE, KEY);
    hot.set(STORE, KEY, first.generation, page("v1"), "a.example");
    hot.dropMany([STORE]);
    expect(shared.store.get(STORE, KEY).entry).toBeNull();

    // A render that began before a drop is offered after it: neither copy keeps it.
    const lookup = await hot.get(STORE, KEY);
    expect(lookup.entry).toBeNull();
    hot.drop(STORE);
    hot.set(STORE, KEY, lookup.generation, page("read before the change"), "a.example");
    expect(shared.store.get(STORE, KEY).entry).toBeNull();
    expect((await hot.get(STORE, KEY)).entry).toBeNull();
  });

  it("does not keep a page fetched from the shared cache when this worker dropped the store meanwhile", async () => {
    const sharedStore = new PageStore(1024 * 1024);
    sharedStore.set(STORE, KEY, sharedStore.generation(STORE), page("old"));
    let answer: (() => void) | undefined;
    // The shared cache's answer is still on its way when this worker hears the change.
    const slow: PageCacheBackend = {
      ...localBackend(sharedStore),
      get: (storeId, key) => {
        const found = sharedStore.get(storeId, key);
        return new Promise((resolve) => (answer = () => resolve(found)));
      },
    };
    const hot = hotBackend(slow, new PageStore(1024 * 1024));
    const asked = hot.get(STORE, KEY);
    hot.drop(STORE);
    answer!();
    expect(text((await asked).entry)).toBe("old");
    // Not kept: the next request asks the shared cache again, which has dropped it too.
    const next = hot.get(STORE, KEY);
    answer!();
    expect((await next).entry).toBeNull();
  });

  it("stops serving an entry at its expiry, and still has it for an outage", async () => {
    const shared = sharedCache();
    const hot = hotBackend(shared.backend, new PageStore(1024 * 1024));
    const lookup = await hot.get(STORE, KEY);
    hot.set(STORE, KEY, lookup.generation, page("expired", Date.now() - 1), "a.example");
    expect((await hot.get(STORE, KEY)).entry).toBeNull();
    expect(text(await hot.stale(STORE, KEY))).toBe("expired");
  });

  it("keeps within its own memory bound, evicting what was used least", async () => {
    const shared = sharedCache();
    const local = new PageStore(4 * 1024);
    const hot = hotBackend(shared.backend, local);
    for (const n of [1, 2, 3]) {
      const key = `${KEY}?n=${n}`;
      const lookup = await hot.get(STORE, key);
      hot.set(STORE, key, lookup.generation, page("x".repeat(1500)), "a.example");
    }
    expect(local.stats().bytes).toBeLessThanOrEqual(4 * 1024);
    expect(local.stats().evicted).toBeGreaterThan(0);
    // The shared cache, larger, still has them all for the other workers.
    expect(shared.store.stats().entries).toBe(3);
  });
});
