import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, type FormEvent } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";
import { useFormPending } from "~/lib/use-form-pending";
import {
  catalogSearch,
  DEFAULT_SORT,
  PRICE_MAX,
  PRICE_MIN,
  SEARCH_MAX_LENGTH,
  SORTS,
  type CatalogQuery,
  type CatalogSort,
} from "~/lib/catalog-query";

export const SORT_LABELS: Record<CatalogSort, string> = {
  "best-seller": "sort.bestSeller",
  trending: "sort.trending",
  "price-asc": "sort.priceAsc",
  "price-desc": "sort.priceDesc",
};

/** Typing pauses this long before the listing follows. */
const DEBOUNCE_MS = 350;

const FIELD = "min-h-11 w-full rounded-md border border-line bg-field px-3 text-ink";
const LABEL = "mb-1 block text-sm font-bold";

export interface FilterCategory {
  slug: string;
  name: string;
  subcategories: { slug: string; name: string }[];
}

/**
 * The listing's filters as a plain GET form: it works without JavaScript (Apply), and with it
 * the listing follows as you type (debounced, replacing the history entry). `categories` null
 * hides the category pickers (the category pages fix them by their path). `inDrawer`: inside the
 * phone's filter drawer, which has the heading as its title (the form keeps it, for its name)
 * and closes on Apply (`onApply`).
 */
export function CatalogFilters({
  action,
  query,
  categories,
  inDrawer = false,
  onApply,
}: {
  action: string;
  query: CatalogQuery;
  categories: FilterCategory[] | null;
  inDrawer?: boolean;
  onApply?: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  // Only this form's own listing request disables Apply, not a link followed meanwhile.
  const pending = useFormPending({ action, method: "get" });
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  // Fields changed since the listing last followed the form. A listing that arrives meanwhile
  // (from an earlier change) must not overwrite them: typing a minimum price, moving on to the
  // maximum while the previous listing loads, would otherwise lose the minimum.
  const unsent = useRef(new Set<string>());
  // The search this form last sent: when its listing arrives the fields already say it, or
  // something newer the person typed since, so they are left alone.
  const lastSent = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  function forgetUnsent() {
    clearTimeout(timer.current);
    unsent.current.clear();
  }

  // The fields are uncontrolled (so the form works before hydration); when the query changes by
  // other means (clear filters, back button), bring them in line, except the one being typed in
  // and those not yet sent. The listing of this form's own last search changes nothing.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const arrived = {
      q: query.q,
      category: query.category,
      sub: query.sub,
      min: query.min,
      max: query.max,
      sort: query.sort,
    };
    if (catalogSearch(arrived) === lastSent.current) return;
    lastSent.current = null;
    const values: Record<string, string> = {
      ...arrived,
      category: arrived.category ?? "",
      sub: arrived.sub ?? "",
      min: String(arrived.min),
      max: String(arrived.max),
    };
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field !== document.activeElement &&
        !unsent.current.has(name)
      ) {
        field.value = value;
      }
    }
  }, [query.q, query.category, query.sub, query.min, query.max, query.sort]);

  const selected = categories?.find((category) => category.slug === query.category) ?? null;
  // Without a category every sub is offered, grouped by its category.
  const subGroups = selected ? [selected] : (categories ?? []);

  function follow(form: HTMLFormElement, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      unsent.current.clear();
      const values = new FormData(form);
      const read = (name: string) => String(values.get(name) ?? "").trim();
      const number = (name: string, fallback: number) => {
        const value = Number(read(name));
        return read(name) === "" || !Number.isFinite(value) ? fallback : value;
      };
      const search = catalogSearch({
        q: read("q"),
        category: read("category") || null,
        sub: read("sub") || null,
        min: number("min", PRICE_MIN),
        max: number("max", PRICE_MAX),
        sort: (read("sort") || DEFAULT_SORT) as CatalogSort,
      });
      lastSent.current = search;
      submit(new URLSearchParams(search), { method: "get", action, replace: true, preventScrollReset: true });
    }, delay);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const form = event.currentTarget;
    unsent.current.add(target.name);
    // A new category makes the chosen sub category meaningless.
    if (target.name === "category") {
      const sub = form.elements.namedItem("sub");
      if (sub instanceof HTMLSelectElement) sub.value = "";
      unsent.current.add("sub");
    }
    follow(form, target.tagName === "SELECT" ? 0 : DEBOUNCE_MS);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      aria-labelledby={`${id}-heading`}
      onChange={onChange}
      onSubmit={() => {
        forgetUnsent();
        onApply?.();
      }}
      className={inDrawer ? undefined : "rounded-lg border border-line bg-card p-4"}
    >
      <h2 id={`${id}-heading`} className={inDrawer ? "sr-only" : "text-lg font-extrabold"}>
        {t("catalog.filters.heading")}
      </h2>
      <div className={inDrawer ? "grid gap-3" : "mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"}>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-q`} className={LABEL}>
            {t("catalog.filters.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            className={FIELD}
          />
        </div>
        {categories ? (
          <>
            <div>
              <label htmlFor={`${id}-category`} className={LABEL}>
                {t("catalog.filters.category")}
              </label>
              <select
                id={`${id}-category`}
                name="category"
                defaultValue={query.category ?? ""}
                className={FIELD}
              >
                <option value="">{t("catalog.filters.any")}</option>
                {categories.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-sub`} className={LABEL}>
                {t("catalog.filters.sub")}
              </label>
              <select id={`${id}-sub`} name="sub" defaultValue={query.sub ?? ""} className={FIELD}>
                <option value="">{t("catalog.filters.any")}</option>
                {subGroups.map((group) => (
                  <optgroup key={group.slug} label={group.name}>
                    {group.subcategories.map((sub) => (
                      <option key={sub.slug} value={sub.slug}>
                        {sub.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          </>
        ) : null}
        <div>
          <label htmlFor={`${id}-min`} className={LABEL}>
            {t("catalog.filters.min")}
          </label>
          <input
            id={`${id}-min`}
            type="number"
            name="min"
            inputMode="decimal"
            min={PRICE_MIN}
            max={PRICE_MAX}
            step="0.01"
            defaultValue={query.min}
            aria-describedby={`${id}-price-hint`}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className={LABEL}>
            {t("catalog.filters.max")}
          </label>
          <input
            id={`${id}-max`}
            type="number"
            name="max"
            inputMode="decimal"
            min={PRICE_MIN}
            max={PRICE_MAX}
            step="0.01"
            defaultValue={query.max}
            aria-describedby={`${id}-price-hint`}
            className={FIELD}
          />
        </div>
        <div className={categories ? "sm:col-span-2 lg:col-span-2" : "sm:col-span-2"}>
          <label htmlFor={`${id}-sort`} className={LABEL}>
            {t("catalog.filters.sort")}
          </label>
          <select id={`${id}-sort`} name="sort" defaultValue={query.sort} className={FIELD}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-price-hint`} className="mt-2 text-sm text-muted">
        {t("catalog.filters.priceHint")}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Button disabled={pending}>{t("catalog.filters.apply")}</Button>
        {/* SPEC §4: clearing resets category, sub category and sort, and the price range to 0–10000. */}
        <Button to={`${action}${catalogSearch({ q: query.q })}`} onClick={forgetUnsent} variant="link">
          {t("catalog.filters.clear")}
        </Button>
      </div>
    </Form>
  );
}
