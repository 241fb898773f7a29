/**
 * A worker's hot copy of the instance's page cache (server/page-cache/hot.ts, issue 41): a hit is
 * answered without asking the shared cache, and a page is never kept in the copy across a drop
 * the worker heard or was told of by the primary, whichever way it came (from the shared cache or
 * rendered here).
 */
import { describe, expect, it } from "vitest";
import { HandOuts, localBackend, type PageCacheBackend } from "../../server/page-cache/backend";
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

  it("drops a store when the primary says another worker dropped it, and keeps no page handed before", async () => {
    const sharedStore = new PageStore(1024 * 1024);
    const told: ((storeIds: string[] | null) => void)[] = [];
    let answer: (() => void) | undefined;
    let slow = false;
    const inner = localBackend(sharedStore);
    const channel: PageCacheBackend = {
      ...inner,
      get: (storeId, key) => {
        const found = sharedStore.get(storeId, key);
        return slow ? new Promise((resolve) => (answer = () => resolve(found))) : Promise.resolve(found);
      },
      onDroppedElsewhere: (listener) => void told.push(listener),
    };
    const hot = hotBackend(channel, new PageStore(1024 * 1024));
    // Another worker rendered this before it heard of a change; this worker copied it.
    sharedStore.set(STORE, KEY, sharedStore.generation(STORE), page("rendered by a late worker"));
    expect(text((await hot.get(STORE, KEY)).entry)).toBe("rendered by a late worker");
    // That worker hears and drops: the primary tells this one, whose copy lets it go.
    sharedStore.drop(STORE);
    for (const listener of told) listener([STORE]);
    expect((await hot.get(STORE, KEY)).entry).toBeNull();

    // A page handed over just before the primary's message, whose answer is read after it: the
    // copy does not keep it.
    sharedStore.set(STORE, KEY, sharedStore.generation(STORE), page("handed before the drop"));
    slow = true;
    const asked = hot.get(STORE, KEY);
    sharedStore.drop(STORE);
    for (const listener of told) listener([STORE]);
    answer!();
    expect(text((await asked).entry)).toBe("handed before the drop");
    const next = hot.get(STORE, KEY);
    answer!();
    expect((await next).entry).toBeNull();

    // Told to forget every store (the primary's record was full): nothing stays, nothing in flight is kept.
    slow = false;
    sharedStore.set(STORE, KEY, sharedStore.generation(STORE), page("any"));
    expect((await hot.get(STORE, KEY)).entry).not.toBeNull();
    for (const listener of told) listener(null);
    sharedStore.drop(STORE);
    expect((await hot.get(STORE, KEY)).entry).toBeNull();
  });
});

describe("the primary's record of pages handed to workers", () => {
  it("passes a drop on to the other workers handed a page of the store since its last drop, once", () => {
    const handOuts = new HandOuts<string>();
    handOuts.handed("s1", "w1");
    handOuts.handed("s1", "w2");
    handOuts.handed("s2", "w2");
    // w1 dropped both: w2 is told of both, w1 (which dropped its own copy) of nothing.
    expect([...handOuts.dropped(["s1", "s2", "s3"], "w1")]).toEqual([["w2", ["s1", "s2"]]]);
    // The other workers' drops of the same change: nothing handed out since, nobody to tell.
    expect(handOuts.dropped(["s1", "s2"], "w2").size).toBe(0);
    // Handed again after the drop: the next drop is passed on again.
    handOuts.handed("s1", "w3");
    expect([...handOuts.dropped(["s1"], "w2")]).toEqual([["w3", ["s1"]]]);
  });

  it("forgets a worker that is gone, and starts over when full (the caller then clears every copy)", () => {
    const handOuts = new HandOuts<string>(2);
    expect(handOuts.handed("s1", "w1")).toBe(true);
    handOuts.forget("w1");
    expect(handOuts.dropped(["s1"], "w2").size).toBe(0);
    expect(handOuts.handed("s1", "w1")).toBe(true);
    expect(handOuts.handed("s2", "w1")).toBe(true);
    expect(handOuts.handed("s3", "w1")).toBe(false);
    expect(handOuts.dropped(["s1", "s2", "s3"], "w2").size).toBe(0);
  });
});
