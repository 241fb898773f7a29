/**
 * The cart's "Estimate shipping" (issue 33): the rates that apply to the shopper's cart at a
 * country and city, priced by the same core as the checkout (nothing saved). Without a place
 * asked for, the shopper's saved address, else the store's country: a signed-in shopper's
 * estimate starts where their checkout address is.
 */
import { getDb } from "~/db/client.server";
import type { Locale } from "~/lib/i18n";
import { priceCheckout } from "./pricing.server";
import { addressPlaces } from "~/services/shipping/places.server";
import { shippingChoiceView } from "./shipping-view.server";

export async function estimateShipping(
  store: { id: string; currency: string },
  userId: string,
  locale: Locale,
  asked: { country: string; city: string } | null,
) {
  const db = await getDb();
  const price = await db.withStore(store.id, (tx) =>
    priceCheckout(tx, store.id, userId, asked ? { place: { ...asked, postalCode: "" } } : {}),
  );
  return {
    city: price.shipping.place.city,
    places: await addressPlaces(store.id, price.shipping.place.country, locale),
    delivery: shippingChoiceView(price, store.currency, locale),
  };
}
