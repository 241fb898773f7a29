/**
 * The request log's route ids (server/observe/route-id.ts) are the ones Remix's router picks:
 * compared with @remix-run/router's `matchRoutes` over a manifest shaped like the app's (index
 * and layout routes, static and dynamic siblings, a splat, a pathless layout). Checked once
 * over every route of the production build as well (all 79 agree); importing a build costs 9 s.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { expect, it } from "vitest";
import { routeMatcher } from "../../server/observe/route-id";

type Manifest = ServerBuild["routes"];

const route = (id: string, parentId: string | undefined, routePath?: string, index?: boolean) => ({
  [id]: { id, parentId, path: routePath, index, module: {} },
});

const manifest = {
  ...route("root", undefined, ""),
  ...route("routes/_index", "root", undefined, true),
  ...route("routes/$", "root", "*"),
  ...route("routes/products._index", "root", "products", true),
  ...route("routes/products.$slug", "root", "products/:slug"),
  ...route("routes/products.most-selling", "root", "products/most-selling"),
  ...route("routes/categories.$slug.$sub", "root", "categories/:slug/:sub"),
  ...route("routes/admin", "root", "admin"),
  ...route("routes/admin._index", "routes/admin", undefined, true),
  ...route("routes/admin.$", "routes/admin", "*"),
  ...route("routes/admin.orders.$number", "routes/admin", "orders/:number"),
  ...route("routes/admin_.orders.$number.packing-slip", "root", "admin/orders/:number/packing-slip"),
  ...route("routes/_auth", "root"),
  ...route("routes/_auth.login", "routes/_auth", "login"),
  ...route("routes/[sitemap.xml]", "root", "sitemap.xml"),
} as unknown as Manifest;

function tree(routes: Manifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((r) => r!.parentId === parentId)
    .map((r) => ({
      id: r!.id,
      path: r!.path,
      index: r!.index,
      children: r!.index ? undefined : tree(routes, r!.id),
    })) as AgnosticRouteObject[];
}

function samples(routes: Manifest): string[] {
  const extra = [
    "/",
    "/nope/deeper",
    "/ADMIN",
    "/admin/",
    "/products/",
    "/products/most-selling",
    "/products/%E2%82%AC",
    "/sitemap.xml",
    "/_root.data",
    "/products/mug.data",
    "/admin/orders/7/packing-slip",
    "/admin/unknown/x",
    "/login",
    "/%ZZ",
  ];
  const fromRoutes = Object.values(routes).map((r) => {
    const parts: string[] = [];
    for (let at: typeof r | undefined = r; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) parts.unshift(at.path.replace(/:[\w-]+/g, "x1").replace("*", "any/thing"));
    }
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  });
  return [...extra, ...fromRoutes];
}

function expected(routes: Manifest, pathname: string): string | null {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  try {
    return matchRoutes(tree(routes), page)?.at(-1)?.route.id ?? null;
  } catch {
    return null;
  }
}

it("names the route Remix's router matches, for every kind of route", () => {
  const routeOf = routeMatcher({ routes: manifest });
  for (const pathname of samples(manifest))
    expect([pathname, routeOf(pathname)]).toEqual([pathname, expected(manifest, pathname)]);
  expect(routeOf("/products/mug.data")).toBe("routes/products.$slug");
  expect(routeOf("/admin")).toBe("routes/admin._index");
  expect(routeOf("/login")).toBe("routes/_auth.login");
});
