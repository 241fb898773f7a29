import { useTranslation } from "~/lib/use-translation";
import { useMoney } from "~/components/Price";
import { useStoreTimeZone } from "~/lib/use-store-time-zone";
import { formatInZone } from "~/lib/time-zone";

/** A sale's discount as the admin reads it: "20 %" or "$5.00" in the store's currency. */
export function useSaleDiscount(): (sale: { kind: "percent" | "fixed"; value: number }) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (sale) =>
    sale.kind === "percent" ? t("admin.sales.percentOff", { value: sale.value }) : money(sale.value);
}

/** Sale moments are typed and shown in the store's time zone (/admin/settings). */
export function useSaleTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useStoreTimeZone();
  return (iso) => formatInZone(iso, i18n.language, timeZone, "dateTime");
}

/**
 * What a sale or a discount code applies to, in the list: the whole store, or how many categories
 * or products (the texts under `prefix`: "admin.sales" or "discounts.admin").
 */
export function useAppliesToText(
  prefix: "admin.sales" | "discounts.admin",
): (row: { scope: "store" | "categories" | "products"; targetCount: number }) => string {
  const { t } = useTranslation();
  return (row) =>
    row.scope === "store"
      ? t(`${prefix}.wholeStore`)
      : t(row.scope === "categories" ? `${prefix}.categoryCount` : `${prefix}.productCount`, {
          count: row.targetCount,
        });
}
