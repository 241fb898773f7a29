/**
 * The request log (decision 021): one JSON line per request with its id, route, method, status
 * and duration; `X-Request-Id` on every answer; a stack only for a 5xx, never for a 405 (the
 * edge's or Remix's for a POST to a route without an action) or another 4xx.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { logTo } from "~/lib/log.server";
import { requestFacts } from "../../server/observe/request";
import { requestObserver } from "../../server/observe/requests";
import { routeMatcher } from "../../server/observe/route-id";
import { startEdge, type EdgeServer } from "../helpers/edge-app";

const build = {
  mode: "production",
  entry: {
    module: {
      default: (_request: Request, status: number) =>
        new Response("<!doctype html><p>page</p>", { status, headers: { "Content-Type": "text/html" } }),
      handleError,
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/boom": {
      id: "routes/boom",
      parentId: "root",
      path: "boom",
      module: {
        default: () => null,
        loader: () => {
          throw new Error("loader exploded");
        },
      },
    },
    "routes/missing": {
      id: "routes/missing",
      parentId: "root",
      path: "missing",
      module: {
        default: () => null,
        loader: () => {
          throw new Response("Not found", { status: 404 });
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

let lines: Record<string, unknown>[] = [];
let raw = "";
/** Tests waiting for a request's line, by request id: called when it is written. */
const awaitingLine = new Map<unknown, () => void>();
const logger = logTo({
  write(line: string) {
    raw += line;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    lines.push(parsed);
    if (parsed.msg === "request") awaitingLine.get(parsed.reqId)?.();
  },
});

async function startWith(trustProxy: boolean) {
  const remix = createRequestHandler(build, "production");
  return startEdge({
    trustProxy,
    handle: (request, _req, res) => remix(request, { requestId: requestFacts(res)?.id } as never),
    observe: requestObserver({ logger, log: true, routeOf: routeMatcher(build) }),
  });
}

let edge: EdgeServer;
let proxied: EdgeServer;
beforeAll(async () => {
  [edge, proxied] = await Promise.all([startWith(false), startWith(true)]);
});
afterAll(async () => {
  await Promise.all([edge.close(), proxied.close()]);
});
beforeEach(() => {
  lines = [];
  raw = "";
});

/** The log lines of one request, once its request line is written (after the answer). */
async function linesOf(response: Response) {
  await response.arrayBuffer();
  const id = response.headers.get("x-request-id");
  if (!lines.some((line) => line.msg === "request" && line.reqId === id)) {
    await new Promise<void>((resolve) => awaitingLine.set(id, resolve));
    awaitingLine.delete(id);
  }
  return lines.filter((line) => line.reqId === id);
}

it("writes one JSON line per request, with its id, route, method, status and duration", async () => {
  const response = await fetch(`${edge.origin}/`);
  expect(response.status).toBe(200);
  const id = response.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const [line, ...rest] = await linesOf(response);
  expect(rest).toEqual([]);
  expect(line).toMatchObject({
    level: "info",
    msg: "request",
    reqId: id,
    method: "GET",
    status: 200,
    route: "root",
  });
  expect(typeof line!.ms).toBe("number");
  expect(typeof line!.time).toBe("string");
});

it("never prints a stack for a 405, from the edge or from Remix (a POST to a route without an action)", async () => {
  const edge405 = await fetch(`${edge.origin}/`, { method: "PUT" });
  const remix405 = await fetch(`${edge.origin}/`, {
    method: "POST",
    headers: { Origin: edge.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "a=1",
  });
  expect([edge405.status, remix405.status]).toEqual([405, 405]);
  expect(await linesOf(edge405)).toEqual([expect.objectContaining({ msg: "request", status: 405 })]);
  expect(await linesOf(remix405)).toEqual([
    expect.objectContaining({ msg: "request", status: 405, route: "root" }),
  ]);
  expect(raw).not.toMatch(/stack|at .*\.js:\d+/);
});

it("never prints a stack for a refusal a loader throws (404)", async () => {
  const response = await fetch(`${edge.origin}/missing`);
  expect(response.status).toBe(404);
  expect(await linesOf(response)).toEqual([
    expect.objectContaining({ msg: "request", status: 404, route: "routes/missing" }),
  ]);
  expect(raw).not.toContain("stack");
});

it.each(["/missing?_data=routes/missing", "/nowhere?_data=routes/nowhere", "/?_data=root"])(
  "never prints a stack for an old-style data request (%s), which single fetch does not make",
  async (path) => {
    const response = await fetch(`${edge.origin}${path}`);
    expect(response.status).toBeLessThan(500);
    expect(await linesOf(response)).toEqual([expect.objectContaining({ msg: "request", level: "info" })]);
    expect(raw).not.toContain("unexpected error");
    expect(raw).not.toContain("stack");
  },
);

it("logs an unexpected error once, with its stack and the request's id, and the request line as an error", async () => {
  const response = await fetch(`${edge.origin}/boom`);
  expect(response.status).toBe(500);
  const logged = await linesOf(response);
  const error = logged.find((line) => line.msg === "unexpected error");
  expect(error).toMatchObject({ level: "error", err: { message: "loader exploded" } });
  expect((error!.err as { stack: string }).stack).toContain("loader exploded");
  const request = logged.find((line) => line.msg === "request");
  expect(request).toMatchObject({ level: "error", status: 500, route: "routes/boom" });
  expect(request).not.toHaveProperty("err");
});

it("keeps a proxy's X-Request-Id only with TRUST_PROXY, and only when it looks like an id", async () => {
  const sent = { "X-Request-Id": "edge-7f3a.42" };
  const untrusted = await fetch(`${edge.origin}/`, { headers: sent });
  expect(untrusted.headers.get("x-request-id")).not.toBe("edge-7f3a.42");
  const trusted = await fetch(`${proxied.origin}/`, { headers: sent });
  expect(trusted.headers.get("x-request-id")).toBe("edge-7f3a.42");
  expect(await linesOf(trusted)).toEqual([expect.objectContaining({ reqId: "edge-7f3a.42" })]);
  const odd = await fetch(`${proxied.origin}/`, { headers: { "X-Request-Id": 'a b"<script>' } });
  expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});
