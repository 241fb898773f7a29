import { notFound } from "~/http/guards.server";
import { resourceRoute, siteLoader } from "~/http/handlers.server";

/** Shopper-private and admin pages stay out of search engines; everything else is open. */
const STORE_PRIVATE = [
  "/admin",
  "/cart",
  "/checkout",
  "/orders",
  "/profile",
  "/wishlist",
  "/login",
  "/signup",
  "/reset-password",
];

export const loader = resourceRoute(
  siteLoader(({ request, context }) => {
    // A resource route: the root loader (which answers unknown hosts) does not run for it.
    if (context.tenant.kind === "unknown") return notFound();
    const origin = new URL(request.url).origin;
    const disallow = context.tenant.kind === "store" ? STORE_PRIVATE : ["/platform", "/login"];
    const body = [
      "User-agent: *",
      "Allow: /",
      ...disallow.map((path) => `Disallow: ${path}`),
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return new Response(body, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  }),
);
