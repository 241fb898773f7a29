import { useLocation } from "@remix-run/react";
import { FilterField, SelectFilter } from "~/components/ui/FilterField";
import { Input } from "~/components/ui/Input";
import { TABLE_PARAMS } from "~/lib/table-links";
import { useTranslation } from "~/lib/use-translation";

/**
 * The state filter of a list of things that run for a while (sales, discount codes): "all" (the
 * value the list's links carry) or one state, labelled `<texts>.state`, `<texts>.allStates` and
 * `<texts>.states.<state>`.
 */
export function StateFilter({
  texts,
  states,
  value,
}: {
  texts: "admin.sales" | "discounts.admin";
  states: readonly string[];
  value: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      label={t(`${texts}.state`)}
      name="state"
      value={value}
      all={t(`${texts}.allStates`)}
      allValue="all"
      options={states.map((state) => [state, t(`${texts}.states.${state}`)])}
    />
  );
}

interface DateBound {
  name: string;
  label: string;
  value: string | null;
}

/** A list's date range: a first and a last day, each a date field of the filter form. */
export function DateRangeFilter({ from, to }: { from: DateBound; to: DateBound }) {
  return (
    <>
      {[from, to].map((bound) => (
        <FilterField key={bound.name} label={bound.label}>
          <Input type="date" name={bound.name} defaultValue={bound.value ?? ""} />
        </FilterField>
      ))}
    </>
  );
}

/** The CSV export of the list as filtered now: its query (sort, filters) without the page's cursor. */
export function useExportHref(path: string): string {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete(TABLE_PARAMS.cursor);
  return `${path}${query.size > 0 ? `?${query}` : ""}`;
}
