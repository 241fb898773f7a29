import { formatMoney } from "~/lib/money";
import { useRootData } from "~/lib/root-data";

/**
 * Formatting at the edge (decision 011): services hand out integer minor units, and the page turns
 * them into text here, in the page's locale and the store's currency.
 */
export function useMoney(): (minor: number) => string {
  const { shell, site } = useRootData();
  // Prices only appear on store pages; the platform has no currency of its own.
  const currency = site.kind === "store" ? site.currency : "USD";
  return (minor) => formatMoney(minor, currency, shell.locale);
}

/** An amount in the store currency, e.g. `<Price minor={1250} />` → "$12.50". */
export function Price({ minor }: { minor: number }) {
  const money = useMoney();
  return <>{money(minor)}</>;
}
