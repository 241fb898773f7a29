import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Icon } from "~/components/icons";
import { buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/lib/use-hydrated";
import type { FilterDrawerPanelProps } from "./FilterDrawerPanel";

// Radix and the drawer load on the first hover, focus or tap of the button (DESIGN §9).
const loadPanel = () => import("./FilterDrawerPanel");
const FilterDrawerPanel = lazy(loadPanel);

/** The listing's filter panel, which the no-JavaScript link shows while the URL names it. */
export const FILTERS_ID = "filters";

const TRIGGER = buttonClass({ variant: "secondary", className: "px-4 sm:hidden" });

/**
 * Below 640 px the listing's filters sit behind this "Filter and sort" button, so the first
 * screen shows products: it opens them in a drawer (loaded on demand) with the result count.
 * Before (or without) JavaScript it is a link to the page's own filter panel, which shows
 * while it is the URL's target.
 */
export function FilterDrawer(props: Omit<FilterDrawerPanelProps, "onClose" | "returnFocusTo">) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = (
    <>
      <Icon name="filter" size={20} />
      {t("catalog.filters.heading")}
    </>
  );
  if (!hydrated) {
    return (
      <a href={`#${FILTERS_ID}`} className={TRIGGER}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className={TRIGGER}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterDrawerPanel {...props} returnFocusTo={button} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
