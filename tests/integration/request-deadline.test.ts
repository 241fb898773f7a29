/**
 * Every request has a deadline (decision 020, issue 42): a request whose work never settles is
 * answered when its time is up — the store's 503 page, or the stale page the page cache keeps —
 * its work is aborted, the requests waiting on the same page's single render are answered too,
 * a write is not told that nothing was saved, an answer already streaming is cut off, and the
 * metrics count every one. The real Express app of server.ts with the page cache, in front of a
 * stand-in for Remix (and once a tiny real Remix build) whose pages can be made to never answer.
 */
import http from "node:http";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logTo } from "~/lib/log.server";
import { currentWrites } from "~/lib/request-writes.server";
import type { AppOptions } from "../../server/app";
import { processMetrics } from "../../server/metrics/registry";
import type { FinishedRequest } from "../../server/observe/request";
import { requestObserver, type ObservedRequest } from "../../server/observe/requests";
import { eventually } from "../helpers/eventually";
import { startCachedEdge, startEdge, type EdgeServer } from "../helpers/edge-app";

const DEADLINES = { pageMs: 300, writeMs: 500, commitGraceMs: 500 };
/** How long a client waits before the test calls the request hung: far past every deadline. */
const HUNG_MS = 4_000;
const HOST = "deadline.localhost";
/** A host whose tenant read never settles (the page cache lookup waits on it). */
const HUNG_TENANT_HOST = "hung-tenant.localhost";

