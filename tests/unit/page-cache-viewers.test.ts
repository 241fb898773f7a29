/**
 * The viewers a process keeps for signed-in cached pages (server/page-cache/viewers.ts, issue 41):
 * kept until the session's clock, the backstop TTL, a drop of the user, the store or everything;
 * a read that started before a drop of its store is not kept; the oldest go first at the bound;
 * the browser's stamp is part of the key.
 */
import { describe, expect, it } from "vitest";
import type { PageViewer } from "../../app/services/identity/viewer.server";
import {
  newViewerStamp,
  stampOf,
  ViewerCache,
  viewerKey,
  type KeptViewer,
} from "../../server/page-cache/viewers";

const viewer = (name: string, cartLineCount = 0): PageViewer => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  isAdmin: false,
  imageId: null,
  cartLineCount,
  product: null,
});

function clocked(maxEntries = 10, ttlMs = 60_000) {
  const clock = { now: 1_000_000 };
  const cache = new ViewerCache({ maxEntries, ttlMs, now: () => clock.now });
  const kept = (storeId: string, userId: string, name: string, until = clock.now + 300_000): KeptViewer => ({
    viewer: viewer(name),
    storeId,
    userId,
    until,
  });
  return { clock, cache, kept };
}

describe("a process's kept viewers", () => {
  it("answers a kept viewer until its session's moment, and never past the TTL", () => {
    const { clock, cache, kept } = clocked(10, 60_000);
    cache.keep("a", kept("s1", "u1", "Amal", clock.now + 5_000), cache.generation("s1"));
    cache.keep("b", kept("s1", "u2", "Badr", clock.now + 300_000), cache.generation("s1"));
    expect(cache.get("a")?.name).toBe("Amal");
    clock.now += 5_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.name).toBe("Badr");
    clock.now += 55_000;
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops one user's viewers on their notification, and only theirs", () => {
    const { cache, kept } = clocked();
    cache.keep("a-home", kept("s1", "u1", "Amal"), cache.generation("s1"));
    cache.keep("a-product", kept("s1", "u1", "Amal"), cache.generation("s1"));
    cache.keep("b-home", kept("s1", "u2", "Badr"), cache.generation("s1"));
    cache.keep("c-home", kept("s2", "u1", "Other store"), cache.generation("s2"));
    cache.dropUser("s1:u1");
    expect(cache.get("a-home")).toBeUndefined();
    expect(cache.get("a-product")).toBeUndefined();
    expect(cache.get("b-home")?.name).toBe("Badr");
    expect(cache.get("c-home")?.name).toBe("Other store");
  });

  it("drops every viewer of a store on its change, and everything after a reconnect", () => {
    const { cache, kept } = clocked();
    cache.keep("a", kept("s1", "u1", "Amal"), cache.generation("s1"));
    cache.keep("b", kept("s1", "u2", "Badr"), cache.generation("s1"));
    cache.keep("c", kept("s2", "u3", "Chadi"), cache.generation("s2"));
    cache.dropStore("s1");
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, undefined]);
    expect(cache.get("c")?.name).toBe("Chadi");
    cache.dropAll();
    expect(cache.get("c")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("refuses a read that started before a drop of its store, whichever drop it was", () => {
    const { cache, kept } = clocked();
    for (const drop of [
      () => cache.dropUser("s1:someone-else"),
      () => cache.dropStore("s1"),
      () => cache.dropAll(),
    ]) {
      const before = cache.generation("s1");
      drop();
      cache.keep("a", kept("s1", "u1", "Amal"), before);
      expect(cache.get("a")).toBeUndefined();
    }
    // Another store's read in flight is not concerned by a drop of s1.
    const other = cache.generation("s2");
    cache.dropStore("s1");
    cache.keep("c", kept("s2", "u3", "Chadi"), other);
    expect(cache.get("c")?.name).toBe("Chadi");
  });

  it("lets the oldest go at its bound, and keeps nothing with a bound of 0", () => {
    const { cache, kept } = clocked(2);
    cache.keep("a", kept("s1", "u1", "Amal"), cache.generation("s1"));
    cache.keep("b", kept("s1", "u2", "Badr"), cache.generation("s1"));
    cache.keep("c", kept("s1", "u3", "Chadi"), cache.generation("s1"));
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")?.name).toBe("Chadi");
    // The evicted user's index went with it: their drop finds nothing to do, the others stay.
    cache.dropUser("s1:u1");
    expect(cache.size).toBe(2);
    const off = clocked(0);
    off.cache.keep("a", off.kept("s1", "u1", "Amal"), off.cache.generation("s1"));
    expect(off.cache.get("a")).toBeUndefined();
  });
});

describe("the viewer stamp", () => {
  it("is read from a Cookie header by its exact name, and is part of the key", () => {
    expect(stampOf("__session=abc; __vs=k1.2; lng=ar")).toBe("k1.2");
    expect(stampOf("__vs=first")).toBe("first");
    expect(stampOf("__session=abc")).toBe("");
    expect(stampOf("x__vs=forged; lng=en")).toBe("");
    expect(viewerKey("s1", "hash", "k1.2", null)).not.toBe(viewerKey("s1", "hash", "k1.3", null));
    expect(viewerKey("s1", "hash", "", "red")).not.toBe(viewerKey("s1", "hash", "", null));
  });

  it("is new at every answer, an HttpOnly cookie of the whole site", () => {
    const first = newViewerStamp(true);
    const second = newViewerStamp(false);
    expect(first.split(";")[0]).not.toBe(second.split(";")[0]);
    expect(first).toMatch(/^__vs=[a-z0-9.]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(second).not.toContain("Secure");
  });
});
