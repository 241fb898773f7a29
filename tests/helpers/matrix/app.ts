/**
 * The real Remix server build, loaded in-process through Vite (the same
 * `virtual:remix/server-build` server.ts serves in development), so the matrix sees every route
 * the app's own manifest has: a new route file is in it without anyone listing it.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createServer, type ViteDevServer } from "vite";
import type * as DbClient from "~/db/client.server";
import type * as Outbox from "~/services/outbox/outbox.server";
import type { Db } from "~/db/client.server";

export interface LoadedApp {
  build: ServerBuild;
  handle: (request: Request, context: AppLoadContext) => Promise<Response>;
  /** Until the emails the app hands to delivery after a commit are sent (they write email_outbox). */
  settled: () => Promise<void>;
  /** URL path patterns of every route with a module, e.g. "/products/:slug" (index routes flagged). */
  routes: AppRoute[];
  close(): Promise<void>;
}

export interface AppRoute {
  id: string;
  path: string;
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
}

/** Full path of a manifest route: its own path joined under its parents'. */
function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (
    let route = build.routes[id];
    route;
    route = route.parentId ? build.routes[route.parentId] : undefined
  ) {
    if (route.path) parts.unshift(route.path);
  }
  return "/" + parts.join("/").replace(/^\/+/, "");
}

export async function loadApp(db: Db): Promise<LoadedApp> {
  // React as it ships: its development build checks every element and prop it renders, which
  // was a sixth of the matrix's time, and the server runs the production one. React reads
  // NODE_ENV once, when the server build first imports it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    return await loadWithVite(db);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

async function loadWithVite(db: Db): Promise<LoadedApp> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
    // JSX for that React (the production jsx-dev-runtime has no jsxDEV), after the Remix plugin
    // asked for development JSX whenever Vite serves.
    plugins: [
      { name: "matrix-production-jsx", enforce: "post", config: () => ({ esbuild: { jsxDev: false } }) },
    ],
  });
  // Vite's module graph is not vitest's: hand the app's own copy of the database module the
  // test database, or it would open the default one.
  const client = (await vite.ssrLoadModule("/app/db/client.server.ts")) as typeof DbClient;
  client.setDb(db);
  const build = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  const outbox = (await vite.ssrLoadModule("/app/services/outbox/outbox.server.ts")) as typeof Outbox;
  const handler = createRequestHandler(build, "production");
  const routes = Object.values(build.routes)
    .filter((route) => route.id !== "root")
    .map((route) => ({
      id: route.id,
      path: fullPath(build, route.id),
      index: route.index === true,
      hasLoader: typeof route.module.loader === "function",
      hasAction: typeof route.module.action === "function",
    }));
  return {
    build,
    handle: (request, context) => handler(request, context),
    settled: () => outbox.deliveriesSettled(),
    routes,
    close: () => vite.close(),
  };
}
