/**
 * What the address form offers (issue 33): every country named in the shopper's language, and
 * the known cities of the chosen country (names in that language) for the city field's list.
 */
import { getDb } from "~/db/client.server";
import type { Locale } from "~/lib/i18n";
import { countryOptions } from "./countries.server";
import { citiesOf } from "./zones.server";

export async function addressPlaces(storeId: string, country: string, locale: Locale) {
  const db = await getDb();
  const cities = await db.withStore(storeId, (tx) => citiesOf(tx, country));
  return {
    country,
    countries: countryOptions(locale === "ar" ? "ar" : "en"),
    cities: cities.map((city) => (locale === "ar" ? city.nameAr : city.nameEn)),
  };
}
