import type { LoaderFunctionArgs } from "@remix-run/node";
import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { textPageLoader } from "~/services/store/store-pages.server";

export const meta = textPageMeta("privacy");
export const loader = (args: LoaderFunctionArgs) => textPageLoader(args, "privacy");

export default function Privacy() {
  return <TextPage kind="privacy" />;
}
