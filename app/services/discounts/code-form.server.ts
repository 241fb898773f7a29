/**
 * The discount code form's start values: a saved code as the form shows it (amounts in major
 * units, times in the store's zone), or a new code's defaults (on, for the whole store, from now).
 */
import { toZonedDateTimeValue } from "~/lib/time-zone";
import { minorToAmount } from "~/lib/validation/admin-sales";
import type { AdminDiscount } from "./admin.server";

/** The form's text fields, as "Search products" sends them back to the page. */
export const DISCOUNT_TEXT_FIELDS = [
  "code",
  "kind",
  "value",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perShopperLimit",
  "scope",
  "active",
] as const;

export function discountFormValues(
  code: AdminDiscount | null,
  digits: number,
  timeZone: string,
): Record<string, unknown> {
  if (!code) {
    return {
      kind: "percentage",
      scope: "store",
      active: "on",
      startsAt: toZonedDateTimeValue(new Date(), timeZone),
      categoryIds: [],
      productIds: [],
    };
  }
  const amount = (minor: number) => minorToAmount(minor, digits);
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === "percentage" ? String(code.value) : code.kind === "fixed" ? amount(code.value) : "",
    minSubtotal: code.minSubtotalCents > 0 ? amount(code.minSubtotalCents) : "",
    startsAt: toZonedDateTimeValue(code.startsAt, timeZone),
    endsAt: code.endsAt ? toZonedDateTimeValue(code.endsAt, timeZone) : "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perShopperLimit: code.perShopperLimit === null ? "" : String(code.perShopperLimit),
    scope: code.scope,
    active: code.active ? "on" : "",
    categoryIds: code.categoryIds,
    productIds: code.productIds,
  };
}
