/**
 * The checkout's and the cart's delivery choices as the page shows them (issue 33): the rates
 * that apply (cheapest first) with their price, estimate and whether Cash On Delivery comes with
 * them; or why the store cannot deliver there. Formatted on the server.
 */
import type { Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import type { CheckoutPrice } from "./pricing.server";
import { countryName } from "~/lib/city-names";

export function shippingChoiceView(price: CheckoutPrice, currency: string, locale: Locale) {
  const { shipping } = price;
  const pick = (en: string, ar: string) => (locale === "ar" ? ar || en : en || ar);
  const place = shipping.place.city.trim()
    ? `${shipping.place.city.trim()}, ${countryName(shipping.place.country, locale)}`
    : countryName(shipping.place.country, locale);
  const goodsAfterSales = price.subtotalCents - price.discountCents;
  const chosen = shipping.chosen;
  return {
    place,
    undeliverable: shipping.undeliverable || shipping.rates.length === 0,
    chosenId: chosen?.id ?? null,
    chosenCents: chosen?.cents ?? 0,
    rates: shipping.rates.map((rate) => ({
      id: rate.id,
      kind: rate.kind,
      name: pick(rate.nameEn, rate.nameAr),
      estimate: pick(rate.estimateEn, rate.estimateAr),
      price: rate.cents > 0 ? formatMoney(rate.cents, currency, locale) : null,
      cents: rate.cents,
      cod: rate.codAllowed,
      chosen: rate.id === chosen?.id,
    })),
    /**
     * The code took the goods under the chosen rate's free-from threshold, so shipping is back:
     * said next to the summary (issue 33).
     */
    shippingBackByCode:
      chosen &&
      chosen.cents > 0 &&
      chosen.freeFromCents &&
      price.codeDiscountCents > 0 &&
      goodsAfterSales >= chosen.freeFromCents
        ? formatMoney(chosen.freeFromCents, currency, locale)
        : null,
  };
}
export type ShippingChoiceView = ReturnType<typeof shippingChoiceView>;
