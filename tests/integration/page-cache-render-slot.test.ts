/**
 * Issue 42, D2: requests for a page that never answered while the database was healthy. The page
 * cache lets one request per page render it while the others wait (server/edge/page-cache.ts);
 * the slot is given back when that request's exchange closes. A lookup that resumed after its
 * request had already been answered (its deadline passed, or the outage guard answered it while
 * the tenant, viewer or cache read was slow) or whose client had gone took the slot on an
 * exchange whose "close" had already been emitted: nobody gave it back, and every later miss of
 * that page in the process waited on it until its own deadline (503), for as long as the process
 * lived. Hits were still served, which is why the same worker answered hundreds of other
 * requests for that page meanwhile.
 *
 * The real Express app of server.ts with the page cache in front of a stand-in for Remix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppOptions } from "../../server/app";
import { eventually } from "../helpers/eventually";
import { startCachedEdge, type EdgeServer } from "../helpers/edge-app";
import { textRequest } from "../helpers/raw-http";

const DEADLINES = { pageMs: 300, writeMs: 500, commitGraceMs: 500 };
const HOST = "slot.localhost";
const STORE = "store-slot";

/** One GET with the store's Host; rejects when no answer comes within 4 s (far past the deadline). */
const get = (server: EdgeServer, path: string) =>
  textRequest({ port: server.port, host: HOST, path, giveUpMs: 4_000 });

describe("the page cache's one render per page, after a lookup outlived its request", () => {
  /** The tenant reads of the test's first request wait here until released (a slow read). */
  let releaseTenant = () => {};
  let holdTenant = false;
  let cacheReads = 0;
  const renders: string[] = [];
  let server: EdgeServer;

  beforeAll(async () => {
    const handle: AppOptions["handle"] = async (request) => {
      const { pathname } = new URL(request.url);
      renders.push(pathname);
      return new Response(`<p>render ${renders.length} of ${pathname}</p>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    };
    server = await startCachedEdge({
      handle,
      deadlines: DEADLINES,
      readPage: (_store, read) => async (storeId, key) => {
        cacheReads++;
        return read(storeId, key);
      },
      storeOf: (host) => {
        if (!host.startsWith(HOST)) return Promise.resolve(null);
        if (!holdTenant) return Promise.resolve(STORE);
        return new Promise((resolve) => (releaseTenant = () => resolve(STORE)));
      },
    });
  });
  afterAll(() => server.close());

  it("renders the page for the next request when the first was answered at its deadline during its lookup", async () => {
    holdTenant = true;
    // Its tenant read outlives its deadline: answered 503 while the lookup still waits.
    const first = await get(server, "/products/slow-lookup");
    expect(first.status).toBe(503);
    holdTenant = false;
    releaseTenant();
    // The lookup resumed and read the cache (then, before the fix, took the page's render slot).
    await eventually(
      async () => cacheReads,
      (reads) => reads === 1,
    );

    const next = await get(server, "/products/slow-lookup");
    expect(next.status).toBe(200);
    expect(next.body).toContain("of /products/slow-lookup");
    // And the page is kept for the one after.
    expect((await get(server, "/products/slow-lookup")).status).toBe(200);
    expect(renders).toEqual(["/products/slow-lookup"]);
  });
});
