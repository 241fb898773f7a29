import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";

/** Previous/Next links carrying a keyset cursor; `search` is the page's query without one. */
export function Pagination({
  pathname,
  search,
  prevCursor,
  nextCursor,
}: {
  pathname: string;
  search: string;
  prevCursor: string | null;
  nextCursor: string | null;
}) {
  const { t } = useTranslation();
  if (!prevCursor && !nextCursor) return null;
  const href = (cursor: string) => {
    const params = new URLSearchParams(search);
    params.set("cursor", cursor);
    return `${pathname}?${params}`;
  };
  return (
    <nav aria-label={t("catalog.pages")} className="mt-8 flex justify-between gap-4">
      {prevCursor ? (
        <Button to={href(prevCursor)} rel="prev" variant="secondary" className="gap-0 px-4">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
          <span className="ms-2">{t("pagination.previous")}</span>
        </Button>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Button to={href(nextCursor)} rel="next" variant="secondary" className="gap-0 px-4">
          <span className="me-2">{t("pagination.next")}</span>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            →
          </span>
        </Button>
      ) : null}
    </nav>
  );
}
