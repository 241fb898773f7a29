import type { LoaderFunctionArgs } from "@remix-run/node";
import { TextPage, textPageMeta } from "~/components/content/TextPage";
import { textPageLoader } from "~/services/store/store-pages.server";

export const meta = textPageMeta("about");
export const loader = (args: LoaderFunctionArgs) => textPageLoader(args, "about");

export default function About() {
  return <TextPage kind="about" />;
}
