import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { buttonClass } from "~/components/ui/Button";
import { LOCALES, type Locale } from "~/lib/i18n";

/**
 * Links to this same page in the other languages; `?lng=` also stores the choice in a cookie. A
 * full document load, since it brings the other locale's dictionary (app/lib/i18n.ts).
 */
export function LanguageSwitch({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hrefFor = (lng: Locale) => {
    const params = new URLSearchParams(location.search);
    params.set("lng", lng);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label={t("header.language.label")}>
      <ul className="flex items-center gap-1">
        {LOCALES.filter((lng) => lng !== locale).map((lng) => (
          <li key={lng}>
            <Link
              to={hrefFor(lng)}
              lang={lng}
              hrefLang={lng}
              reloadDocument
              className={buttonClass({ variant: "nav", className: "px-3 text-primary-ink" })}
            >
              {t(`header.language.${lng}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
