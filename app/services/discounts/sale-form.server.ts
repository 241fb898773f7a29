/**
 * The sale form's start values: a saved sale as the form shows it (amounts in major units, times
 * in the store's zone), or a new sale's defaults.
 */
import { toZonedDateTimeValue } from "~/lib/time-zone";
import { minorToAmount } from "~/lib/validation/admin-sales";
import type { AdminSale } from "./sales.server";

/** The form's text fields, as "Search products" sends them back to the page. */
export const SALE_TEXT_FIELDS = ["nameEn", "nameAr", "kind", "value", "scope", "startsAt", "endsAt"] as const;

export function saleFormValues(
  sale: AdminSale | null,
  digits: number,
  timeZone: string,
): Record<string, unknown> {
  if (!sale) return { kind: "percent", scope: "store", categoryIds: [], productIds: [] };
  return {
    nameEn: sale.nameEn,
    nameAr: sale.nameAr,
    kind: sale.kind,
    value: sale.kind === "percent" ? String(sale.value) : minorToAmount(sale.value, digits),
    scope: sale.scope,
    startsAt: toZonedDateTimeValue(sale.startsAt, timeZone),
    endsAt: toZonedDateTimeValue(sale.endsAt, timeZone),
    categoryIds: sale.categoryIds,
    productIds: sale.productIds,
  };
}
