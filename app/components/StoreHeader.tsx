import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { buttonClass } from "~/components/ui/Button";
import { isolate } from "~/lib/bidi";
import { cn } from "~/lib/cn";
import { useOptionalRootData } from "~/lib/root-data";
import type { Shell } from "~/lib/shell";
import { useHydrated } from "~/lib/use-hydrated";
import { AccountLink } from "./AccountLink";
import { Icon } from "./icons";
import { LanguageSwitch } from "./LanguageSwitch";
import { SearchForm } from "./SearchForm";
import { StoreNavLinks, useCartLabel } from "./StoreNavLinks";
import { ThemeSwitch } from "./ThemeSwitch";

// Radix and the drawer load on the first hover, focus or tap of the menu button (DESIGN §9).
const loadMenu = () => import("./StoreMenuPanel");
const StoreMenuPanel = lazy(loadMenu);

/** Targets of the phone's no-JavaScript links: the header shows the part the URL names. */
const MENU_ID = "store-menu";
const SEARCH_ID = "store-search";

const ICON_BUTTON = buttonClass({ variant: "ghost", className: "relative w-11 shrink-0 px-0" });
// Below 640 px the navigation and the tools are in the menu; without JavaScript they show under
// the header row while the URL names them (#store-menu), as the search does (#store-search).
// The scroll margin keeps the header row in view when the URL names them.
const PHONE_PANEL = "max-sm:hidden max-sm:basis-full scroll-mt-24";

/**
 * Store header. From 640 px one row: the logo and the store name in its primary colour (the name
 * is the link's text, so the logo is decorative), the links, search, language, theme and the
 * account (a second row only when they do not fit: a signed-in admin's extra links, tablets). Below, a compact row: the logo, a search button that opens the search field under
 * it, the cart with its count and a menu button that opens the rest in a drawer. Without
 * JavaScript the two buttons are links to the parts of the header they show.
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
  const hydrated = useHydrated();
  // Open on the page it was opened on: following a link (or searching) folds it away again.
  const { key } = useLocation();
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  const searchOpen = searchOpenAt === key;

  function toggleSearch() {
    setSearchOpenAt(searchOpen ? null : key);
    // The field shows on the next render; focus it then, so the keyboard comes up.
    requestAnimationFrame(() => {
      const field = document.getElementById(SEARCH_ID)?.querySelector("input");
      if (field && field.offsetParent !== null) field.focus();
    });
  }

  return (
    <header className="border-b border-line border-t-4 border-t-primary bg-page">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-4 py-2 sm:gap-x-3 sm:py-3">
        <Link
          to="/"
          className="me-auto inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-primary-ink sm:gap-3 sm:text-2xl"
          aria-label={t("header.homeLink", { store: isolate(storeName) })}
        >
          {logoImageId ? (
            <img
              src={`/resources/image?url=/images/${logoImageId}&w=128`}
              alt=""
              width={40}
              height={40}
              className="h-9 w-9 shrink-0 rounded-md object-contain sm:h-10 sm:w-10"
            />
          ) : null}
          {/* <bdi>: a Latin name keeps its punctuation in place on Arabic pages. */}
          <bdi className="truncate">{storeName}</bdi>
        </Link>

        {/* The phone's row: search, cart, menu. */}
        {hydrated ? (
          <button
            type="button"
            className={cn(ICON_BUTTON, "sm:hidden")}
            aria-label={t("phone.search")}
            aria-expanded={searchOpen}
            aria-controls={SEARCH_ID}
            onClick={toggleSearch}
          >
            <Icon name="search" />
          </button>
        ) : (
          <a href={`#${SEARCH_ID}`} className={cn(ICON_BUTTON, "sm:hidden")} aria-label={t("phone.search")}>
            <Icon name="search" />
          </a>
        )}
        <PhoneCartLink />
        <MenuButton shell={shell} />

        <nav
          id={MENU_ID}
          aria-label={t("header.mainNav")}
          className={cn(
            "peer max-sm:target:block max-sm:border-t max-sm:border-line max-sm:pt-2",
            PHONE_PANEL,
          )}
        >
          <StoreNavLinks className="flex flex-wrap gap-x-1 max-sm:flex-col" />
        </nav>
        <SearchForm
          id={SEARCH_ID}
          className={cn(
            "sm:min-w-40 sm:grow sm:basis-40",
            searchOpen ? "max-sm:basis-full" : cn(PHONE_PANEL, "max-sm:target:flex"),
          )}
        />
        <div
          className={cn(
            "flex items-center gap-2 max-sm:peer-target:flex max-sm:flex-wrap max-sm:pb-2 sm:ms-auto",
            PHONE_PANEL,
          )}
        >
          <LanguageSwitch locale={shell.locale} />
          <ThemeSwitch theme={shell.theme} compact />
          <AccountLink />
          {/* Without JavaScript: folds the menu away again (an empty fragment targets nothing). */}
          <a href="#" className={buttonClass({ variant: "link", className: "sm:hidden" })}>
            {t("phone.closeMenu")}
          </a>
        </div>
      </div>
    </header>
  );
}

/** The cart with its count, in the phone's row (from 640 px the cart is one of the links). */
function PhoneCartLink() {
  const label = useCartLabel();
  const count = useOptionalRootData()?.cartCount ?? 0;
  return (
    <Link to="/cart" className={cn(ICON_BUTTON, "sm:hidden")} aria-label={label}>
      <Icon name="cart" />
      {count ? (
        <span
          aria-hidden="true"
          className="absolute end-0.5 top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 text-on-primary"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The phone's menu button: a Radix drawer (loaded on demand) once scripts run; before, a link to
 * the header's own links and tools, which show under the row while the URL names them.
 */
function MenuButton({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  // Open on the page it was opened on: arriving on another closes it.
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  if (!hydrated) {
    return (
      <a href={`#${MENU_ID}`} className={cn(ICON_BUTTON, "sm:hidden")} aria-label={t("phone.menu")}>
        <Icon name="menu" />
      </a>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn(ICON_BUTTON, "sm:hidden")}
        aria-label={t("phone.menu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setOpenAt(key)}
      >
        <Icon name="menu" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <StoreMenuPanel shell={shell} returnFocusTo={button} onClose={() => setOpenAt(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
