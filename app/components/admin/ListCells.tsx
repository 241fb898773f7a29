import type { ReactNode } from "react";
import type { DataColumn } from "~/components/ui/DataTable";
import { useTranslation } from "~/lib/use-translation";

/** A row's short list of names (a token's scopes, a webhook's topics), as small outlined tags. */
export function TagList({ tags }: { tags: { key: string; label: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag.key} className="rounded border border-line px-1.5 text-sm">
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

/** A row's state: bold while it works, in the danger colour otherwise; an optional muted note under it. */
export function StateCell({ ok, label, note }: { ok: boolean; label: string; note?: ReactNode }) {
  return (
    <span className="flex flex-col">
      <span className={ok ? "font-bold" : "text-danger"}>{label}</span>
      {note ? <span className="text-sm text-muted">{note}</span> : null}
    </span>
  );
}

/** What a state means for the list's colours: under way, coming, nearly over, over or off. */
export type StateTone = "live" | "soon" | "warn" | "off";

const TONE_CLASS: Record<StateTone, string> = {
  live: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  soon: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  off: "bg-card text-muted",
};

/**
 * The state column of a list of things that run for a while (sales, discount codes): the row's
 * state as a coloured pill labelled `<texts>.states.<state>`, under the header `<texts>.state`.
 * `nowrap` keeps a two-word state ("Used up") on one line.
 */
export function useStateColumn<State extends string, Row extends { state: State }>(
  texts: "admin.sales" | "discounts.admin",
  tones: Record<State, StateTone>,
  { nowrap = false }: { nowrap?: boolean } = {},
): DataColumn<Row> {
  const { t } = useTranslation();
  const pill = `rounded-full px-2 py-0.5 text-sm font-bold${nowrap ? " whitespace-nowrap" : ""}`;
  return {
    key: "state",
    header: t(`${texts}.state`),
    cell: (row) => (
      <span className={`${pill} ${TONE_CLASS[tones[row.state]]}`}>{t(`${texts}.states.${row.state}`)}</span>
    ),
  };
}
