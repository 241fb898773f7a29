import type { LoaderFunctionArgs } from "@remix-run/node";

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

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.tenant.kind === "unknown") return new Response("Not found", { status: 404 });
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
}
