import { notFound } from "~/http/guards.server";
import { resourceRoute, siteLoader } from "~/http/handlers.server";
import { sitemapEntries } from "~/services/catalog/sitemap.server";

const xml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** Each store's own sitemap, every page with its English and Arabic versions (hreflang). */
export const loader = resourceRoute(
  siteLoader(async ({ request, context }) => {
    const origin = new URL(request.url).origin;
    const paths =
      context.tenant.kind === "store"
        ? await sitemapEntries(context.tenant.store.id)
        : context.tenant.kind === "platform"
          ? [{ path: "/" }]
          : null;
    // A resource route: the root loader (which answers unknown hosts) does not run for it.
    if (!paths) return notFound();
    const urls = paths.map(({ path, lastModified }) => {
      const href = (lng?: string) => xml(`${origin}${path}${lng ? `?lng=${lng}` : ""}`);
      return [
        "<url>",
        `<loc>${href()}</loc>`,
        lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "",
        `<xhtml:link rel="alternate" hreflang="en" href="${href("en")}"/>`,
        `<xhtml:link rel="alternate" hreflang="ar" href="${href("ar")}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${href()}"/>`,
        "</url>",
      ].join("");
    });
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    return new Response(body, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  }),
);
