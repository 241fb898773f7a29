import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { storeLoader } from "~/http/handlers.server";
import { getStoreTextPage } from "~/services/store/store-pages.server";

export const meta = textPageMeta("privacy");
export const loader = storeLoader(async ({ store, locale }) => ({
  body: await getStoreTextPage(store.id, "privacy", locale),
}));

export default function Privacy() {
  return <TextPage kind="privacy" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
