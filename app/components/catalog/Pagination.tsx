import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const LINK =
  "inline-flex min-h-11 items-center rounded-md border border-line bg-page px-4 font-bold hover:bg-card";

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
        <Link to={href(prevCursor)} rel="prev" className={LINK}>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
          <span className="ms-2">{t("pagination.previous")}</span>
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link to={href(nextCursor)} rel="next" className={LINK}>
          <span className="me-2">{t("pagination.next")}</span>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            →
          </span>
        </Link>
      ) : null}
    </nav>
  );
}
