/**
 * Where a store delivers and what it costs (issue 33, decision 039): the store's zones with their
 * places and rates, the platform's city list, and the quote for a cart going to an address. The
 * checkout prices shipping through `quoteShipping`, called from the one priced-lines core
 * (app/services/orders/pricing.server.ts).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { cities, shippingRates, shippingZonePlaces, shippingZones, storeSettings } from "~/db/schema";
import {
  findCityIn,
  matchZone,
  quoteRates,
  type CartMeasure,
  type CityRow,
  type Destination,
  type QuotedRate,
  type RateDef,
  type ZoneDef,
} from "./rules";

export type { Destination, QuotedRate } from "./rules";

const cityColumns = {
  id: cities.id,
  country: cities.country,
  nameEn: cities.nameEn,
  nameAr: cities.nameAr,
  search: cities.search,
};

export async function citiesOf(tx: Tx, country: string): Promise<CityRow[]> {
  return tx.select(cityColumns).from(cities).where(eq(cities.country, country)).orderBy(asc(cities.nameEn));
}

export async function cityById(tx: Tx, id: string): Promise<CityRow | null> {
  const [row] = await tx.select(cityColumns).from(cities).where(eq(cities.id, id));
  return row ?? null;
}

/** A typed city ("Jiddah", "جدة") in a country → the city of the list; null when it is not one. */
export async function findCity(tx: Tx, country: string, typed: string): Promise<CityRow | null> {
  return findCityIn(await citiesOf(tx, country), country, typed);
}

export async function storeCountry(
  tx: Tx,
  storeId: string,
): Promise<{ country: string; defaultWeightGrams: number }> {
  const [row] = await tx
    .select({ country: storeSettings.country, defaultWeightGrams: storeSettings.defaultWeightGrams })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row ?? { country: "SA", defaultWeightGrams: 0 };
}

/** The store's zones in matching order, each with its places and rates. */
export async function loadZones(tx: Tx, storeId: string): Promise<ZoneDef[]> {
  const zones = await tx
    .select({
      id: shippingZones.id,
      name: shippingZones.name,
      everywhere: shippingZones.everywhere,
      position: shippingZones.position,
    })
    .from(shippingZones)
    .where(eq(shippingZones.storeId, storeId))
    .orderBy(asc(shippingZones.position), asc(shippingZones.id));
  if (zones.length === 0) return [];
  const places = await tx
    .select({
      zoneId: shippingZonePlaces.zoneId,
      country: shippingZonePlaces.country,
      cityId: shippingZonePlaces.cityId,
      postalPattern: shippingZonePlaces.postalPattern,
    })
    .from(shippingZonePlaces)
    .where(eq(shippingZonePlaces.storeId, storeId));
  const rates = await tx
    .select({
      zoneId: shippingRates.zoneId,
      id: shippingRates.id,
      kind: shippingRates.kind,
      nameEn: shippingRates.nameEn,
      nameAr: shippingRates.nameAr,
      estimateEn: shippingRates.estimateEn,
      estimateAr: shippingRates.estimateAr,
      priceCents: shippingRates.priceCents,
      bands: shippingRates.bands,
      freeFromCents: shippingRates.freeFromCents,
      codAllowed: shippingRates.codAllowed,
      codFeeCents: shippingRates.codFeeCents,
      position: shippingRates.position,
    })
    .from(shippingRates)
    .where(eq(shippingRates.storeId, storeId))
    .orderBy(asc(shippingRates.position), asc(shippingRates.id));
  return zones.map((zone) => ({
    ...zone,
    places: places.filter((place) => place.zoneId === zone.id),
    rates: rates.filter((rate) => rate.zoneId === zone.id).map(({ zoneId: _z, ...rate }): RateDef => rate),
  }));
}

/** An address as the shopper gave it: the city is typed (or picked) text. */
export interface AddressPlace {
  country: string;
  city: string;
  postalCode: string;
}

export interface ShippingQuote {
  destination: Destination & { cityName: string | null };
  zone: { id: string; name: string } | null;
  /** True when no zone takes the address: the store does not deliver there. */
  undeliverable: boolean;
  rates: QuotedRate[];
}

/** The address's country, its city of the list (when the typed text is one) and postal code. */
export async function resolveDestination(tx: Tx, place: AddressPlace): Promise<ShippingQuote["destination"]> {
  const country = place.country.toUpperCase();
  const city = place.city.trim() ? await findCity(tx, country, place.city) : null;
  return { country, cityId: city?.id ?? null, cityName: city?.nameEn ?? null, postalCode: place.postalCode };
}

/**
 * The rates that apply to this cart at this address, cheapest first. A store without any zone
 * (made after the migration and not yet set up) ships everywhere at its settings' flat fee and
 * threshold, as before zones (decision 039).
 */
export async function quoteShipping(
  tx: Tx,
  storeId: string,
  place: AddressPlace,
  cart: CartMeasure,
  legacy: { shippingFeeCents: number; freeShippingThresholdCents: number },
): Promise<ShippingQuote> {
  const destination = await resolveDestination(tx, place);
  const zones = await loadZones(tx, storeId);
  if (zones.length === 0) {
    const rate: RateDef = {
      id: "00000000-0000-0000-0000-000000000000",
      kind: "flat",
      nameEn: "Standard shipping",
      nameAr: "الشحن العادي",
      estimateEn: "",
      estimateAr: "",
      priceCents: legacy.shippingFeeCents,
      bands: null,
      freeFromCents: legacy.freeShippingThresholdCents || null,
      codAllowed: true,
      codFeeCents: null,
      position: 0,
    };
    return { destination, zone: null, undeliverable: false, rates: quoteRates([rate], cart) };
  }
  const zone = matchZone(zones, destination);
  if (!zone) return { destination, zone: null, undeliverable: true, rates: [] };
  return {
    destination,
    zone: { id: zone.id, name: zone.name },
    undeliverable: false,
    rates: quoteRates(zone.rates, cart),
  };
}

/** Whether a zone id is the store's (for the admin's forms); RLS keeps other stores' out anyway. */
export async function zoneExists(tx: Tx, storeId: string, zoneId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(and(eq(shippingZones.storeId, storeId), eq(shippingZones.id, zoneId)));
  return Boolean(row);
}
