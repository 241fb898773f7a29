import { useTranslation } from "~/lib/use-translation";
import { useMoney } from "~/components/Price";

/** A sale's discount as the admin reads it: "20 %" or "$5.00" in the store's currency. */
export function useSaleDiscount(): (sale: { kind: "percent" | "fixed"; value: number }) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (sale) =>
    sale.kind === "percent" ? t("admin.sales.percentOff", { value: sale.value }) : money(sale.value);
}

/** Sale moments are typed and shown in UTC (stores have no time zone of their own yet). */
export function useSaleTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
    numberingSystem: "latn",
  });
  return (iso) => format.format(new Date(iso));
}
