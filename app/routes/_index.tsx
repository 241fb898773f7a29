import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlatformLanding } from "~/components/PlatformLanding";
import { StoreHome } from "~/components/StoreHome";
import { seo } from "~/lib/seo";
import type { RootData } from "~/lib/shell";
import { siteLoader } from "~/http/handlers.server";
import { loadHome } from "~/services/catalog/storefront.server";

/** `/` answers a store's home page on a store host and the builder's landing on the platform. */
export const loader = siteLoader(async ({ context, locale }) => {
  const { tenant } = context;
  // Unknown hosts never get here: the root loader answers them with a 404 first.
  if (tenant.kind !== "store") return { kind: "platform" as const };
  const { store } = tenant;
  const home = await loadHome(store.id, {
    locale,
    currency: store.currency,
    featuredCategoryIds: store.settings.featuredCategoryIds,
    featuredProductIds: store.settings.featuredProductIds,
  });
  // `products` is the most selling row.
  const { mostSelling: products, ...rows } = home;
  return { kind: "store" as const, products, ...rows };
});

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const site = (matches.find((match) => match.id === "root")?.data as RootData | undefined)?.site;
  return seo({
    matches,
    path: "/",
    page: (t) => (data?.kind === "platform" ? t("meta.platformHome") : t("meta.home")),
    // A store's home is described by its own hero text when it has one.
    description: () => (site?.kind === "store" && site.settings.heroSubtitle) || null,
  });
};

export default function Index() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "store" ? <StoreHome {...data} /> : <PlatformLanding />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
