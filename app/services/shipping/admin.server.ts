/**
 * The owner's shipping zones and rates (/admin/shipping, issue 33, decision 039): list, read,
 * save and delete, each in the store's RLS scope with the store id first. Cities are the
 * platform's list, found by their folded names (an alias in either script finds the city); a
 * name the list does not have is refused under the field, nothing saved. Every change is in the
 * activity log (as settings).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { shippingRates, shippingZonePlaces, shippingZones, storeSettings, type RateBands } from "~/db/schema";
import { linesOf, type RateInput, type ZoneInput, type ZonePlaceKind } from "~/lib/validation/admin-shipping";
import { recordAudit } from "~/services/audit/audit.server";
import { isCountryCode } from "./countries.server";
import { citiesOf, loadZones } from "./zones.server";
import { findCityIn, type RateDef, type ZoneDef } from "./rules";
import { inStore } from "~/db/store-scope";

export interface AdminZone extends ZoneDef {
  placeKind: ZonePlaceKind;
  /** The cities' English and Arabic names, by id, for the summaries and the form. */
  cityNames: Record<string, { en: string; ar: string }>;
}

function placeKindOf(zone: ZoneDef): ZonePlaceKind {
  if (zone.everywhere) return "everywhere";
  if (zone.places.some((place) => place.cityId)) return "cities";
  if (zone.places.some((place) => place.postalPattern)) return "postal";
  return "countries";
}

async function cityNamesFor(tx: Tx, zones: ZoneDef[]) {
  const countries = new Set(
    zones.flatMap((zone) => zone.places.filter((place) => place.cityId).map((place) => place.country)),
  );
  const names: Record<string, { en: string; ar: string }> = {};
  for (const country of countries)
    for (const city of await citiesOf(tx, country)) names[city.id] = { en: city.nameEn, ar: city.nameAr };
  return names;
}

/** The store's zones in matching order with places and rates, and the settings the page tells. */
export async function listShippingZones(storeId: string): Promise<{
  zones: AdminZone[];
  legacy: { shippingFeeCents: number; freeShippingThresholdCents: number };
}> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const zones = await loadZones(tx, storeId);
    const cityNames = await cityNamesFor(tx, zones);
    const [settings] = await tx
      .select({
        shippingFeeCents: storeSettings.shippingFeeCents,
        freeShippingThresholdCents: storeSettings.freeShippingThresholdCents,
      })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    return {
      zones: zones.map((zone) => ({ ...zone, placeKind: placeKindOf(zone), cityNames })),
      legacy: settings ?? { shippingFeeCents: 0, freeShippingThresholdCents: 0 },
    };
  });
}

/** One zone of the store, or null (another store's id, or none). */
export async function getShippingZone(storeId: string, zoneId: string): Promise<AdminZone | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const zone = (await loadZones(tx, storeId)).find((z) => z.id === zoneId);
    if (!zone) return null;
    return { ...zone, placeKind: placeKindOf(zone), cityNames: await cityNamesFor(tx, [zone]) };
  });
}

export type SaveZoneResult =
  | { ok: true; id: string }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "country-unknown"; field: "countries" | "country" }
  | { ok: false; error: "city-unknown"; names: string[] };

class Refused {
  constructor(readonly result: SaveZoneResult) {}
}

