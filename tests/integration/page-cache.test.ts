/**
 * The page cache at the edge (decision 017), with the real Express app of server.ts and a
 * stand-in for Remix that tells what it rendered: what the key separates, what is never served
 * from or stored in the cache, HEAD and conditional requests, the memory bound, and (on PGlite
 * and PostgreSQL) a change in the database dropping the store's pages through its notification.
 * Two real server instances sharing PostgreSQL: page-cache-instances.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products, storeSettings } from "~/db/schema";
import { CatalogCache } from "~/services/catalog/catalog-cache.server";
import { TenantResolver } from "~/services/store/tenancy.server";
import type { AppOptions } from "../../server/app";
import { EdgePageCache, encodingClass } from "../../server/edge/page-cache";
import { localBackend } from "../../server/page-cache/backend";
import { startPageCache, type RunningPageCache } from "../../server/page-cache/start";
import { PageStore, type PageEntry } from "../../server/page-cache/store";
import { createTestDb, type TestDb } from "../helpers/db";
import { startEdge, type EdgeServer } from "../helpers/edge-app";
import { textRequest, type TextReply } from "../helpers/raw-http";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";

type Reply = TextReply;

function get(
  server: EdgeServer,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Reply> {
  return textRequest({ port: server.port, host: "pca.localhost", path, method, headers });
}

/** Renders a page saying what it was asked and how many pages were rendered so far. */
function standIn(options: { extra?: (request: Request) => string } = {}) {
  let renders = 0;
  const handle: AppOptions["handle"] = async (request, _req, res) => {
    renders++;
    const url = new URL(request.url);
    // A render that takes a while, so that requests sent together all arrive during it.
    // eslint-disable-next-line no-restricted-syntax -- the stand-in's slow render is the behaviour under test
    if (url.searchParams.has("slow")) await new Promise((resolve) => setTimeout(resolve, 100));
    const nonce = String(res.locals.cspNonce ?? "");
    const body = [
      `render=${renders}`,
      `host=${url.host}`,
      `path=${url.pathname}${url.search}`,
      `cookie=${request.headers.get("cookie") ?? ""}`,
      `nonce=${nonce}`,
      options.extra?.(request) ?? "",
    ].join("\n");
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (url.pathname === "/contact" && url.searchParams.has("lng"))
      headers.set("Set-Cookie", "lng=ar; Path=/");
    if (url.pathname === "/about" && url.searchParams.has("closed")) headers.set("Cache-Control", "no-store");
    const status = url.searchParams.has("missing") ? 404 : url.searchParams.has("broken") ? 500 : 200;
    return new Response(body.padEnd(4_000, "."), { status, headers });
  };
  return { handle, renders: () => renders };
}

const STORES: Record<string, string> = {
  "pca.localhost": "store-a",
  "pcb.localhost": "store-b",
};

function edgeCache(store: PageStore, ttlMs = 60_000) {
  return new EdgePageCache({
    backend: localBackend(store),
    ttlMs,
    storeOf: async (host) => STORES[host.replace(/:\d+$/, "")] ?? null,
  });
}

