/**
 * /admin/shipping (issue 33, decision 039): the owner lists, creates, edits and deletes zones and
 * their rates; the checkout prices with what was saved. Bad input answers 4xx with a clear
 * message and changes nothing; an unknown intent is a 400; store B's zone or rate ids on store A
 * are a 404 and B's rows stay as they were; a shopper is refused. Sign-up gives a new store its
 * "Everywhere" zone at its settings' fee.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  productVariants,
  shippingRates,
  shippingZonePlaces,
  shippingZones,
  storeSettings,
  users,
} from "~/db/schema";
import { action as listAction, loader as listLoader } from "~/routes/admin.shipping._index";
import { action as zoneAction, loader as zoneLoader } from "~/routes/admin.shipping.$id";
import { action as rateAction, loader as rateLoader } from "~/routes/admin.shipping.$id_.rates.$rateId";
import { action as productAction, loader as productLoader } from "~/routes/admin.products.$id";
import { priceCheckout } from "~/services/orders/pricing.server";
import { writeEverywhereZone } from "~/services/shipping/admin.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { openTwoStores } from "../helpers/two-stores";
import { fillCart } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaZone: string;
let betaRate: string;
const A = "http://alpha.localhost:3000";

type Reply = {
  result?: { error?: Record<string, string[]> } | null;
  notice?: { key: string } | null;
  unknownCities?: string[];
};
type Handler = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

function post(
  run: Handler,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
  cookie = adminCookie,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  const request = new Request(`${A}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: A, Cookie: cookie },
    body,
  });
  return answer<Reply>(() => run({ request, context: ctx, params }));
}

function get<T>(run: Handler, path: string, params: Record<string, string> = {}, cookie = adminCookie) {
  const request = new Request(`${A}${path}`, { headers: { Cookie: cookie } });
  return answer<T>(() => run({ request, context: ctx, params }));
}

/** Every shipping row of a store, to prove a refused request changed nothing. */
async function shippingRows(storeId: string) {
  const [zones, places, rates] = await Promise.all([
    db.owner.select().from(shippingZones).where(eq(shippingZones.storeId, storeId)),
    db.owner.select().from(shippingZonePlaces).where(eq(shippingZonePlaces.storeId, storeId)),
    db.owner.select().from(shippingRates).where(eq(shippingRates.storeId, storeId)),
  ]);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return { zones: zones.sort(byId), places: places.sort(byId), rates: rates.sort(byId) };
}

const zoneIdFrom = (location: string | null) =>
  /\/admin\/shipping\/([0-9a-f-]{36})$/.exec(location ?? "")?.[1];

const FLAT = {
  intent: "save",
  kind: "flat",
  nameEn: "Jeddah courier",
  nameAr: "مندوب جدة",
  estimateEn: "2–3 days",
  estimateAr: "٢–٣ أيام",
  price: "6.00",
  freeFrom: "",
  codAllowed: "on",
  codFee: "",
};

async function shipping(place: { country: string; city: string }) {
  return db.withStore(alpha.storeId, (tx) =>
    priceCheckout(tx, alpha.storeId, alpha.userId, { place: { ...place, postalCode: "" } }),
  );
}

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "owner@alpha.test", name: "Owner", isAdmin: true });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  // Store B has its own zone and rate, whose ids the tests try on store A.
  betaZone = uuidv7();
  betaRate = uuidv7();
  await db.owner.insert(shippingZones).values({ storeId: beta.storeId, id: betaZone, name: "Beta zone" });
  await db.owner
    .insert(shippingZonePlaces)
    .values({ storeId: beta.storeId, zoneId: betaZone, country: "SA" });
  await db.owner.insert(shippingRates).values({
    storeId: beta.storeId,
    id: betaRate,
    zoneId: betaZone,
    kind: "flat",
    nameEn: "Beta flat",
    nameAr: "بيتا",
    priceCents: 100,
  });
});
afterAll(() => db.dispose());

beforeEach(async () => {
  await db.owner.delete(shippingZones).where(eq(shippingZones.storeId, alpha.storeId));
  await db.owner
    .update(storeSettings)
    .set({ shippingFeeCents: 0, freeShippingThresholdCents: 0 })
    .where(eq(storeSettings.storeId, alpha.storeId));
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 2 }]);
});

