/**
 * A store's VAT settings (issue 35, decision 042): what /admin/storesetting/tax shows and saves,
 * and the rate a destination country is taxed at.
 */
import { asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { shippingAddresses, shippingZonePlaces, shippingZones, storeSettings } from "~/db/schema";
import type { TaxSettingsInput } from "~/lib/validation/tax-settings";
import { saveSettings } from "~/services/store/settings-admin.server";
import { getStoreSettings, type StoreSettings } from "~/services/store/settings.server";
import { inStore } from "~/db/store-scope";

/** A country the owner has not set a rate for: Saudi Arabia 15 %, the UAE 5 %, elsewhere 0. */
export const DEFAULT_VAT_RATES_BP: Readonly<Record<string, number>> = { SA: 1500, AE: 500 };

export function vatRateFor(rates: Readonly<Record<string, number>>, country: string): number {
  return rates[country] ?? DEFAULT_VAT_RATES_BP[country] ?? 0;
}

export interface TaxSettings {
  /** Where the store ships from: its VAT number's country. */
  country: string;
  /** The countries the page sets rates for, the store's own first. */
  destinations: string[];
  registered: boolean;
  vatNumber: string | null;
  legalNameEn: string;
  legalNameAr: string;
  pricesIncludeVat: boolean;
  vatOnShipping: boolean;
  vatOnCodFee: boolean;
  /** Basis points per destination, defaults filled in. */
  rates: Record<string, number>;
}

/**
 * The countries a store could tax: its own, every country its shipping zones name, any it has a
 * rate for, and, when it ships everywhere (an "Everywhere" zone, or no zones yet), the two the
 * defaults know.
 */
async function destinationsOf(storeId: string, settings: StoreSettings): Promise<string[]> {
  const db = await getDb();
  const { places, everywhere } = await db.withStore(storeId, async (tx) => ({
    places: await tx
      .selectDistinct({ country: shippingZonePlaces.country })
      .from(shippingZonePlaces)
      .where(eq(shippingZonePlaces.storeId, storeId)),
    everywhere: await tx
      .select({ everywhere: shippingZones.everywhere })
      .from(shippingZones)
      .where(eq(shippingZones.storeId, storeId)),
  }));
  const shipsEverywhere = everywhere.length === 0 || everywhere.some((zone) => zone.everywhere);
  const others = new Set([
    ...places.map((place) => place.country),
    ...Object.keys(settings.vatRates),
    ...(shipsEverywhere ? Object.keys(DEFAULT_VAT_RATES_BP) : []),
  ]);
  others.delete(settings.country);
  return [settings.country, ...[...others].sort()];
}

export async function getTaxSettings(storeId: string): Promise<TaxSettings> {
  const settings = await getStoreSettings(storeId);
  const destinations = await destinationsOf(storeId, settings);
  return {
    country: settings.country,
    destinations,
    registered: settings.vatRegistered,
    vatNumber: settings.vatNumber,
    legalNameEn: settings.vatLegalNameEn,
    legalNameAr: settings.vatLegalNameAr,
    pricesIncludeVat: settings.pricesIncludeVat,
    vatOnShipping: settings.vatOnShipping,
    vatOnCodFee: settings.vatOnCodFee,
    rates: Object.fromEntries(destinations.map((code) => [code, vatRateFor(settings.vatRates, code)])),
  };
}

/** Saves the form; rates of countries the page did not list are kept as they were. */
export async function saveTaxSettings(storeId: string, input: TaxSettingsInput): Promise<void> {
  const settings = await getStoreSettings(storeId);
  await saveSettings(storeId, {
    vatRegistered: input.vatRegistered,
    vatNumber: input.vatNumber,
    vatLegalNameEn: input.legalNameEn,
    vatLegalNameAr: input.legalNameAr,
    pricesIncludeVat: input.pricesIncludeVat,
    vatOnShipping: input.vatOnShipping,
    vatOnCodFee: input.vatOnCodFee,
    vatRates: { ...settings.vatRates, ...input.rates },
  });
}

/** How an order to `country` is taxed, or null when the store is not registered (no VAT at all). */
export interface VatRule {
  inclusive: boolean;
  /** The destination's rate, in basis points. */
  rateBp: number;
  onShipping: boolean;
  onCodFee: boolean;
}

export async function loadVatRule(tx: Tx, storeId: string, country: string): Promise<VatRule | null> {
  const [row] = await tx
    .select({
      registered: storeSettings.vatRegistered,
      inclusive: storeSettings.pricesIncludeVat,
      onShipping: storeSettings.vatOnShipping,
      onCodFee: storeSettings.vatOnCodFee,
      rates: storeSettings.vatRates,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  if (!row?.registered) return null;
  return {
    inclusive: row.inclusive,
    rateBp: vatRateFor(row.rates, country),
    onShipping: row.onShipping,
    onCodFee: row.onCodFee,
  };
}

/**
 * The shopper's saved (default) address as a place to ship to (country, city, postal code), or
 * null. Here, below orders, so that the cart's VAT and the order's pricing read it the same way.
 */
export async function savedAddressPlace(tx: Tx, storeId: string, userId: string) {
  const [row] = await tx
    .select({
      country: shippingAddresses.country,
      city: shippingAddresses.city,
      postalCode: shippingAddresses.zipCode,
    })
    .from(shippingAddresses)
    .where(inStore(shippingAddresses, storeId, { userId, isDefault: true }))
    .orderBy(asc(shippingAddresses.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The VAT rule for a shopper's cart, before an address is given: the country of their saved
 * (default) address, else the store's own.
 */
export async function loadCartVatRule(tx: Tx, storeId: string, userId: string): Promise<VatRule | null> {
  const saved = await savedAddressPlace(tx, storeId, userId);
  const [own] = saved?.country
    ? [saved]
    : await tx
        .select({ country: storeSettings.country })
        .from(storeSettings)
        .where(eq(storeSettings.storeId, storeId));
  return loadVatRule(tx, storeId, own?.country ?? "SA");
}