describe("page cache at the edge (stand-in pages)", () => {
  let server: EdgeServer;
  let store: PageStore;
  let page: ReturnType<typeof standIn>;

  beforeAll(async () => {
    store = new PageStore(8 * 1024 * 1024);
    page = standIn();
    server = await startEdge({ handle: page.handle, pageCache: edgeCache(store) });
  });
  afterAll(() => server.close());

  it("answers the second anonymous request from the cache with the first one's bytes and policy", async () => {
    const first = await get(server, "/products?b=2&a=1");
    expect(first.headers["x-cache"]).toBe("miss");
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=4");
    expect(first.headers.vary).toBe("Accept-Encoding, Cookie");
    // Parameters in another order are the same page.
    const second = await get(server, "/products?a=1&b=2");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    // The stored page's nonce is in its body: the policy sent with it must be the stored one.
    const nonce = /nonce=(\S+)/.exec(second.body)?.[1];
    expect(second.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    expect(second.headers["x-frame-options"]).toBe("DENY");
  });

  it("renders a page missed by requests at once a single time and answers them all from it", async () => {
    const before = page.renders();
    const replies = await Promise.all(Array.from({ length: 6 }, () => get(server, "/categories?slow")));
    expect(page.renders() - before).toBe(1);
    expect(replies.map((reply) => reply.headers["x-cache"]).sort()).toEqual([
      "hit",
      "hit",
      "hit",
      "hit",
      "hit",
      "miss",
    ]);
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    expect(replies[0]?.body).toContain("render=");

    // A page that is not kept: the others render their own once the first is answered.
    const failing = await Promise.all(
      Array.from({ length: 3 }, () => get(server, "/categories?slow&broken")),
    );
    expect(failing.map((reply) => reply.status)).toEqual([500, 500, 500]);
    expect(page.renders() - before).toBe(4);
  });

  it("keeps store A's page from ever answering store B's host", async () => {
    const a = await get(server, "/about", { host: "pca.localhost" });
    const b = await get(server, "/about", { host: "pcb.localhost" });
    expect(b.headers["x-cache"]).toBe("miss");
    expect(b.body).toContain("host=pcb.localhost");
    const again = await get(server, "/about", { host: "pcb.localhost" });
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toContain("host=pcb.localhost");
    expect((await get(server, "/about", { host: "pca.localhost" })).body).toBe(a.body);
  });

  it("separates languages, themes and encodings", async () => {
    const variants: Record<string, string>[] = [
      {},
      { cookie: "lng=ImFyIg%3D%3D" },
      { cookie: "theme=ImRhcmsi" },
      { cookie: "theme=ImRhcmsi; lng=ImFyIg%3D%3D" },
    ];
    const bodies = new Set<string>();
    for (const headers of variants) {
      const first = await get(server, "/terms", headers);
      expect(first.headers["x-cache"], JSON.stringify(headers)).toBe("miss");
      const again = await get(server, "/terms", headers);
      expect(again.headers["x-cache"]).toBe("hit");
      expect(again.body).toBe(first.body);
      bodies.add(first.body);
    }
    expect(bodies.size).toBe(variants.length);
    // The same cookies in another order are the same page.
    const reordered = await get(server, "/terms", { cookie: "lng=ImFyIg%3D%3D; theme=ImRhcmsi" });
    expect(reordered.headers["x-cache"]).toBe("hit");

    const encodings = ["br, gzip", "gzip, deflate", "identity"];
    for (const accept of encodings) {
      const first = await get(server, "/privacy", { "accept-encoding": accept });
      expect(first.headers["x-cache"], accept).toBe("miss");
      const again = await get(server, "/privacy", { "accept-encoding": accept });
      expect(again.headers["x-cache"]).toBe("hit");
      const expected = encodingClass(accept);
      expect(again.headers["content-encoding"] ?? "identity").toBe(expected);
    }
    // Refusing both compressions is asking for the uncompressed page, already kept.
    expect(
      (await get(server, "/privacy", { "accept-encoding": "gzip;q=0, br;q=0" })).headers["x-cache"],
    ).toBe("hit");
    expect(encodingClass("br;q=0, gzip")).toBe("gzip");
    expect(encodingClass("*")).toBe("br");
    expect(encodingClass(undefined)).toBe("identity");
  });

  it("never serves or stores a signed-in, flash-toast or other-cookie request", async () => {
    const anonymous = await get(server, "/categories");
    expect(anonymous.headers["x-cache"]).toBe("miss");
    for (const cookie of [
      "__session=abc.def",
      "__staff=abc.def",
      "toast=eyJ9.sig",
      "lng=ImFyIg%3D%3D; __session=x",
    ]) {
      const personal = await get(server, "/categories", { cookie });
      expect(personal.headers["x-cache"], cookie).toBe("bypass");
      expect(personal.body).toContain(`cookie=${cookie}`);
      if (cookie.includes("__s")) expect(personal.headers["cache-control"]).toBe("private, no-store");
    }
    // Nothing personal was kept: the anonymous entry is still the first render.
    expect((await get(server, "/categories")).body).toBe(anonymous.body);
    // A signed-in visitor's page is never kept for the next anonymous one either.
    const rendered = page.renders();
    await get(server, "/categories/fresh", { cookie: "__session=abc.def" });
    const after = await get(server, "/categories/fresh");
    expect(after.headers["x-cache"]).toBe("miss");
    expect(page.renders()).toBe(rendered + 2);
  });

  it("never keeps a response that sets a cookie or calls itself private, nor errors other than 404", async () => {
    for (const path of ["/contact?lng=ar", "/about?closed=1", "/products?broken=1"]) {
      const first = await get(server, path);
      expect(first.headers["x-cache"], path).toBe("miss");
      expect(first.headers["cache-control"]).not.toContain("public");
      expect((await get(server, path)).headers["x-cache"], path).toBe("miss");
    }
    const notFound = await get(server, "/products/gone?missing=1");
    expect(notFound.status).toBe(404);
    const notFoundAgain = await get(server, "/products/gone?missing=1");
    expect(notFoundAgain.status).toBe(404);
    expect(notFoundAgain.headers["x-cache"]).toBe("hit");
  });

  it("compresses what Remix renders on a cacheable path and the cache does not keep (issue 41's short way)", async () => {
    // The short way to the edge wraps compression around a page only once the lookup did not
    // answer; a private page of a cacheable path must still go out compressed.
    const path = "/about?closed=compressed";
    const first = await get(server, path, { "accept-encoding": "gzip" });
    expect(first.headers["x-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("gzip");
    const kept = await get(server, "/about?compressed=1", { "accept-encoding": "gzip" });
    expect((await get(server, "/about?compressed=1", { "accept-encoding": "gzip" })).headers["x-cache"]).toBe(
      "hit",
    );
    expect(kept.headers["content-encoding"]).toBe("gzip");
  });

  it("leaves personal and non-storefront pages, other methods and unknown hosts alone", async () => {
    for (const path of [
      "/cart",
      "/wishlist",
      "/profile",
      "/orders",
      "/checkout",
      "/admin/dashboard",
      "/login",
      "/bench/bare",
      "/cart.data",
    ]) {
      await get(server, path);
      const again = await get(server, path);
      expect(again.headers["x-cache"], path).toBe("bypass");
      expect(again.headers["cache-control"], path).toMatch(/^private/);
    }
    const unknown = await get(server, "/", { host: "nobody.localhost" });
    expect(unknown.headers["x-cache"]).toBe("bypass");
    const post = await get(
      server,
      "/contact",
      { origin: "http://pca.localhost", "content-length": "0" },
      "POST",
    );
    expect(post.status).toBe(200);
    expect((await get(server, "/contact")).headers["x-cache"]).toBe("miss");
  });

  it("caches a page's .data like its document, separately", async () => {
    expect((await get(server, "/products/red.data")).headers["x-cache"]).toBe("miss");
    expect((await get(server, "/products/red.data")).headers["x-cache"]).toBe("hit");
    expect((await get(server, "/_root.data")).headers["x-cache"]).toBe("miss");
    expect((await get(server, "/_root.data")).headers["x-cache"]).toBe("hit");
    expect((await get(server, "/products/red")).headers["x-cache"]).toBe("miss");
  });

  it("answers HEAD from the entry without a body, and a conditional request with 304", async () => {
    const headMiss = await get(server, "/categories/head", {}, "HEAD");
    expect(headMiss.headers["x-cache"]).toBe("miss");
    const full = await get(server, "/categories/head", { "accept-encoding": "gzip" });
    expect(full.headers["x-cache"]).toBe("miss");
    const head = await get(server, "/categories/head", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("hit");
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);

    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const unchanged = await get(server, "/categories/head", {
      "accept-encoding": "gzip",
      "if-none-match": etag,
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    // A 304 carries the stored page's policy, which the browser puts with the body it keeps.
    expect(unchanged.headers["content-security-policy"]).toBe(full.headers["content-security-policy"]);
    const other = await get(server, "/categories/head", {
      "accept-encoding": "gzip",
      "if-none-match": 'W/"old"',
    });
    expect(other.status).toBe(200);
    expect(other.body).toBe(full.body);
  });

  it("keeps the store's pages until it changes, and refuses a page rendered before the change", async () => {
    await get(server, "/", { host: "pcb.localhost" });
    expect((await get(server, "/", { host: "pcb.localhost" })).headers["x-cache"]).toBe("hit");
    store.drop("store-b");
    expect((await get(server, "/", { host: "pcb.localhost" })).headers["x-cache"]).toBe("miss");
    // Store A's pages are not touched by store B's change.
    expect((await get(server, "/about", { host: "pca.localhost" })).headers["x-cache"]).toBe("hit");

    const { generation } = store.get("store-b", "late");
    store.drop("store-b");
    expect(store.set("store-b", "late", generation, entryOf(100))).toBe(false);
    expect(store.stats().stale).toBeGreaterThan(0);
  });
});

function entryOf(bytes: number, expiresAt = Date.now() + 60_000): PageEntry {
  return {
    status: 200,
    headers: [["content-type", "text/html"]],
    body: new Uint8Array(bytes),
    encoding: "identity",
    etag: 'W/"x"',
    expiresAt,
  };
}

describe("page cache memory", () => {
  it("stays under its size in bytes, evicting the least recently used page", () => {
    const store = new PageStore(10_000);
    for (const key of ["one", "two", "three"]) store.set("s", key, 0, entryOf(2_500));
    expect(store.get("s", "one").entry).not.toBeNull();
    // "two" is now the least recently used: it goes first.
    store.set("s", "four", 0, entryOf(2_500));
    expect(store.get("s", "two").entry).toBeNull();
    expect(store.get("s", "one").entry).not.toBeNull();
    expect(store.get("s", "four").entry).not.toBeNull();
    const stats = store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(10_000);
    expect(stats.evicted).toBe(1);
    // A page larger than the whole cache is not kept at all.
    expect(store.set("s", "huge", 0, entryOf(20_000))).toBe(false);
  });

  it("never serves an entry past its expiry (a sale's start or end, the TTL)", () => {
    const store = new PageStore(10_000);
    store.set("s", "soon", 0, entryOf(10, Date.now() + 50));
    expect(store.get("s", "soon").entry).not.toBeNull();
    expect(store.get("s", "soon", Date.now() + 60).entry).toBeNull();
  });

  it("knows which store a host's kept pages are of while it has any, and forgets it on a change", () => {
    const store = new PageStore(10_000);
    expect(store.storeOf("a.example")).toBeNull();
    store.set("store-a", "a1", 0, entryOf(2_000), "a.example");
    store.set("store-a", "a2", 0, entryOf(2_000), "shop-a.example");
    store.set("store-b", "b1", 0, entryOf(2_000), "b.example");
    expect(store.storeOf("a.example")).toBe("store-a");
    expect(store.storeOf("shop-a.example")).toBe("store-a");
    expect(store.storeOf("b.example")).toBe("store-b");
    // A change may move a custom domain: the store's hosts are learnt again from new pages.
    store.drop("store-a");
    expect(store.storeOf("a.example")).toBeNull();
    expect(store.storeOf("shop-a.example")).toBeNull();
    expect(store.storeOf("b.example")).toBe("store-b");
    // The domain now another store's: its pages say so.
    store.set("store-b", "b2", store.generation("store-b"), entryOf(2_000), "shop-a.example");
    expect(store.storeOf("shop-a.example")).toBe("store-b");
    // A store whose last page was evicted has no host left either.
    for (const key of ["c1", "c2", "c3", "c4", "c5"])
      store.set("store-c", key, 0, entryOf(2_000), "c.example");
    expect(store.storeOf("b.example")).toBeNull();
    expect(store.storeOf("c.example")).toBe("store-c");
  });
});

describe("page cache on the database: a change drops the store's pages", () => {
  let db: TestDb;
  let alpha: StoreFixture;
  let server: EdgeServer;
  let running: RunningPageCache;
  let resolver: TenantResolver;

  beforeAll(async () => {
    db = await createTestDb();
    alpha = await createStoreFixture(db, "pcdb");
    resolver = await new TenantResolver(db, { platformDomain: "localhost" }).start();
    running = await startPageCache({
      db,
      resolver,
      backend: localBackend(new PageStore(1024 * 1024)),
      ttlMs: 60_000,
    });
    const price = async () => {
      const [row] = await db.owner
        .select({ price: products.priceCents })
        .from(products)
        .where(eq(products.id, alpha.productId));
      return `price=${row?.price}`;
    };
    let current = "";
    const page = standIn({ extra: () => current });
    server = await startEdge({
      handle: async (request, req, res) => {
        current = await price();
        return page.handle(request, req, res);
      },
      pageCache: running.edge,
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await running?.stop();
    await resolver?.stop();
    await db?.dispose();
  });

  it("shows a price changed in the database within a second", async () => {
    const host = { host: "pcdb.localhost" };
    expect((await get(server, "/products/pcdb-product", host)).body).toContain("price=1250");
    expect((await get(server, "/products/pcdb-product", host)).headers["x-cache"]).toBe("hit");
    const changedAt = Date.now();
    await db.owner
      .update(products)
      .set({ priceCents: 1999 })
      .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
    await expect
      .poll(async () => (await get(server, "/products/pcdb-product", host)).body, {
        timeout: 1_000,
        interval: 25,
      })
      .toContain("price=1999");
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it("answers a hit of a known host at once, without the lookup, and stops at the next change", async () => {
    const host = { host: "pcdb.localhost" };
    const path = "/products/pcdb-product?known=1";
    await get(server, path, host);
    const lookup = vi.spyOn(running.edge, "lookup");
    try {
      const hit = await get(server, path, host);
      expect(hit.headers["x-cache"]).toBe("hit");
      expect(lookup).not.toHaveBeenCalled();
      await db.owner
        .update(products)
        .set({ priceCents: 2222 })
        .where(and(eq(products.storeId, alpha.storeId), eq(products.id, alpha.productId)));
      // The drop takes the entry: the next answer is rendered afresh, through the lookup.
      await expect
        .poll(async () => (await get(server, path, host)).body, { timeout: 1_000, interval: 25 })
        .toContain("price=2222");
      expect(lookup).toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });
});

describe("page cache on the database: one drop per change, after this process's own caches heard it", () => {
  let db: TestDb;
  let shop: StoreFixture;
  /** Another store, whose change is a marker: notifications reach this process in commit order. */
  let marker: StoreFixture;

  beforeAll(async () => {
    db = await createTestDb();
    shop = await createStoreFixture(db, "pcorder");
    marker = await createStoreFixture(db, "pcmark");
  }, 180_000);
  afterAll(() => db?.dispose());

  it("drops when the tenant and catalogue caches no longer answer the store, and only then", async () => {
    const host = "pcorder.localhost";
    const resolver = new TenantResolver(db, { platformDomain: "localhost" });
    const catalogue = new CatalogCache(db);
    /** What this process's caches answered for the store at each of the page cache's drops of it. */
    const atDrops: { tenant: boolean; catalogue: boolean }[] = [];
    const cachedNow = () => {
      let loaded = false;
      void catalogue.get(shop.storeId, "rows", async () => {
        loaded = true;
        return "read again";
      });
      return { tenant: resolver.cache.get(host) !== undefined, catalogue: !loaded };
    };
    const backend = localBackend(new PageStore(1024 * 1024));
    /** Called at the marker store's next drop. */
    let onMarkerDrop: (() => void) | null = null;
    // Listening before the caches do, so its listener is called first on every notification: the
    // order must not depend on who listened first.
    const running = await startPageCache({
      db,
      resolver,
      ttlMs: 60_000,
      backend: {
        ...backend,
        dropMany(storeIds) {
          if (storeIds.includes(shop.storeId)) atDrops.push(cachedNow());
          if (storeIds.includes(marker.storeId)) onMarkerDrop?.();
          backend.dropMany(storeIds);
        },
      },
    });
    await resolver.start();
    await catalogue.start();
    const fill = async () => {
      await resolver.resolve(host);
      await catalogue.get(shop.storeId, "rows", async () => "cached");
      expect(cachedNow()).toEqual({ tenant: true, catalogue: true });
    };
    /**
     * Changes the marker store and resolves once its drop is applied. Its notification comes after
     * those of every change committed before it, on the same connection, and drops are applied in
     * the order heard: every drop those changes lead to has been made by then.
     */
    const markerDropped = async () => {
      const dropped = new Promise<void>((resolve) => (onMarkerDrop = resolve));
      await db.owner
        .update(storeSettings)
        .set({ footerTextEn: `Marker ${Date.now()}` })
        .where(eq(storeSettings.storeId, marker.storeId));
      await dropped;
      onMarkerDrop = null;
    };
    /**
     * The drops a change leads to: those of its notifications (all in before the marker's), and
     * those of any timer they set, whatever its delay (the second drop 250 ms later that issue 41
     * removed): the fake clock runs every such timer, and a second marker sees their drops applied.
     */
    const dropsOf = async (change: () => Promise<unknown>) => {
      const before = atDrops.length;
      vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
      try {
        await change();
        await markerDropped();
        vi.advanceTimersByTime(60_000);
        await markerDropped();
      } finally {
        vi.useRealTimers();
      }
      return atDrops.slice(before);
    };
    try {
      await fill();
      const settings = await dropsOf(() =>
        db.owner
          .update(storeSettings)
          .set({ footerTextEn: "Changed" })
          .where(eq(storeSettings.storeId, shop.storeId)),
      );
      expect(settings).toHaveLength(1);
      expect(settings[0]!.tenant).toBe(false);

      await fill();
      const catalog = await dropsOf(() =>
        db.owner
          .update(products)
          .set({ priceCents: 777 })
          .where(and(eq(products.storeId, shop.storeId), eq(products.id, shop.productId))),
      );
      expect(catalog).toHaveLength(1);
      expect(catalog[0]!.catalogue).toBe(false);
    } finally {
      await running.stop();
      await catalogue.stop();
      await resolver.stop();
    }
  });
});