describe("/admin/shipping", () => {
  it("lists a store without zones with its earlier flat fee said; refuses a shopper", async () => {
    await db.owner
      .update(storeSettings)
      .set({ shippingFeeCents: 499, freeShippingThresholdCents: 5000 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    const list = await get<{ rows: unknown[]; fallback: { fee: string; threshold: string } | null }>(
      listLoader,
      "/admin/shipping",
    );
    expect(list.status).toBe(200);
    expect(list.data.rows).toEqual([]);
    expect(list.data.fallback).toEqual({ fee: "$4.99", threshold: "$50.00" });
    expect((await get(listLoader, "/admin/shipping", {}, shopperCookie)).status).toBe(403);
  });

  it("creates a zone of cities typed in either script or an alias, then a rate the checkout charges", async () => {
    const created = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        intent: "save",
        name: "West",
        placeKind: "cities",
        country: "SA",
        cities: "Jiddah\nمكة\nJeddah",
      },
    );
    expect(created.status).toBe(302);
    const zoneId = zoneIdFrom(created.headers.get("Location"))!;
    expect(zoneId).toBeTruthy();
    const { places } = await shippingRows(alpha.storeId);
    expect(places.map((place) => place.cityId).sort()).toEqual(["SA-JED", "SA-MKK"]);

    const rate = await post(
      rateAction,
      `/admin/shipping/${zoneId}/rates/new`,
      { id: zoneId, rateId: "new" },
      FLAT,
    );
    expect(rate.status).toBe(302);
    expect(rate.headers.get("Location")).toBe(`/admin/shipping/${zoneId}`);
    const [saved] = (await shippingRows(alpha.storeId)).rates;
    expect(saved).toMatchObject({ kind: "flat", priceCents: 600, codAllowed: true, freeFromCents: null });

    // Jeddah pays it; Riyadh is in no zone and the store has no "Everywhere": not delivered.
    expect((await shipping({ country: "SA", city: "Jeddah" })).shippingCents).toBe(600);
    expect((await shipping({ country: "SA", city: "Riyadh" })).shipping.undeliverable).toBe(true);

    const list = await get<{
      rows: { name: string; places: string; rates: { name: string; price: string }[] }[];
      shipsElsewhere: boolean;
    }>(listLoader, "/admin/shipping");
    expect(list.data.shipsElsewhere).toBe(false);
    expect(list.data.rows).toEqual([
      {
        id: zoneId,
        name: "West",
        places: "Jeddah, Mecca (Saudi Arabia)",
        rates: [
          {
            id: saved!.id,
            name: "Jeddah courier",
            price: "Flat price: \u2068$6.00\u2069 · Cash On Delivery",
          },
        ],
      },
    ]);

    // Edited: the new price is what the checkout charges.
    const edited = await post(
      rateAction,
      `/admin/shipping/${zoneId}/rates/${saved!.id}`,
      { id: zoneId, rateId: saved!.id },
      { ...FLAT, price: "7.50", codAllowed: [] as unknown as string, freeFrom: "20" },
    );
    expect(edited.status).toBe(302);
    const [after] = (await shippingRows(alpha.storeId)).rates;
    expect(after).toMatchObject({ priceCents: 750, codAllowed: false, freeFromCents: 2000 });
    // 2 × 12.50 = 25.00 reaches the 20.00 threshold: free.
    expect((await shipping({ country: "SA", city: "Jiddah" })).shippingCents).toBe(0);
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 1 }]);
    expect((await shipping({ country: "SA", city: "Jiddah" })).shippingCents).toBe(750);
  });

  it("saves weight and subtotal bands, pickup, countries, postal patterns and everywhere", async () => {
    const countries = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "Gulf",
        placeKind: "countries",
        countries: ["AE", "kw"],
      },
    );
    expect(countries.status).toBe(302);
    const gulf = zoneIdFrom(countries.headers.get("Location"))!;
    const weight = await post(
      rateAction,
      "/x",
      { id: gulf, rateId: "new" },
      {
        ...FLAT,
        kind: "weight",
        price: "",
        bands: "1000 = 12.00\n500 = 8",
        extraStep: "1000",
        extraPrice: "4.00",
        codAllowed: [] as unknown as string,
      },
    );
    expect(weight.status).toBe(302);
    const subtotal = await post(
      rateAction,
      "/x",
      { id: gulf, rateId: "new" },
      {
        ...FLAT,
        kind: "subtotal",
        price: "",
        bands: "50 = 5.00\n* = 0",
      },
    );
    expect(subtotal.status).toBe(302);
    const pickup = await post(
      rateAction,
      "/x",
      { id: gulf, rateId: "new" },
      {
        ...FLAT,
        kind: "pickup",
        nameEn: "Pickup at the studio",
        nameAr: "الاستلام من المرسم",
        estimateEn: "Sun–Thu 10:00–18:00",
        price: "0",
        codFee: "1.50",
      },
    );
    expect(pickup.status).toBe(302);
    const rates = (await shippingRows(alpha.storeId)).rates.sort((a, b) => a.position - b.position);
    expect(rates.map((rate) => [rate.kind, rate.bands, rate.priceCents, rate.codFeeCents])).toEqual([
      [
        "weight",
        {
          bands: [
            { upTo: 500, cents: 800 },
            { upTo: 1000, cents: 1200 },
          ],
          extra: { step: 1000, cents: 400 },
        },
        0,
        null,
      ],
      [
        "subtotal",
        {
          bands: [
            { upTo: 5000, cents: 500 },
            { upTo: null, cents: 0 },
          ],
          extra: null,
        },
        0,
        null,
      ],
      ["pickup", null, 0, 150],
    ]);
    const postal = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "Riyadh north",
        placeKind: "postal",
        country: "SA",
        postalPatterns: "114*\n 11564 ",
      },
    );
    expect(postal.status).toBe(302);
    const everywhere = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "Rest of the world",
        placeKind: "everywhere",
      },
    );
    expect(everywhere.status).toBe(302);
    const { zones, places } = await shippingRows(alpha.storeId);
    expect(zones.map((zone) => [zone.name, zone.everywhere, zone.position])).toEqual([
      ["Gulf", false, 0],
      ["Riyadh north", false, 1],
      ["Rest of the world", true, 2],
    ]);
    expect(places.map((place) => [place.country, place.postalPattern]).sort()).toEqual([
      ["AE", null],
      ["KW", null],
      ["SA", "114*"],
      ["SA", "11564"],
    ]);
    // The zone's form starts from what was saved.
    const form = await get<{ start: Record<string, unknown> }>(zoneLoader, "/x", { id: gulf });
    expect(form.data.start).toMatchObject({ name: "Gulf", placeKind: "countries", countries: ["AE", "KW"] });
    const rateForm = await get<{ start: Record<string, unknown> }>(rateLoader, "/x", {
      id: gulf,
      rateId: rates[0]!.id,
    });
    expect(rateForm.data.start).toMatchObject({
      kind: "weight",
      bands: "500 = 8.00\n1000 = 12.00",
      extraStep: "1000",
      extraPrice: "4.00",
      codAllowed: "",
    });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const made = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "KSA",
        placeKind: "countries",
        countries: "SA",
      },
    );
    const zoneId = zoneIdFrom(made.headers.get("Location"))!;
    await post(rateAction, "/x", { id: zoneId, rateId: "new" }, FLAT);
    const before = await shippingRows(alpha.storeId);

    const unknownCity = await post(
      zoneAction,
      "/x",
      { id: zoneId },
      {
        name: "KSA",
        placeKind: "cities",
        country: "SA",
        cities: "Jeddah\nAtlantis",
      },
    );
    expect(unknownCity.status).toBe(400);
    expect(unknownCity.data.result?.error?.cities).toEqual(["shippingAdmin.errors.cityUnknown"]);
    expect(unknownCity.data.unknownCities).toEqual(["Atlantis"]);

    const zoneCases: [Record<string, string | string[]>, string, string][] = [
      [{ name: "", placeKind: "everywhere" }, "name", "shippingAdmin.errors.nameRequired"],
      [{ name: "X", placeKind: "moon" }, "placeKind", "shippingAdmin.errors.placeKindRequired"],
      [{ name: "X", placeKind: "countries" }, "countries", "shippingAdmin.errors.countriesRequired"],
      [
        { name: "X", placeKind: "countries", countries: "Saudi" },
        "countries",
        "shippingAdmin.errors.countryInvalid",
      ],
      [
        { name: "X", placeKind: "countries", countries: ["SA", "ZZ"] },
        "countries",
        "shippingAdmin.errors.countryInvalid",
      ],
      [
        { name: "X", placeKind: "postal", country: "QQ", postalPatterns: "114*" },
        "country",
        "shippingAdmin.errors.countryInvalid",
      ],
      [
        { name: "X", placeKind: "cities", country: "", cities: "Jeddah" },
        "country",
        "shippingAdmin.errors.countryRequired",
      ],
      [
        { name: "X", placeKind: "postal", country: "SA", postalPatterns: "11*4" },
        "postalPatterns",
        "shippingAdmin.errors.postalInvalid",
      ],
    ];
    for (const [fields, field, message] of zoneCases) {
      const res = await post(zoneAction, "/x", { id: zoneId }, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.data.result?.error?.[field], JSON.stringify(fields)).toEqual([message]);
    }

    const rateId = before.rates[0]!.id;
    const rateCases: [Record<string, string>, string, string][] = [
      [{ nameAr: "" }, "nameAr", "shippingAdmin.errors.rateNameRequired"],
      [{ kind: "teleport" }, "kind", "shippingAdmin.errors.kindRequired"],
      [{ price: "" }, "price", "shippingAdmin.errors.priceRequired"],
      [{ price: "-1" }, "price", "shippingAdmin.errors.amountInvalid"],
      [{ freeFrom: "1e9" }, "freeFrom", "shippingAdmin.errors.amountInvalid"],
      [{ kind: "weight", bands: "heavy = 3" }, "bands", "shippingAdmin.errors.bandsInvalid.weight"],
      [{ kind: "weight", bands: "1000 = 3\n1000 = 4" }, "bands", "shippingAdmin.errors.bandsInvalid.weight"],
      [{ kind: "subtotal", bands: "" }, "bands", "shippingAdmin.errors.bandsInvalid.subtotal"],
      [
        { kind: "weight", bands: "1000 = 3", extraStep: "500" },
        "extraPrice",
        "shippingAdmin.errors.extraBoth",
      ],
    ];
    for (const [change, field, message] of rateCases) {
      const res = await post(rateAction, "/x", { id: zoneId, rateId }, { ...FLAT, price: "9.00", ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.data.result?.error?.[field], JSON.stringify(change)).toEqual([message]);
    }

    // Unknown intents, and a delete without a well-formed id, are 400s.
    for (const [run, params] of [
      [listAction, {}],
      [zoneAction, { id: zoneId }],
      [rateAction, { id: zoneId, rateId }],
    ] as const) {
      expect((await post(run, "/x", params, { ...FLAT, intent: "explode" })).status).toBe(400);
    }
    expect((await post(listAction, "/x", {}, { intent: "delete", id: "not-a-uuid" })).status).toBe(400);
    expect((await post(zoneAction, "/x", { id: zoneId }, { intent: "delete-rate", id: "x" })).status).toBe(
      400,
    );
    // A path that is not a zone.
    expect((await get(zoneLoader, "/x", { id: "nope" })).status).toBe(404);
    expect(await shippingRows(alpha.storeId)).toEqual(before);
  });

  it("answers store B's zone and rate ids on store A with a 404 and changes nothing", async () => {
    const made = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "KSA",
        placeKind: "countries",
        countries: "SA",
      },
    );
    const zoneId = zoneIdFrom(made.headers.get("Location"))!;
    await post(rateAction, "/x", { id: zoneId, rateId: "new" }, FLAT);
    const alphaBefore = await shippingRows(alpha.storeId);
    const betaBefore = await shippingRows(beta.storeId);

    expect((await get(zoneLoader, "/x", { id: betaZone })).status).toBe(404);
    expect((await get(rateLoader, "/x", { id: betaZone, rateId: betaRate })).status).toBe(404);
    expect((await get(rateLoader, "/x", { id: zoneId, rateId: betaRate })).status).toBe(404);
    expect((await post(listAction, "/x", {}, { intent: "delete", id: betaZone })).status).toBe(404);
    expect(
      (await post(zoneAction, "/x", { id: betaZone }, { name: "Mine now", placeKind: "everywhere" })).status,
    ).toBe(404);
    expect((await post(zoneAction, "/x", { id: betaZone }, { intent: "delete", id: betaZone })).status).toBe(
      404,
    );
    expect(
      (await post(zoneAction, "/x", { id: zoneId }, { intent: "delete-rate", id: betaRate })).status,
    ).toBe(404);
    expect((await post(rateAction, "/x", { id: betaZone, rateId: "new" }, FLAT)).status).toBe(404);
    expect((await post(rateAction, "/x", { id: zoneId, rateId: betaRate }, FLAT)).status).toBe(404);
    expect(
      (
        await post(
          rateAction,
          "/x",
          { id: zoneId, rateId: betaRate },
          { intent: "delete-rate", id: betaRate },
        )
      ).status,
    ).toBe(404);

    expect(await shippingRows(alpha.storeId)).toEqual(alphaBefore);
    expect(await shippingRows(beta.storeId)).toEqual(betaBefore);
  });

  it("deletes a rate, then a zone with its rates (confirmed forms)", async () => {
    const made = await post(
      zoneAction,
      "/admin/shipping/new",
      { id: "new" },
      {
        name: "KSA",
        placeKind: "countries",
        countries: "SA",
      },
    );
    const zoneId = zoneIdFrom(made.headers.get("Location"))!;
    await post(rateAction, "/x", { id: zoneId, rateId: "new" }, FLAT);
    await post(rateAction, "/x", { id: zoneId, rateId: "new" }, { ...FLAT, nameEn: "Second" });
    const [first, second] = (await shippingRows(alpha.storeId)).rates;
    const fromZone = await post(zoneAction, "/x", { id: zoneId }, { intent: "delete-rate", id: first!.id });
    expect(fromZone.status).toBe(302);
    const fromRate = await post(
      rateAction,
      "/x",
      { id: zoneId, rateId: second!.id },
      { intent: "delete-rate", id: second!.id },
    );
    expect(fromRate.status).toBe(302);
    expect((await shippingRows(alpha.storeId)).rates).toEqual([]);
    await post(rateAction, "/x", { id: zoneId, rateId: "new" }, FLAT);
    const gone = await post(listAction, "/x", {}, { intent: "delete", id: zoneId });
    expect(gone.status).toBe(302);
    expect(await shippingRows(alpha.storeId)).toEqual({ zones: [], places: [], rates: [] });
  });
});