const logged: Record<string, unknown>[] = [];
logTo({ write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
/** The "request deadline passed" line of a request, by the id it was answered with. */
const deadlineLine = (reply: Reply) =>
  logged.find(
    (line) => line.msg === "request deadline passed" && line.reqId === reply.headers["x-request-id"],
  );

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** The connection ended before the whole answer came. */
  cutOff: boolean;
}

/** node:http, for the Host header; rejects when no answer (or end) comes within HUNG_MS. */
function request(
  server: EdgeServer,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port: server.port, path, method, headers: { host: HOST, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        const done = (cutOff: boolean) =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
            cutOff,
          });
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done(false));
        response.on("aborted", () => done(true));
        response.on("error", () => done(true));
      },
    );
    outgoing.setTimeout(HUNG_MS, () => {
      outgoing.destroy();
      reject(new Error(`${method} ${path}: no answer within ${HUNG_MS} ms`));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A stand-in for Remix: pages under /products/hung* never answer, /cart/streaming never ends. */
function standIn() {
  const signals: { path: string; signal: AbortSignal }[] = [];
  let renders = 0;
  let hangEverything = false;
  const handle: AppOptions["handle"] = async (req) => {
    renders++;
    const url = new URL(req.url);
    signals.push({ path: url.pathname, signal: req.signal });
    if (hangEverything || url.pathname.startsWith("/products/hung")) return new Promise<never>(() => {});
    if (url.pathname.startsWith("/cart/committed")) {
      // What the transaction helper tells of a write whose COMMIT was answered.
      const writes = currentWrites()!;
      writes.began();
      writes.committing();
      writes.ended("committed", { sent: true });
      if (url.pathname === "/cart/committed-never") return new Promise<never>(() => {});
      // The action's answer comes after its deadline, within the grace (the behaviour under test).
      // eslint-disable-next-line no-restricted-syntax -- the answer's lateness is what is tested, not a wait for an event
      await new Promise((resolve) => setTimeout(resolve, DEADLINES.writeMs + 200));
      return new Response(null, { status: 302, headers: { Location: "/orders/7/confirmed" } });
    }
    if (url.pathname === "/cart/streaming") {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<!doctype html><p>the head of the page"));
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return new Response(`<p>render ${renders} of ${url.pathname}</p>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  };
  return {
    handle,
    renders: () => renders,
    signalsOf: (path: string) => signals.filter((seen) => seen.path === path).map((seen) => seen.signal),
    hangEverything: (value: boolean) => (hangEverything = value),
  };
}

describe("the request deadline at the edge (stand-in pages, page cache on)", () => {
  const page = standIn();
  const metrics = processMetrics({ defaults: false });
  const finished: ObservedRequest[] = [];
  /** The page cache's clock moved past every entry's life: only stale pages are left. */
  let expired = false;
  let server: EdgeServer;

  beforeAll(async () => {
    const record = (observed: ObservedRequest) => {
      metrics.observeRequest(observed);
      finished.push(observed);
    };
    server = await startCachedEdge({
      handle: page.handle,
      // The page cache's clock moved past every entry's life when `expired`.
      readPage: (store) => async (storeId, key) =>
        store.get(storeId, key, expired ? Number.POSITIVE_INFINITY : Date.now()),
      storeOf: (host) =>
        host.startsWith(HUNG_TENANT_HOST)
          ? new Promise<never>(() => {})
          : Promise.resolve(host.startsWith(HOST) ? "store-deadline" : null),
      knownStoreOf: (host) => (host.startsWith(HOST) ? "store-deadline" : null),
      deadlines: DEADLINES,
      observe: requestObserver({ log: false, routeOf: () => "routes/products.$slug", record }),
    });
  });
  afterAll(() => server.close());

  /** The requests finished so far for `path`, once `count` of them have been. */
  const finishedFor = async (path: string, count: number): Promise<FinishedRequest[]> => {
    const of = () => finished.filter((seen) => seen.path === path);
    await eventually(
      async () => of().length,
      (seen) => seen >= count,
    );
    return of();
  };

  it("answers a page that never renders 503 with the outage page at its deadline, and aborts its work", async () => {
    const reply = await request(server, "/products/hung-alone");
    expect(reply.status).toBe(503);
    expect(reply.headers["retry-after"]).toBe("5");
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.body).toContain("<h1>");
    // At the deadline, not before it.
    expect(reply.ms).toBeGreaterThanOrEqual(DEADLINES.pageMs - 5);
    const [signal] = page.signalsOf("/products/hung-alone");
    expect(signal?.aborted).toBe(true);
    const [seen] = await finishedFor("/products/hung-alone", 1);
    expect(seen).toMatchObject({ status: 503, deadline: true });
    // Logged with what it waited on.
    expect(deadlineLine(reply)).toMatchObject({ level: "warn", waitingOn: "render", deadlineMs: 300 });
  });

  it("answers a request whose page cache lookup never settles, and logs the lookup's step", async () => {
    const reply = await request(server, "/products/anything", { headers: { host: HUNG_TENANT_HOST } });
    expect(reply.status).toBe(503);
    expect(deadlineLine(reply)).toMatchObject({ waitingOn: "page cache lookup", lookupStep: "tenant" });
  });

  it("releases a request waiting on another request's render of the page when that one is answered", async () => {
    const first = request(server, "/products/hung-later");
    // The first request is rendering the page (and holds its single render) before the second comes.
    await eventually(
      async () => page.signalsOf("/products/hung-later").length,
      (renders) => renders === 1,
    );
    const second = request(server, "/products/hung-later");
    expect((await first).status).toBe(503);
    // Released when the first was answered, the second rendered the page itself, then met its own deadline.
    const waiter = await second;
    expect(waiter.status).toBe(503);
    expect(page.signalsOf("/products/hung-later").map((signal) => signal.aborted)).toEqual([true, true]);
    expect(deadlineLine(waiter)).toMatchObject({ waitingOn: "render" });
  });

  it("answers the requests waiting on the same page's single render too", async () => {
    // Sent together: one renders the page for the others of this process, which wait on it.
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => request(server, "/products/hung-shared")),
    );
    expect(replies.map((reply) => reply.status)).toEqual([503, 503, 503, 503]);
    const seen = await finishedFor("/products/hung-shared", 4);
    expect(seen.every((request) => request.deadline === true && request.status === 503)).toBe(true);
  });

  it("answers with the stale page when the page cache keeps one", async () => {
    const fresh = await request(server, "/products/kept");
    expect(fresh.status).toBe(200);
    expect(fresh.headers["x-cache"]).toBe("miss");
    expect(fresh.body).toContain("of /products/kept");
    // The page's life is over and its render now never ends: the kept copy is the best there is.
    expired = true;
    page.hangEverything(true);
    try {
      const stale = await request(server, "/products/kept");
      expect(stale.status).toBe(200);
      expect(stale.headers["x-cache"]).toBe("stale");
      expect(stale.headers["cache-control"]).toBe("no-store");
      expect(stale.body).toBe(fresh.body);
    } finally {
      expired = false;
      page.hangEverything(false);
    }
    const seen = await finishedFor("/products/kept", 2);
    expect(seen[1]).toMatchObject({ status: 200, deadline: true });
  });

  it("closes an answer that is still streaming at its deadline", async () => {
    const reply = await request(server, "/cart/streaming");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("the head of the page");
    expect(reply.cutOff).toBe(true);
    expect(reply.ms).toBeGreaterThanOrEqual(DEADLINES.pageMs - 5);
    const [signal] = page.signalsOf("/cart/streaming");
    expect(signal?.aborted).toBe(true);
  });

  it("gives a write its own deadline and does not tell it that nothing was saved", async () => {
    const reply = await request(server, "/products/hung-write", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${HOST}` },
      body: "quantity=1",
    });
    expect(reply.status).toBe(503);
    expect(reply.ms).toBeGreaterThanOrEqual(DEADLINES.writeMs - 5);
    expect(reply.body).toContain("<h1>");
    expect(reply.body).not.toContain("Nothing was saved");
  });

  it("awaits a write whose COMMIT was answered past its deadline: the action's own answer is sent", async () => {
    const reply = await request(server, "/cart/committed-late", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${HOST}` },
      body: "quantity=1",
    });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/orders/7/confirmed");
    expect(reply.ms).toBeGreaterThanOrEqual(DEADLINES.writeMs);
  });

  it("says a committed write that never answers could not be confirmed, after the grace", async () => {
    const reply = await request(server, "/cart/committed-never", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${HOST}` },
      body: "quantity=1",
    });
    expect(reply.status).toBe(503);
    expect(reply.ms).toBeGreaterThanOrEqual(DEADLINES.writeMs + DEADLINES.commitGraceMs - 5);
    expect(reply.body).toContain("We could not confirm whether this was saved");
    expect(reply.body).not.toContain("Nothing was saved");
  });

  it("counts the requests answered at their deadline, and the histogram shows their time", async () => {
    const text = await metrics.registry.metrics();
    const count = (method: string) =>
      Number(
        new RegExp(
          `^http_request_deadline_exceeded_total\\{route="routes/products.\\$slug",method="${method}"\\} (\\d+)$`,
          "m",
        ).exec(text)?.[1],
      );
    // hung-alone, the hung tenant, two hung-later, four hung-shared, the stale kept page, the
    // streaming page; the write, and the committed write that never answered (the one that
    // answered within its grace is not one).
    expect(count("GET")).toBe(10);
    expect(count("POST")).toBe(2);
    // None of them is in the fastest buckets; all are in the one that holds the deadline.
    const bucket = (le: string, status: string) =>
      Number(
        new RegExp(
          `^http_request_duration_seconds_bucket\\{le="${le}",route="routes/products.\\$slug",method="GET",status_class="${status}"\\} (\\d+)$`,
          "m",
        ).exec(text)?.[1],
      );
    expect(bucket("0.25", "5xx")).toBe(0);
    expect(bucket("2.5", "5xx")).toBe(8);
  });
});

describe("the request deadline in front of Remix", () => {
  let loaderSignal: AbortSignal | undefined;
  const build = {
    mode: "production",
    entry: {
      module: {
        default: () =>
          new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }),
        handleError: () => {},
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => null,
          // A read that never settles (issue 42's D2 in the small).
          loader: ({ request }: { request: Request }) => {
            loaderSignal = request.signal;
            return new Promise<never>(() => {});
          },
        },
      },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;

  let server: EdgeServer;
  beforeAll(async () => {
    const remix = createRequestHandler(build, "production");
    server = await startEdge({ handle: (request) => remix(request), deadlines: DEADLINES });
  });
  afterAll(() => server.close());

  it("answers 503 at the deadline and aborts the loader's signal", async () => {
    const reply = await request(server, "/");
    expect(reply.status).toBe(503);
    expect(loaderSignal?.aborted).toBe(true);
  });
});
