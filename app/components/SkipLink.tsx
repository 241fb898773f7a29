import { useTranslation } from "~/lib/use-translation";

export const MAIN_ID = "main";

/** First focusable element on every page: jumps over the header to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only-focusable start-2 top-2 z-50 rounded-md bg-primary px-4 py-2 font-bold text-on-primary"
    >
      {t("app.skipToContent")}
    </a>
  );
}
