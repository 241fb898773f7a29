/**
 * Our patch of @remix-run/router (patches/@remix-run+router+1.23.3.patch, decision 034): route
 * branches are flattened and ranked once per routes array, patterns compiled once. These cases
 * fail on the unpatched router where it did the work again (the reads counted below), and
 * guard what a cache could break: the same matches, routes added in place (patchRoutes), and
 * patterns told apart by their options.
 */
import {
  createMemoryHistory,
  createRouter,
  matchPath,
  matchRoutes,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";

function tree(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "products", path: "products" },
        { id: "product", path: "products/:slug" },
        { id: "category", path: "categories/:slug/:sub?" },
        {
          id: "admin",
          path: "admin",
          children: [
            { id: "admin-index", index: true },
            { id: "admin-order", path: "orders/:id" },
          ],
        },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/products",
  "/products/red-dye",
  "/categories/dyes",
  "/categories/dyes/blue",
  "/admin",
  "/admin/orders/7",
  "/nowhere/at/all",
  "/PRODUCTS",
];
const ids = (routes: AgnosticRouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => [m.route.id, m.params]) ?? null;

/** The tree, with every route's `path` counting its reads. */
function counted(): { routes: AgnosticRouteObject[]; reads: () => number } {
  let reads = 0;
  const wrap = (route: AgnosticRouteObject): AgnosticRouteObject => {
    const { path, children, ...rest } = route;
    const copy = { ...rest, ...(children ? { children: children.map(wrap) } : {}) } as AgnosticRouteObject;
    Object.defineProperty(copy, "path", { enumerable: true, get: () => (reads++, path) });
    return copy;
  };
  return { routes: tree().map(wrap), reads: () => reads };
}

describe("the patched route matching", () => {
  it("matches as a fresh tree does, call after call", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(ids(routes, path)).toEqual(ids(tree(), path));
    }
    // Every match carries the params of the whole path, the parent's too.
    expect(ids(routes, "/products/red-dye")).toEqual([
      ["root", { slug: "red-dye" }],
      ["product", { slug: "red-dye" }],
    ]);
  });

  it("flattens a routes array once: a second match reads no route's path", () => {
    const { routes, reads } = counted();
    matchRoutes(routes, "/admin/orders/7");
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(ids(routes, "/products")).toEqual([
      ["root", {}],
      ["products", {}],
    ]);
    expect(reads()).toBe(afterFirst);
  });

  it("matches routes added in place by patchRoutes", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "about", path: "about" }] }],
      history: createMemoryHistory(),
    });
    expect(matchRoutes(router.routes, "/terms")).toBeNull();
    router.patchRoutes("root", [{ id: "terms", path: "terms" }]);
    expect(matchRoutes(router.routes, "/terms")?.map((m) => m.route.id)).toEqual(["root", "terms"]);
    router.dispose();
  });

  it("tells one pattern apart by its case and end options", () => {
    expect(matchPath({ path: "/About", caseSensitive: true }, "/about")).toBeNull();
    expect(matchPath({ path: "/About" }, "/about")?.pathname).toBe("/about");
    expect(matchPath({ path: "/About", caseSensitive: true }, "/About")?.pathname).toBe("/About");
    expect(matchPath({ path: "/admin", end: true }, "/admin/orders")).toBeNull();
    expect(matchPath({ path: "/admin", end: false }, "/admin/orders")?.pathnameBase).toBe("/admin");
  });
});
