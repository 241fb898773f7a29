/**
 * What the checkout page answers for an order that was not placed as asked (decision 014): a
 * 409 with the reason and the page's new summary, or the redirect of a placed one; a 503 when
 * the database lost the order's commit (decision 020).
 */
import { data } from "@remix-run/node";
import { codeRefusalNotice } from "~/lib/discount-codes";
import { formatMoney } from "~/lib/money";
import type { FormNotice } from "~/lib/notice";
import { redirectWithToast } from "~/lib/toast.server";
import type { PlaceOrderResult } from "~/services/orders/checkout.server";
import type { CodRefusal } from "~/services/orders/payment-options.server";
import { localized } from "~/services/store/settings.server";
import { countryName } from "~/lib/city-names";

export const checkoutConflict = (notice: FormNotice, result: unknown) =>
  data({ result, notice }, { status: 409 });

/** Why Cash On Delivery is not offered (decision 030), for the page and for a refused order. */
export function codRefusalNotice(refusal: CodRefusal, currency: string, locale: "en" | "ar"): FormNotice {
  if (refusal.kind === "rate")
    return {
      key: "shipping.codNotWithRate",
      params: { rate: localized(refusal.nameEn, refusal.nameAr, locale) },
    };
  if (refusal.kind === "phone") return { key: "codRefusals.checkout.phoneInvalid" };
  if (refusal.kind === "refusals") return { key: "codRefusals.checkout.payByCard" };
  return refusal.kind === "over-max"
    ? { key: "codControls.overMax", params: { amount: formatMoney(refusal.maxTotalCents, currency, locale) } }
    : { key: "codControls.verifiedOnly" };
}

export function checkoutAnswer(
  placed: PlaceOrderResult,
  reply: unknown,
  currency: string,
  locale: "en" | "ar",
): Promise<Response> | Response | ReturnType<typeof checkoutConflict> {
  switch (placed.kind) {
    case "placed":
    case "existing":
      // Card orders went to Stripe's page before this (see the action).
      return redirectWithToast(`/orders/${placed.number}/confirmed`, { key: "toast.orderPlaced" });
    case "empty":
      return redirectWithToast("/cart", { key: "toast.cartEmpty", type: "info" });
    case "undeliverable":
      return checkoutConflict(
        {
          key: "shipping.undeliverable",
          params: {
            place: placed.city
              ? `${placed.city}, ${countryName(placed.country, locale)}`
              : countryName(placed.country, locale),
          },
        },
        reply,
      );
    case "shipping-changed":
      return checkoutConflict(
        { key: "shipping.changed", params: { price: formatMoney(placed.shippingCents, currency, locale) } },
        reply,
      );
    case "price-changed":
      return checkoutConflict(
        { key: "checkout.priceChanged", params: { total: formatMoney(placed.totalCents, currency, locale) } },
        reply,
      );
    case "out-of-stock":
      return checkoutConflict(
        {
          key: "checkout.outOfStock",
          params: { name: localized(placed.nameEn, placed.nameAr, locale), stock: placed.stock },
        },
        reply,
      );
    case "unavailable":
      return checkoutConflict(
        { key: "checkout.unavailable", params: { name: localized(placed.nameEn, placed.nameAr, locale) } },
        reply,
      );
    case "method-unavailable":
      return checkoutConflict({ key: "checkout.methodUnavailable" }, reply);
    case "cod-refused":
      return checkoutConflict(codRefusalNotice(placed.refusal, currency, locale), reply);
    case "token-taken":
      return checkoutConflict({ key: "checkout.tokenTaken" }, reply);
    case "not-saved":
      // The connection died during COMMIT and the order is not there (decision 020): the form
      // stays as it was, and sending it again places the order once (its token).
      return data(
        { result: reply, notice: { key: "checkout.notSaved" } satisfies FormNotice },
        { status: 503 },
      );
    case "code-refused":
      // The code could not be had (its last use went a moment ago…): nothing placed, the code is
      // off the cart, and the reloaded summary shows the total the next Place order is placed at.
      return checkoutConflict(
        {
          ...codeRefusalNotice(placed.refusal, (minor) => formatMoney(minor, currency, locale)),
          followUp: {
            key: "checkout.codeRemoved",
            params: { code: placed.code, total: formatMoney(placed.totalCents, currency, locale) },
          },
        },
        reply,
      );
  }
}
