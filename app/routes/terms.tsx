import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { storeLoader } from "~/http/handlers.server";
import { getStoreTextPage } from "~/services/store/store-pages.server";

export const meta = textPageMeta("terms");
export const loader = storeLoader(async ({ store, locale }) => ({
  body: await getStoreTextPage(store.id, "terms", locale),
}));

export default function Terms() {
  return <TextPage kind="terms" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
