/**
 * The Remix route that answers a path, for the request log and the metrics' `route` label
 * (decision 021), deepest match wins; a `.data` request (single fetch) is for its page's route.
 * The build's routes are ranked and compiled once, the way Remix's router ranks and matches them
 * (its `flattenRoutes`, `computeScore` and `compilePath`, in @remix-run/router): the router's own
 * `matchRoutes` flattens, ranks and compiles every route again on each call (about 0.8 ms for
 * this app's 79 routes), which was too much to pay once more per request. A test checks this
 * matcher against `matchRoutes` on every route of the build.
 */
import type { ServerBuild } from "@remix-run/node";

type Manifest = ServerBuild["routes"];
type ManifestRoute = NonNullable<Manifest[string]>;

interface Branch {
  id: string;
  score: number;
  /** Position among its siblings at each level, for ties (earlier sibling first). */
  indexes: number[];
  pattern: RegExp;
}

const PARAM = /^:[\w-]+$/;

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

function compilePath(path: string, caseSensitive: boolean): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (_, _name: string, optional?: string) =>
        optional ? "/?([^\\/]+)?" : "/([^\\/]+)",
      );
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

function joinPaths(parts: string[]): string {
  return parts.join("/").replace(/\/\/+/g, "/");
}

function flatten(manifest: Manifest): Branch[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const branches: Branch[] = [];
  const walk = (parentId: string | undefined, parentPath: string, parentIndexes: number[]) => {
    (children.get(parentId) ?? []).forEach((route, position) => {
      const path = joinPaths([parentPath, route.path ?? ""]);
      const indexes = [...parentIndexes, position];
      // Children first, as the router does; a pathless layout never matches by itself.
      walk(route.id, path, indexes);
      if (route.path == null && !route.index) return;
      branches.push({
        id: route.id,
        score: computeScore(path, route.index),
        indexes,
        pattern: compilePath(path, route.caseSensitive === true),
      });
    });
  };
  walk(undefined, "", []);
  return branches.sort((a, b) =>
    a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes),
  );
}

/** The page a path is for: `/products/x.data` is `/products/x`, `/_root.data` is `/`. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** As the router does: a malformed escape leaves the path as sent. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((part) => decodeURIComponent(part).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** `routeOf(pathname)`: the id of the deepest route that answers it, or null. */
export function routeMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => string | null {
  const branches = flatten(build.routes);
  return (pathname) => {
    const decoded = decodePath(pagePath(pathname));
    for (const branch of branches) {
      if (branch.pattern.test(decoded)) return branch.id;
    }
    return null;
  };
}
