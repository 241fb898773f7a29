import type { LoaderFunctionArgs } from "@remix-run/node";
import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { textPageLoader } from "~/services/store/store-pages.server";

export const meta = textPageMeta("terms");
export const loader = (args: LoaderFunctionArgs) => textPageLoader(args, "terms");

export default function Terms() {
  return <TextPage kind="terms" />;
}
