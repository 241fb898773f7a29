import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { storeLoader } from "~/http/handlers.server";
import { getStoreTextPage } from "~/services/store/store-pages.server";

export const meta = textPageMeta("about");
export const loader = storeLoader(async ({ store, locale }) => ({
  body: await getStoreTextPage(store.id, "about", locale),
}));

export default function About() {
  return <TextPage kind="about" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
