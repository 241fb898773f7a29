/**
 * The shipping admin's texts made on the server (issue 33): a zone's places and rates summed up in
 * the page's language (country names through Intl.DisplayNames, amounts in the store's currency),
 * and the form values of a stored zone or rate.
 */
import { isolate } from "~/lib/bidi";
import { countryName } from "~/lib/city-names";
import type { Locale } from "~/lib/i18n";
import { currencyDigits, formatMoney } from "~/lib/money";
import { minorToAmount } from "~/lib/validation/admin-sales";
import type { AdminZone } from "./admin.server";
import type { RateDef } from "./rules";

type T = (key: string, params?: Record<string, unknown>) => string;

const lang = (locale: Locale): "en" | "ar" => (locale === "ar" ? "ar" : "en");
/** Names in the page language's order, comma-separated. */
const list = (items: string[], locale: Locale) =>
  [...items].sort(new Intl.Collator(lang(locale)).compare).join(locale === "ar" ? "، " : ", ");

export function placesSummary(zone: AdminZone, locale: Locale, t: T): string {
  const l = lang(locale);
  if (zone.placeKind === "everywhere") return t("shippingAdmin.places.everywhere");
  if (zone.placeKind === "countries")
    return list(
      zone.places.map((place) => countryName(place.country, l)),
      locale,
    );
  const country = countryName(zone.places[0]?.country ?? "", l);
  if (zone.placeKind === "cities")
    return t("shippingAdmin.places.citiesIn", {
      cities: list(
        zone.places.map((place) => zone.cityNames[place.cityId!]?.[l] ?? place.cityId!),
        locale,
      ),
      country,
    });
  return t("shippingAdmin.places.postalIn", {
    patterns: zone.places.map((place) => place.postalPattern).join(", "),
    country,
  });
}

export function rateName(rate: Pick<RateDef, "nameEn" | "nameAr">, locale: Locale) {
  return locale === "ar" ? rate.nameAr || rate.nameEn : rate.nameEn || rate.nameAr;
}

/** "Flat: $3.00", "By weight: from $12.00", "Pickup: free", with "free from $50.00" and COD. */
export function ratePrice(rate: RateDef, currency: string, locale: Locale, t: T): string {
  // Isolated: an amount keeps its own direction inside an Arabic sentence.
  const money = (cents: number) => isolate(formatMoney(cents, currency, locale));
  const first = rate.bands?.bands[0]?.cents ?? 0;
  const price =
    rate.kind === "weight" || rate.kind === "subtotal"
      ? t("shippingAdmin.rates.fromPrice", { price: money(first) })
      : rate.priceCents === 0
        ? t("shippingAdmin.rates.free")
        : money(rate.priceCents);
  const parts = [`${t(`shippingAdmin.kinds.${rate.kind}`)}: ${price}`];
  if (rate.freeFromCents)
    parts.push(t("shippingAdmin.rates.freeFrom", { amount: money(rate.freeFromCents) }));
  parts.push(t(rate.codAllowed ? "shippingAdmin.rates.codYes" : "shippingAdmin.rates.codNo"));
  return parts.join(" · ");
}

export function zoneFormValues(zone: AdminZone | null, storeCountry: string, locale: Locale) {
  if (!zone)
    return {
      name: "",
      placeKind: "countries",
      countries: [storeCountry],
      country: storeCountry,
      cities: "",
      postalPatterns: "",
    };
  const l = lang(locale);
  const country = zone.places[0]?.country ?? storeCountry;
  return {
    name: zone.name,
    placeKind: zone.placeKind,
    countries: zone.placeKind === "countries" ? zone.places.map((place) => place.country) : [],
    country,
    cities:
      zone.placeKind === "cities"
        ? zone.places.map((place) => zone.cityNames[place.cityId!]?.[l] ?? "").join("\n")
        : "",
    postalPatterns:
      zone.placeKind === "postal" ? zone.places.map((place) => place.postalPattern ?? "").join("\n") : "",
  };
}

export function rateFormValues(rate: RateDef | null, currency: string) {
  const digits = currencyDigits(currency);
  const amount = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? "" : minorToAmount(cents, digits);
  if (!rate)
    return {
      kind: "flat",
      nameEn: "",
      nameAr: "",
      estimateEn: "",
      estimateAr: "",
      price: "",
      bands: "",
      extraStep: "",
      extraPrice: "",
      freeFrom: "",
      codAllowed: "on",
      codFee: "",
    };
  const upTo = (value: number | null) =>
    value === null ? "*" : rate.kind === "weight" ? String(value) : amount(value);
  return {
    kind: rate.kind,
    nameEn: rate.nameEn,
    nameAr: rate.nameAr,
    estimateEn: rate.estimateEn,
    estimateAr: rate.estimateAr,
    price: rate.kind === "flat" || rate.kind === "pickup" ? amount(rate.priceCents) : "",
    bands: (rate.bands?.bands ?? []).map((band) => `${upTo(band.upTo)} = ${amount(band.cents)}`).join("\n"),
    extraStep: rate.bands?.extra ? upTo(rate.bands.extra.step) : "",
    extraPrice: rate.bands?.extra ? amount(rate.bands.extra.cents) : "",
    freeFrom: amount(rate.freeFromCents),
    codAllowed: rate.codAllowed ? "on" : "",
    codFee: amount(rate.codFeeCents),
  };
}
