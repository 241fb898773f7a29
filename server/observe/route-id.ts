/**
 * The Remix route that answers a path, for the request log and the metrics' `route` label
 * (decision 021): the build's route manifest matched the way Remix matches it (its own router's
 * `matchRoutes`), deepest match wins. A `.data` request (single fetch) is for its page's route.
 * Paths repeat, so answers are remembered (bounded): a hit costs a map lookup, a miss about as
 * much as Remix's own match of the same request.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { LRUCache } from "lru-cache";

type Manifest = ServerBuild["routes"];

function tree(manifest: Manifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : tree(manifest, route!.id),
    })) as AgnosticRouteObject[];
}

/** The page a path is for: `/products/x.data` is `/products/x`, `/_root.data` is `/`. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** `routeOf(pathname)`: the route id, or null when nothing matches. */
export function routeMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => string | null {
  const routes = tree(build.routes);
  const known = new LRUCache<string, { id: string | null }>({ max: 5_000 });
  return (pathname) => {
    let answer = known.get(pathname);
    if (!answer) {
      let matches: ReturnType<typeof matchRoutes> = null;
      try {
        matches = matchRoutes(routes, pagePath(pathname));
      } catch {
        // A malformed percent-encoding: Remix answers it, the label is just unknown.
      }
      answer = { id: matches?.at(-1)?.route.id ?? null };
      known.set(pathname, answer);
    }
    return answer.id;
  };
}