describe("a new store's Everywhere zone", () => {
  it("carries the settings' flat fee and threshold, once", async () => {
    await db.owner
      .update(storeSettings)
      .set({ shippingFeeCents: 350, freeShippingThresholdCents: 4000 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    const before = await shipping({ country: "EG", city: "Cairo" });
    await db.withStore(alpha.storeId, (tx) => writeEverywhereZone(tx, alpha.storeId));
    await db.withStore(alpha.storeId, (tx) => writeEverywhereZone(tx, alpha.storeId));
    const { zones, rates } = await shippingRows(alpha.storeId);
    expect(zones.map((zone) => [zone.name, zone.everywhere])).toEqual([["Everywhere", true]]);
    expect(rates.map((rate) => [rate.kind, rate.priceCents, rate.freeFromCents, rate.codAllowed])).toEqual([
      ["flat", 350, 4000, true],
    ]);
    const after = await shipping({ country: "EG", city: "Cairo" });
    expect(after.shippingCents).toBe(350);
    expect(after.totalCents).toBe(before.totalCents);
    // The settings' fee no longer prices the store: its zone does.
    await db.owner
      .update(storeSettings)
      .set({ shippingFeeCents: 999 })
      .where(and(eq(storeSettings.storeId, alpha.storeId)));
    expect((await shipping({ country: "EG", city: "Cairo" })).shippingCents).toBe(350);
  });
});

describe("a variant's weight", () => {
  const PRODUCT = {
    intent: "save",
    nameEn: "Weighed dye",
    nameAr: "صبغة موزونة",
    descriptionEn: "",
    descriptionAr: "",
    slug: "",
    price: "12.50",
    stock: "5",
    categoryId: "",
    subcategoryId: "",
    shadeHex: "",
    colorFamily: "",
    active: "on",
  };
  const weightOf = async () =>
    (
      await db.owner
        .select({ grams: productVariants.weightGrams })
        .from(productVariants)
        .where(eq(productVariants.productId, alpha.productId))
    ).map((row) => row.grams);

  it("is saved from the product form in grams, empty for the store's default; bad input refused", async () => {
    const params = { id: alpha.productId };
    expect((await post(productAction, "/x", params, { ...PRODUCT, weightGrams: "350" })).status).toBe(302);
    expect(await weightOf()).toEqual([350]);
    const page = await get<{ defaultValue: Record<string, string>; defaultWeightGrams: number }>(
      productLoader,
      "/x",
      params,
    );
    expect(page.data.defaultValue.weightGrams).toBe("350");
    expect(page.data.defaultWeightGrams).toBe(0);
    for (const bad of ["-5", "1.5", "heavy", "2000000"]) {
      const res = await post(productAction, "/x", params, { ...PRODUCT, weightGrams: bad });
      expect(res.status, bad).toBe(400);
      expect(res.data.result?.error?.weightGrams, bad).toEqual(["shippingAdmin.errors.weightInvalid"]);
    }
    expect(await weightOf()).toEqual([350]);
    expect((await post(productAction, "/x", params, { ...PRODUCT, weightGrams: "" })).status).toBe(302);
    expect(await weightOf()).toEqual([null]);
  });
});
