/**
 * Shipping zones and rates as plain functions (issue 33, decision 039): folding city names for
 * matching, choosing the zone for an address, and pricing a zone's rates for a cart. No database
 * here, so the unit and integration tests call the same code the checkout does. Server-only by
 * use (only *.server.ts modules import it): no browser bundle carries it.
 */
import type { RateBands } from "~/db/schema";
import { foldCityName } from "~/lib/city-names";

export { foldCityName };

export type RateKind = "flat" | "weight" | "subtotal" | "pickup";

export interface CityRow {
  id: string;
  country: string;
  nameEn: string;
  nameAr: string;
  search: string;
}

/** The city whose name or alias folds to the typed text's fold; null when none. */
export function findCityIn(cities: readonly CityRow[], country: string, typed: string): CityRow | null {
  const folded = foldCityName(typed);
  if (!folded) return null;
  return cities.find((city) => city.country === country && city.search.split("|").includes(folded)) ?? null;
}

export interface Destination {
  country: string;
  cityId: string | null;
  postalCode: string;
}

export interface ZonePlace {
  country: string;
  cityId: string | null;
  postalPattern: string | null;
}

export interface ZoneDef<R = RateDef> {
  id: string;
  name: string;
  everywhere: boolean;
  position: number;
  places: ZonePlace[];
  rates: R[];
}

/** How specifically a place names the destination: city 3, postal code 2, country 1; 0 for no. */
export function placeMatch(place: ZonePlace, to: Destination): number {
  if (place.country !== to.country) return 0;
  if (place.cityId) return place.cityId === to.cityId ? 3 : 0;
  if (place.postalPattern) return postalMatches(place.postalPattern, to.postalCode) ? 2 : 0;
  return 1;
}

/** '114*' is a prefix, anything else the whole code; spaces and case do not count. */
export function postalMatches(pattern: string, postalCode: string): boolean {
  const norm = (v: string) => v.replace(/\s+/g, "").toUpperCase();
  const p = norm(pattern);
  const code = norm(postalCode);
  if (!code) return false;
  return p.endsWith("*") ? code.startsWith(p.slice(0, -1)) : code === p;
}

/**
 * The zone an address belongs to (decision 039): the most specific match wins (a city over a
 * postal pattern over a country over "everywhere"); equally specific zones go to the lower
 * position, then the lower id, so the same address always lands in the same zone. Null: the
 * store does not deliver there.
 */
export function matchZone<Z extends ZoneDef<unknown>>(zones: readonly Z[], to: Destination): Z | null {
  let best: { zone: Z; score: number } | null = null;
  for (const zone of zones) {
    const score = zone.everywhere
      ? Math.max(0.5, ...zone.places.map((place) => placeMatch(place, to)))
      : Math.max(0, ...zone.places.map((place) => placeMatch(place, to)));
    if (score === 0) continue;
    if (
      !best ||
      score > best.score ||
      (score === best.score &&
        (zone.position < best.zone.position ||
          (zone.position === best.zone.position && zone.id < best.zone.id)))
    )
      best = { zone, score };
  }
  return best?.zone ?? null;
}

export interface RateDef {
  id: string;
  kind: RateKind;
  nameEn: string;
  nameAr: string;
  estimateEn: string;
  estimateAr: string;
  priceCents: number;
  bands: RateBands | null;
  freeFromCents: number | null;
  codAllowed: boolean;
  codFeeCents: number | null;
  position: number;
}

export interface CartMeasure {
  /** The goods after sales and the discount code's part on goods (minor units). */
  goodsCents: number;
  /** Every line's weight (a variant without one at the store's default) times its quantity. */
  weightGrams: number;
  /** False for a cart with nothing to buy: no shipping then (a code taking the goods to 0 is not that). */
  hasGoods?: boolean;
}

/** A band price for `value`; null when the bands do not reach it (the rate does not apply). */
export function bandPrice(bands: RateBands | null, value: number): number | null {
  if (!bands || bands.bands.length === 0) return null;
  const sorted = [...bands.bands].sort((a, b) => (a.upTo ?? Infinity) - (b.upTo ?? Infinity));
  for (const band of sorted) if (band.upTo === null || value <= band.upTo) return band.cents;
  const last = sorted[sorted.length - 1]!;
  if (!bands.extra || bands.extra.step <= 0) return null;
  const steps = Math.ceil((value - last.upTo!) / bands.extra.step);
  return last.cents + steps * bands.extra.cents;
}

/**
 * What a rate costs for this cart, or null when it does not apply (bands that do not reach the
 * cart's weight or subtotal are not offered). Free from the threshold up, compared with the goods
 * after sales and codes. Nothing for a cart without goods.
 */
export function rateCost(rate: RateDef, cart: CartMeasure): number | null {
  let cents: number | null;
  if (rate.kind === "weight") cents = bandPrice(rate.bands, cart.weightGrams);
  else if (rate.kind === "subtotal") cents = bandPrice(rate.bands, cart.goodsCents);
  else cents = rate.priceCents;
  if (cents === null) return null;
  if (!(cart.hasGoods ?? cart.goodsCents > 0)) return 0;
  if (rate.freeFromCents !== null && rate.freeFromCents > 0 && cart.goodsCents >= rate.freeFromCents)
    return 0;
  return cents;
}

export interface QuotedRate extends RateDef {
  /** What it costs this cart now. */
  cents: number;
  /** What it would cost without its free-from threshold. */
  fullCents: number;
  /** It would cost something but the threshold made it free. */
  freeByThreshold: boolean;
}

/** The zone's rates that apply to the cart, cheapest first (then position, then id). */
export function quoteRates(rates: readonly RateDef[], cart: CartMeasure): QuotedRate[] {
  return rates
    .flatMap((rate) => {
      const cents = rateCost(rate, cart);
      if (cents === null) return [];
      const full = rateCost({ ...rate, freeFromCents: null }, cart) ?? cents;
      return [{ ...rate, cents, fullCents: full, freeByThreshold: cents === 0 && full > 0 }];
    })
    .sort((a, b) => a.cents - b.cents || a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