/** Creates a zone (no id) or replaces an existing one's name and places. */
export async function saveShippingZone(
  storeId: string,
  input: ZoneInput,
  options: { id?: string } = {},
): Promise<SaveZoneResult> {
  const db = await getDb();
  try {
    return await db.withStore(storeId, async (tx) => {
      // Codes the form's lists offer: anything else ("ZZ") is refused under its field.
      if (input.placeKind === "countries" && !input.countries.every(isCountryCode))
        throw new Refused({ ok: false, error: "country-unknown", field: "countries" });
      if ((input.placeKind === "cities" || input.placeKind === "postal") && !isCountryCode(input.country))
        throw new Refused({ ok: false, error: "country-unknown", field: "country" });
      let places: { country: string; cityId?: string | null; postalPattern?: string | null }[] = [];
      if (input.placeKind === "countries") places = input.countries.map((country) => ({ country }));
      if (input.placeKind === "postal")
        places = linesOf(input.postalPatterns).map((line) => ({
          country: input.country,
          postalPattern: line.toUpperCase().replace(/\s+/g, ""),
        }));
      if (input.placeKind === "cities") {
        const list = await citiesOf(tx, input.country);
        const found = linesOf(input.cities).map((line) => ({
          line,
          city: findCityIn(list, input.country, line),
        }));
        const unknown = found.filter((entry) => !entry.city).map((entry) => entry.line);
        if (unknown.length > 0) throw new Refused({ ok: false, error: "city-unknown", names: unknown });
        const ids = [...new Set(found.map((entry) => entry.city!.id))];
        places = ids.map((cityId) => ({ country: input.country, cityId }));
      }
      const everywhere = input.placeKind === "everywhere";
      let id = options.id;
      if (id) {
        const [before] = await tx
          .update(shippingZones)
          .set({ name: input.name, everywhere, updatedAt: new Date() })
          .where(and(eq(shippingZones.storeId, storeId), eq(shippingZones.id, id)))
          .returning({ id: shippingZones.id });
        if (!before) throw new Refused({ ok: false, error: "not-found" });
        await tx
          .delete(shippingZonePlaces)
          .where(and(eq(shippingZonePlaces.storeId, storeId), eq(shippingZonePlaces.zoneId, id)));
      } else {
        const [{ next }] = (await tx
          .select({ next: sql<number>`coalesce(max(${shippingZones.position}) + 1, 0)::int` })
          .from(shippingZones)
          .where(eq(shippingZones.storeId, storeId))) as [{ next: number }];
        const [created] = await tx
          .insert(shippingZones)
          .values({ storeId, name: input.name, everywhere, position: next })
          .returning({ id: shippingZones.id });
        id = created!.id;
      }
      if (places.length > 0)
        await tx
          .insert(shippingZonePlaces)
          .values(places.map((place) => ({ storeId, zoneId: id!, ...place })));
      await recordAudit(tx, storeId, {
        action: options.id ? "shipping.zone.update" : "shipping.zone.create",
        entityType: "settings",
        entityId: id,
        entityLabel: input.name,
      });
      return { ok: true as const, id: id! };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Deletes a zone with its places and rates; false when it is not the store's. */
export async function deleteShippingZone(storeId: string, zoneId: string): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [gone] = await tx
      .delete(shippingZones)
      .where(and(eq(shippingZones.storeId, storeId), eq(shippingZones.id, zoneId)))
      .returning({ id: shippingZones.id, name: shippingZones.name });
    if (!gone) return false;
    await recordAudit(tx, storeId, {
      action: "shipping.zone.delete",
      entityType: "settings",
      entityId: gone.id,
      entityLabel: gone.name,
    });
    return true;
  });
}

/** One rate of one of the store's zones, or null. */
export async function getShippingRate(
  storeId: string,
  zoneId: string,
  rateId: string,
): Promise<RateDef | null> {
  const zone = await getShippingZone(storeId, zoneId);
  return zone?.rates.find((rate) => rate.id === rateId) ?? null;
}

/** Creates a rate in the zone (no id) or replaces one; not-found when the zone or rate is not the store's. */
export async function saveShippingRate(
  storeId: string,
  zoneId: string,
  input: RateInput,
  options: { id?: string } = {},
): Promise<{ ok: true; id: string } | { ok: false; error: "not-found" }> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [zone] = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(and(eq(shippingZones.storeId, storeId), eq(shippingZones.id, zoneId)));
    if (!zone) return { ok: false as const, error: "not-found" as const };
    const values = { ...input, bands: input.bands as RateBands | null };
    let id = options.id;
    if (id) {
      const [updated] = await tx
        .update(shippingRates)
        .set({ ...values, updatedAt: new Date() })
        .where(inStore(shippingRates, storeId, { zoneId, id }))
        .returning({ id: shippingRates.id });
      if (!updated) return { ok: false as const, error: "not-found" as const };
    } else {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${shippingRates.position}) + 1, 0)::int` })
        .from(shippingRates)
        .where(and(eq(shippingRates.storeId, storeId), eq(shippingRates.zoneId, zoneId)))) as [
        { next: number },
      ];
      const [created] = await tx
        .insert(shippingRates)
        .values({ storeId, zoneId, ...values, position: next })
        .returning({ id: shippingRates.id });
      id = created!.id;
    }
    await recordAudit(tx, storeId, {
      action: options.id ? "shipping.rate.update" : "shipping.rate.create",
      entityType: "settings",
      entityId: id,
      entityLabel: input.nameEn,
      changes: {
        kind: [null, input.kind],
        priceCents: [null, input.priceCents],
        freeFromCents: [null, input.freeFromCents],
        codAllowed: [null, input.codAllowed],
      },
    });
    return { ok: true as const, id: id! };
  });
}

/** Deletes one rate of one of the store's zones; false when it is not there. */
export async function deleteShippingRate(storeId: string, zoneId: string, rateId: string): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [gone] = await tx
      .delete(shippingRates)
      .where(inStore(shippingRates, storeId, { zoneId, id: rateId }))
      .returning({ id: shippingRates.id, name: shippingRates.nameEn });
    if (!gone) return false;
    await recordAudit(tx, storeId, {
      action: "shipping.rate.delete",
      entityType: "settings",
      entityId: gone.id,
      entityLabel: gone.name,
    });
    return true;
  });
}

/**
 * A new store's one zone (decision 039): "Everywhere" with one flat rate at the settings' flat fee
 * and threshold, as the migration gave every existing store. Nothing when it has a zone already.
 */
export async function writeEverywhereZone(
  tx: Tx,
  storeId: string,
  locale: "en" | "ar" = "en",
): Promise<void> {
  const [any] = await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(eq(shippingZones.storeId, storeId))
    .orderBy(asc(shippingZones.id))
    .limit(1);
  if (any) return;
  const [settings] = await tx
    .select({
      fee: storeSettings.shippingFeeCents,
      threshold: storeSettings.freeShippingThresholdCents,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  const [zone] = await tx
    .insert(shippingZones)
    .values({
      storeId,
      name: locale === "ar" ? EVERYWHERE.nameAr : EVERYWHERE.name,
      everywhere: true,
      position: 0,
    })
    .returning({ id: shippingZones.id });
  await tx.insert(shippingRates).values({
    storeId,
    zoneId: zone!.id,
    kind: "flat",
    nameEn: EVERYWHERE.rateEn,
    nameAr: EVERYWHERE.rateAr,
    priceCents: settings?.fee ?? 0,
    freeFromCents: settings?.threshold ? settings.threshold : null,
    codAllowed: true,
    position: 0,
  });
}

/** The names migration 0035 writes too. */
export const EVERYWHERE = {
  name: "Everywhere",
  /** A store signed up in Arabic names it in Arabic (the owner can rename it). */
  nameAr: "كل مكان",
  rateEn: "Standard shipping",
  rateAr: "الشحن العادي",
} as const;

/**
 * Moves a row one place up or down among `rows` (in their current order) and writes positions
 * 0..n−1, so rows that shared a position (every zone a migration wrote is 0) get distinct ones.
 * False when `id` is not among them; moving the first up or the last down changes nothing (and
 * is still recorded, as `action` on the moved row, named by its `name`).
 */
async function moveAmong(
  tx: Tx,
  table: typeof shippingZones | typeof shippingRates,
  storeId: string,
  rows: { id: string; name: string }[],
  id: string,
  direction: "up" | "down",
  action: "shipping.zone.update" | "shipping.rate.update",
): Promise<boolean> {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return false;
  const other = direction === "up" ? index - 1 : index + 1;
  if (other >= 0 && other < rows.length) {
    const order = [...rows];
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, row] of order.entries()) {
      await tx
        .update(table)
        .set({ position })
        .where(and(eq(table.storeId, storeId), eq(table.id, row.id)));
    }
  }
  await recordAudit(tx, storeId, {
    action,
    entityType: "settings",
    entityId: id,
    entityLabel: rows[index]!.name,
  });
  return true;
}

/**
 * A zone one place up or down the list (issue 33). Its order decides only between zones that
 * match an address equally specifically (decision 039: city over postal over country over
 * everywhere, then position). False for another store's zone or none.
 */
export async function moveShippingZone(
  storeId: string,
  zoneId: string,
  direction: "up" | "down",
): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const zones = await tx
      .select({ id: shippingZones.id, name: shippingZones.name })
      .from(shippingZones)
      .where(eq(shippingZones.storeId, storeId))
      .orderBy(asc(shippingZones.position), asc(shippingZones.id))
      .for("update");
    return moveAmong(tx, shippingZones, storeId, zones, zoneId, direction, "shipping.zone.update");
  });
}

/**
 * A rate one place up or down its zone's list. Checkout lists rates cheapest first; the order
 * decides between equally priced rates (and is the admin's list order). False for a rate that is
 * not this zone's (or another store's).
 */
export async function moveShippingRate(
  storeId: string,
  zoneId: string,
  rateId: string,
  direction: "up" | "down",
): Promise<boolean> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const rates = await tx
      .select({ id: shippingRates.id, name: shippingRates.nameEn })
      .from(shippingRates)
      .where(and(eq(shippingRates.storeId, storeId), eq(shippingRates.zoneId, zoneId)))
      .orderBy(asc(shippingRates.position), asc(shippingRates.id))
      .for("update");
    return moveAmong(tx, shippingRates, storeId, rates, rateId, direction, "shipping.rate.update");
  });
}
