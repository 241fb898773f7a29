/**
 * The edge in front of a real (tiny) Remix build: Remix's own CSRF check on single-fetch actions
 * compares `Origin` with `X-Forwarded-Host` and throws (500) on a mismatch. Behind the edge it
 * only ever sees the trusted host, so a same-origin POST with a stray X-Forwarded-Host works.
 */
import { createRequestHandler, data, type EntryContext, type ServerBuild } from "@remix-run/node";
import { headers, keepRefusalHeaders } from "~/http/headers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEdge, type EdgeServer } from "../helpers/edge-app";

const actions: string[] = [];

const build = {
  mode: "production",
  entry: {
    module: {
      default: () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }),
      handleError: () => {},
    },
  },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: () => null,
        action: async ({ request }: { request: Request }) => {
          actions.push(new URL(request.url).host);
          return { saved: true };
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

let edge: EdgeServer;
beforeAll(async () => {
  const handle = createRequestHandler(build, "production");
  edge = await startEdge({ handle: (request) => handle(request) });
});
afterAll(async () => {
  await edge.close();
});

it("a same-origin single-fetch POST with a different X-Forwarded-Host runs the action (no 500)", async () => {
  const response = await fetch(`${edge.origin}/_root.data`, {
    method: "POST",
    headers: {
      Origin: edge.origin,
      "X-Forwarded-Host": "evil.example:8443",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "a=1",
  });
  expect(response.status).toBe(200);
  expect(actions).toEqual([`127.0.0.1:${edge.port}`]);
});

it("Remix alone would have refused it with a 500 (why the edge normalises the host)", async () => {
  const handle = createRequestHandler(build, "production");
  const response = await handle(
    new Request(`${edge.origin}/_root.data`, {
      method: "POST",
      headers: { Origin: edge.origin, Host: `127.0.0.1:${edge.port}`, "X-Forwarded-Host": "evil.example" },
      body: "a=1",
    }),
  );
  expect(response.status).toBe(500);
});

/** A build whose root action refuses with 429, with or without the shared `headers` export. */
function refusingBuild(withHeadersExport: boolean): ServerBuild {
  return {
    ...build,
    entry: {
      module: {
        // What entry.server.tsx does before rendering.
        default: (_request: Request, status: number, headers: Headers, context: EntryContext) => {
          keepRefusalHeaders(context.staticHandlerContext, headers);
          return new Response("page", { status, headers });
        },
        handleError: () => {},
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => null,
          ErrorBoundary: () => null,
          ...(withHeadersExport ? { headers } : {}),
          action: async () => {
            throw data({ message: "Too many" }, { status: 429, headers: { "Retry-After": "42" } });
          },
        },
      },
    },
  } as unknown as ServerBuild;
}

it("a 429 keeps its Retry-After on a document POST (entry.server) and on .data (headers export)", async () => {
  const post = (path: string) =>
    new Request(`${edge.origin}${path}`, {
      method: "POST",
      headers: {
        Origin: edge.origin,
        Host: `127.0.0.1:${edge.port}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
  const shared = createRequestHandler(refusingBuild(true), "production");
  const documentAnswer = await shared(post("/"));
  expect(documentAnswer.status).toBe(429);
  expect(documentAnswer.headers.get("Retry-After")).toBe("42");
  const dataAnswer = await shared(post("/_root.data"));
  expect(dataAnswer.headers.get("Retry-After")).toBe("42");

  // Without the export, the entry still keeps it on a page; Remix drops it on .data: the
  // reason routes that refuse re-export `headers`.
  const bare = createRequestHandler(refusingBuild(false), "production");
  expect((await bare(post("/"))).headers.get("Retry-After")).toBe("42");
  expect((await bare(post("/_root.data"))).headers.get("Retry-After")).toBeNull();
});
