import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/Button";
import { isolate } from "~/lib/bidi";
import { AccountLink } from "./AccountLink";
import { useOptionalRootData } from "~/lib/root-data";
import type { Shell } from "~/lib/shell";
import { LanguageSwitch } from "./LanguageSwitch";
import { SearchForm } from "./SearchForm";
import { ThemeSwitch } from "./ThemeSwitch";

const NAV_LINK = buttonClass({ variant: "nav" });

/**
 * Store header: the logo and the store name in its primary colour (the name is the link's text,
 * so the logo is decorative), search, navigation, language, theme and the account.
 */
export function StoreHeader({
  shell,
  storeName,
  logoImageId,
}: {
  shell: Shell;
  storeName: string;
  logoImageId: string | null;
}) {
  const { t } = useTranslation();
  // Lines in the signed-in shopper's cart, when the root loader provides them.
  const cartCount = useOptionalRootData()?.cartCount ?? 0;
  return (
    <header className="border-b border-line border-t-4 border-t-primary bg-page">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3">
        <Link
          to="/"
          className="order-1 me-auto inline-flex items-center gap-3 rounded-md text-2xl font-extrabold tracking-tight text-primary-ink"
          aria-label={t("header.homeLink", { store: isolate(storeName) })}
        >
          {logoImageId ? (
            <img
              src={`/resources/image?url=/images/${logoImageId}&w=128`}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 rounded-md object-contain"
            />
          ) : null}
          {/* <bdi>: a Latin name keeps its punctuation in place on Arabic pages. */}
          <bdi>{storeName}</bdi>
        </Link>
        <nav aria-label={t("header.mainNav")} className="order-4 w-full sm:order-2 sm:w-auto">
          <ul className="flex flex-wrap gap-x-2">
            <li>
              <Link to="/products" className={NAV_LINK}>
                {t("header.allProducts")}
              </Link>
            </li>
            <li>
              <Link to="/categories" className={NAV_LINK}>
                {t("storeNav.categories")}
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className={NAV_LINK}>
                {t("storeNav.wishlist")}
              </Link>
            </li>
            <li>
              <Link to="/cart" className={NAV_LINK}>
                {cartCount ? t("storeNav.cartWithCount", { count: cartCount }) : t("storeNav.cart")}
              </Link>
            </li>
          </ul>
        </nav>
        <SearchForm className="order-3 grow basis-full sm:basis-64" />
        <div className="order-2 flex flex-wrap items-center justify-end gap-2 sm:order-4">
          <LanguageSwitch locale={shell.locale} />
          <ThemeSwitch theme={shell.theme} />
          <AccountLink />
        </div>
      </div>
    </header>
  );
}
