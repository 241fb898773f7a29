import { describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server";
import { CatalogCache } from "~/services/catalog/catalog-cache.server";

/** Just enough of a database for the cache: no sale ever starts or ends unless told. */
function fakeDb(saleChangeAt: () => number | null = () => null) {
  let notify: (payload: string) => void = () => {};
  const db = {
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      notify = onMessage;
      return async () => {};
    },
    // The cache asks for the next sale boundary through withStore; answer it directly.
    withStore: async () => saleChangeAt(),
  } as unknown as Db;
  return { db, notify: (storeId: string) => notify(storeId) };
}

function counter<T>(values: T[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)]!,
    get calls() {
      return calls;
    },
  };
}

describe("CatalogCache", () => {
  it("answers from memory until the store's catalogue changes", async () => {
    const { db, notify } = fakeDb();
    const cache = await new CatalogCache(db).start();
    const source = counter(["v1", "v2"]);
    expect(await cache.get("store-a", "home", source.load)).toBe("v1");
    expect(await cache.get("store-a", "home", source.load)).toBe("v1");
    expect(source.calls).toBe(1);

    notify("store-a");
    expect(await cache.get("store-a", "home", source.load)).toBe("v2");
    expect(source.calls).toBe(2);
  });

  it("keeps stores apart: one store's change leaves another's entries", async () => {
    const { db, notify } = fakeDb();
    const cache = await new CatalogCache(db).start();
    const a = counter(["a1", "a2"]);
    const b = counter(["b1", "b2"]);
    await cache.get("store-a", "home", a.load);
    await cache.get("store-b", "home", b.load);
    notify("store-b");
    expect(await cache.get("store-a", "home", a.load)).toBe("a1");
    expect(await cache.get("store-b", "home", b.load)).toBe("b2");
    // The same key of two stores never shares an entry.
    expect(a.calls).toBe(1);
  });

  it("runs one load for concurrent misses of one key", async () => {
    const { db } = fakeDb();
    const cache = await new CatalogCache(db).start();
    const source = counter(["only"]);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("store-a", "k", source.load)));
    expect(answers).toEqual(["only", "only", "only"]);
    expect(source.calls).toBe(1);
  });

  it("does not keep a value loaded across a change, nor hand it to later readers", async () => {
    const { db } = fakeDb();
    const cache = await new CatalogCache(db).start();
    let release: (value: string) => void = () => {};
    const slow = new Promise<string>((resolve) => (release = resolve));
    const first = cache.get("store-a", "k", () => slow);
    cache.invalidate("store-a");
    const second = cache.get("store-a", "k", async () => "after");
    release("before");
    expect(await first).toBe("before");
    expect(await second).toBe("after");
    expect(await cache.get("store-a", "k", async () => "reloaded")).toBe("after");
  });

  it("drops a store's entries once its next sale boundary has passed", async () => {
    // The clock is the test's: the boundary is a moment, not a wait (the cache reads Date.now()).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.parse("2026-06-01T10:00:00Z");
      vi.setSystemTime(start);
      let boundary: number | null = start + 40;
      const { db } = fakeDb(() => boundary);
      const cache = await new CatalogCache(db).start();
      const source = counter(["full price", "sale price"]);
      expect(await cache.get("store-a", "p", source.load)).toBe("full price");
      vi.setSystemTime(start + 39);
      expect(await cache.get("store-a", "p", source.load)).toBe("full price");
      expect(source.calls).toBe(1);
      vi.setSystemTime(start + 40);
      boundary = null;
      expect(await cache.get("store-a", "p", source.load)).toBe("sale price");
      expect(source.calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not cache a failed load", async () => {
    const { db } = fakeDb();
    const cache = await new CatalogCache(db).start();
    await expect(cache.get("store-a", "k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("store-a", "k", async () => "up")).toBe("up");
  });
});
