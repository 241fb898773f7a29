/**
 * Shipping zones and rates (issue 33, decision 039), through the checkout's routes and the one
 * pricing core: zone matching (a city over its country, aliases in both scripts, overlapping
 * zones, postal patterns), each kind of rate at and around its bands and threshold (with a sale
 * and a code), variants without a weight, Cash On Delivery per rate, the undeliverable and
 * changed-rate refusals (nothing placed), the rate frozen on the order, the migration's
 * store without zones pricing from its settings as before, and another store's rate ids refused.
 */
import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartDiscountCodes,
  discountCodes,
  orders,
  productVariants,
  rateLimits,
  sales,
  shippingAddresses,
  shippingRates,
  shippingZonePlaces,
  shippingZones,
  storeSettings,
} from "~/db/schema";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as confirmedLoader } from "~/routes/orders.$number.confirmed";
import { loader as cartLoader } from "~/routes/cart";
import { priceCheckout } from "~/services/orders/pricing.server";
import { findCityIn, foldCityName } from "~/services/shipping/rules";
import { CITY_LIST } from "~/lib/city-list";
import { citiesOf } from "~/services/shipping/zones.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import {
  A,
  ADDRESS,
  addProduct,
  fillCart,
  newToken,
  signedIn,
  type Ctx,
  type RefusalData,
} from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let cookie: string;
let dye: string; // 10.00 a unit, 400 g
let light: string; // 5.00 a unit, no weight
let betaRate: string;

type Page = {
  summary: { totalCents: number; codFeeCents: number };
  delivery: {
    undeliverable: boolean;
    place: string;
    chosenId: string | null;
    chosenCents: number;
    rates: {
      id: string;
      name: string;
      estimate: string;
      price: string | null;
      cents: number;
      cod: boolean;
    }[];
    shippingBackByCode: string | null;
  };
  methods: string[];
  codNotice: { key: string; params?: Record<string, string> } | null;
};

const page = (rate?: string) =>
  answer<Page>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout${rate ? `?rate=${rate}` : ""}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );

const post = (fields: Record<string, string>) =>
  answer<RefusalData>(() =>
    checkoutAction({ request: postForm(`${A}/checkout`, fields, cookie), context: ctx, params: {} }),
  );

/** Saves the address (as the page's Save button does): the page then quotes for it. */
async function saveAddress(country: string, city: string, zipCode = "11011") {
  const saved = await post({
    ...ADDRESS,
    country,
    city,
    zipCode,
    intent: "save",
    checkoutToken: newToken(),
    expectedTotal: "0",
  });
  expect(saved.status).toBe(302);
}

async function placeFields(rate?: string, overrides: Record<string, string> = {}) {
  const current = await page(rate);
  return {
    ...ADDRESS,
    ...overrides,
    intent: "place",
    paymentMethod: "cod",
    checkoutToken: newToken(),
    expectedTotal: String(current.data.summary.totalCents),
    expectedCodFee: String(current.data.summary.codFeeCents),
    ...(current.data.delivery.chosenId
      ? {
          shippingRateId: current.data.delivery.chosenId,
          expectedShipping: String(current.data.delivery.chosenCents),
        }
      : {}),
  };
}

const orderCount = async () => (await db.owner.select({ n: count() }).from(orders))[0]!.n;

async function zone(
  storeId: string,
  name: string,
  position: number,
  places: { country: string; cityId?: string; postalPattern?: string }[],
  rates: Partial<typeof shippingRates.$inferInsert>[],
  everywhere = false,
) {
  const zoneId = uuidv7();
  await db.owner.insert(shippingZones).values({ storeId, id: zoneId, name, position, everywhere });
  if (places.length)
    await db.owner
      .insert(shippingZonePlaces)
      .values(places.map((place) => ({ storeId, id: uuidv7(), zoneId, ...place })));
  const ids: string[] = [];
  for (const [index, rate] of rates.entries()) {
    const id = uuidv7();
    ids.push(id);
    await db.owner.insert(shippingRates).values({
      storeId,
      id,
      zoneId,
      kind: "flat",
      nameEn: `${name} rate ${index}`,
      nameAr: `سعر ${name} ${index}`,
      position: index,
      ...rate,
    });
  }
  return { zoneId, ids };
}

/** Dye & Shade's demo zones (deliverable 7). */
async function demoZones() {
  const riyadh = await zone(
    alpha.storeId,
    "Riyadh",
    0,
    [{ country: "SA", cityId: "SA-RUH" }],
    [
      { nameEn: "Riyadh delivery", priceCents: 300, estimateEn: "1–2 days", estimateAr: "١–٢ يوم" },
      {
        kind: "pickup",
        nameEn: "Pickup at our Riyadh studio",
        priceCents: 0,
        estimateEn: "Sun–Thu 10:00–18:00",
      },
    ],
  );
  const saudi = await zone(
    alpha.storeId,
    "Saudi Arabia",
    1,
    [{ country: "SA" }],
    [{ nameEn: "Saudi Arabia delivery", priceCents: 600, freeFromCents: 5000, estimateEn: "2–4 days" }],
  );
  const gulf = await zone(
    alpha.storeId,
    "Gulf",
    2,
    ["AE", "KW", "BH", "QA", "OM"].map((country) => ({ country })),
    [
      {
        kind: "weight",
        nameEn: "Gulf courier",
        bands: { bands: [{ upTo: 1000, cents: 1200 }], extra: { step: 1000, cents: 400 } },
        codAllowed: false,
        estimateEn: "3–6 days",
      },
    ],
  );
  return { riyadh, saudi, gulf };
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  dye = await addProduct(db, alpha.storeId, { slug: "dye", priceCents: 1000, stock: 100 });
  light = await addProduct(db, alpha.storeId, { slug: "light", priceCents: 500, stock: 100 });
  await db.owner.update(productVariants).set({ weightGrams: 400 }).where(eq(productVariants.id, dye));
  cookie = await signedIn(alpha.storeId, alpha.userId);
  betaRate = (await zone(beta.storeId, "Beta everywhere", 0, [], [{ priceCents: 100 }], true)).ids[0]!;
});
afterAll(async () => {
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(orders);
  await db.owner.delete(shippingAddresses);
  await db.owner.delete(cartDiscountCodes);
  await db.owner.delete(sales);
  await db.owner.delete(shippingZones).where(eq(shippingZones.storeId, alpha.storeId));
  await db.owner
    .update(storeSettings)
    .set({
      shippingFeeCents: 0,
      freeShippingThresholdCents: 0,
      codFeeCents: 0,
      defaultWeightGrams: 0,
      country: "SA",
    })
    .where(eq(storeSettings.storeId, alpha.storeId));
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 2 }]);
});

describe("the city list", () => {
  it("finds a city by its names and aliases in both scripts, any case or diacritics", () => {
    const find = (country: string, typed: string) =>
      findCityIn(
        CITY_LIST.map((c) => ({
          ...c,
          search: [c.nameEn, c.nameAr, ...c.aliases].map(foldCityName).join("|"),
        })),
        country,
        typed,
      )?.id ?? null;
    expect(find("SA", "Jiddah")).toBe("SA-JED");
    expect(find("SA", "جدة")).toBe("SA-JED");
    expect(find("SA", "جِدَّة")).toBe("SA-JED");
    expect(find("SA", "  JEDDAH ")).toBe("SA-JED");
    expect(find("SA", "الرياض")).toBe("SA-RUH");
    expect(find("SA", "Riyāḍ")).toBe("SA-RUH");
    expect(find("AE", "دبي")).toBe("AE-DXB");
    expect(find("AE", "Jeddah")).toBeNull(); // not a city of that country
    expect(find("SA", "Springfield")).toBeNull();
  });

  it("the migration's rows are the list's, folded the same way", async () => {
    const rows = await db.withStore(alpha.storeId, (tx) => citiesOf(tx, "SA"));
    const listed = CITY_LIST.filter((c) => c.country === "SA");
    expect(rows.map((r) => r.id).sort()).toEqual(listed.map((c) => c.id).sort());
    for (const city of listed) {
      const row = rows.find((r) => r.id === city.id)!;
      expect(row.search.split("|").sort()).toEqual(
        [...new Set([city.nameEn, city.nameAr, ...city.aliases].map(foldCityName))].sort(),
      );
    }
  });
});

describe("zones and rates at checkout", () => {
  it("a city zone wins over its country; aliases in both scripts land in the city zone", async () => {
    await demoZones();
    await saveAddress("SA", "Riyadh");
    let shown = (await page()).data.delivery;
    expect(shown.rates.map((r) => [r.name, r.cents])).toEqual([
      ["Pickup at our Riyadh studio", 0],
      ["Riyadh delivery", 300],
    ]);
    await saveAddress("SA", "الرياض");
    expect((await page()).data.delivery.rates.map((r) => r.cents)).toEqual([0, 300]);
    for (const jeddah of ["Jeddah", "Jiddah", "جدة"]) {
      await saveAddress("SA", jeddah);
      shown = (await page()).data.delivery;
      expect(shown.rates.map((r) => [r.name, r.cents, r.estimate])).toEqual([
        ["Saudi Arabia delivery", 600, "2–4 days"],
      ]);
    }
    // A city not on the list falls to its country's zone.
    await saveAddress("SA", "Unaizah");
    expect((await page()).data.delivery.rates.map((r) => r.cents)).toEqual([600]);
  });

  it("overlapping zones resolve by specificity, then position, then id; postal patterns beat a country", async () => {
    await zone(alpha.storeId, "Second", 1, [{ country: "SA" }], [{ priceCents: 222 }]);
    await zone(alpha.storeId, "First", 0, [{ country: "SA" }], [{ priceCents: 111 }]);
    await zone(alpha.storeId, "Postal", 5, [{ country: "SA", postalPattern: "114*" }], [{ priceCents: 444 }]);
    await zone(alpha.storeId, "World", 0, [], [{ priceCents: 999 }], true);
    await saveAddress("SA", "Unaizah", "11011");
    expect((await page()).data.delivery.rates.map((r) => r.cents)).toEqual([111]);
    await saveAddress("SA", "Unaizah", "11455");
    expect((await page()).data.delivery.rates.map((r) => r.cents)).toEqual([444]);
    await saveAddress("LB", "Beirut");
    expect((await page()).data.delivery.rates.map((r) => r.cents)).toEqual([999]);
  });

  it("weight bands at and around their edges; a variant without a weight counts as the store's default", async () => {
    const { gulf } = await demoZones();
    await saveAddress("AE", "Dubai");
    // 2 × 400 g = 800 g: the first band.
    let shown = (await page()).data;
    expect(shown.delivery.rates.map((r) => [r.id, r.cents, r.cod])).toEqual([[gulf.ids[0], 1200, false]]);
    const at = async (dyes: number, lights = 0) => {
      await fillCart(db, alpha.storeId, alpha.userId, [
        { productId: dye, quantity: dyes },
        ...(lights ? [{ productId: light, quantity: lights }] : []),
      ]);
      return (await page()).data.delivery.rates[0]!.cents;
    };
    expect(await at(2)).toBe(1200); // 800 g
    expect(await at(3)).toBe(1600); // 1200 g: one started kg more
    expect(await at(5)).toBe(1600); // 2000 g
    expect(await at(6)).toBe(2000); // 2400 g
    // "light" has no weight: 0 g by default, then the store's default weight.
    expect(await at(2, 4)).toBe(1200);
    await db.owner
      .update(storeSettings)
      .set({ defaultWeightGrams: 250 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    expect(await at(2, 1)).toBe(1600); // 800 + 250 g
    shown = (await page()).data;
    expect(shown.summary.totalCents).toBe(2500 + 1600);
  });

  it("subtotal bands, and a free-from threshold compared after sales and the code", async () => {
    await zone(
      alpha.storeId,
      "Saudi",
      0,
      [{ country: "SA" }],
      [
        {
          kind: "subtotal",
          nameEn: "By subtotal",
          bands: {
            bands: [
              { upTo: 2000, cents: 500 },
              { upTo: null, cents: 250 },
            ],
          },
        },
        { nameEn: "Flat", priceCents: 600, freeFromCents: 5000 },
      ],
    );
    await saveAddress("SA", "Jeddah");
    const rates = async () => (await page()).data.delivery.rates.map((r) => [r.name, r.cents]);
    expect(await rates()).toEqual([
      ["By subtotal", 500],
      ["Flat", 600],
    ]); // 20.00
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 3 }]);
    expect(await rates()).toEqual([
      ["By subtotal", 250],
      ["Flat", 600],
    ]); // 30.00
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity: 5 }]);
    expect(await rates()).toEqual([
      ["Flat", 0],
      ["By subtotal", 250],
    ]); // 50.00: free from 50.00
    // A 10% sale takes the goods to 45.00: under the threshold.
    await db.owner.insert(sales).values({
      storeId: alpha.storeId,
      nameEn: "Ten",
      nameAr: "عشرة",
      kind: "percent",
      value: 10,
      scope: "store",
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    } as typeof sales.$inferInsert);
    expect(await rates()).toEqual([
      ["By subtotal", 250],
      ["Flat", 600],
    ]);
    await db.owner.delete(sales);
    // A code taking 5.00 off 55.00 brings the fee back, and the page says why.
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: dye, quantity: 5 },
      { productId: light, quantity: 1 },
    ]);
    expect(await rates()).toEqual([
      ["Flat", 0],
      ["By subtotal", 250],
    ]);
    const codeId = uuidv7();
    await db.owner
      .insert(discountCodes)
      .values({ storeId: alpha.storeId, id: codeId, code: "FIVE", kind: "fixed", value: 600 });
    await db.owner
      .insert(cartDiscountCodes)
      .values({ storeId: alpha.storeId, userId: alpha.userId, discountCodeId: codeId });
    const shown = (await page("")).data;
    expect(shown.delivery.rates.map((r) => [r.name, r.cents])).toEqual([
      ["By subtotal", 250],
      ["Flat", 600],
    ]);
    const flat = shown.delivery.rates.find((r) => r.name === "Flat")!;
    const withFlat = (await page(flat.id)).data;
    expect(withFlat.delivery.chosenCents).toBe(600);
    expect(withFlat.delivery.shippingBackByCode).toBe("$50.00");
    expect(withFlat.summary.totalCents).toBe(5500 - 600 + 600);
    await db.owner.delete(cartDiscountCodes);
    await db.owner.delete(discountCodes);
  });
});

describe("the cart's Estimate shipping", () => {
  type Estimate = {
    estimate: {
      city: string;
      places: { country: string };
      delivery: {
        undeliverable: boolean;
        place: string;
        rates: { name: string; price: string | null; cod: boolean }[];
      };
    } | null;
  };
  const estimate = async (query = "") =>
    (
      await answer<Estimate>(() =>
        cartLoader({
          request: new Request(`${A}/cart${query}`, { headers: { Cookie: cookie } }),
          context: ctx,
          params: {},
        }),
      )
    ).data.estimate!;
  it("Riyadh $3.00 and pickup, Jeddah $6.00, Dubai the Gulf rate without COD, Egypt refused; saved address first", async () => {
    await demoZones();
    // No saved address: the store's country.
    let shown = await estimate();
    expect(shown.places.country).toBe("SA");
    expect(shown.delivery.rates.map((r) => r.price)).toEqual(["$6.00"]);
    await saveAddress("SA", "الرياض");
    shown = await estimate();
    expect(shown.city).toBe("الرياض");
    expect(shown.delivery.rates.map((r) => [r.name, r.price])).toEqual([
      ["Pickup at our Riyadh studio", null],
      ["Riyadh delivery", "$3.00"],
    ]);
    shown = await estimate("?country=SA&city=Jiddah");
    expect(shown.delivery.rates.map((r) => [r.name, r.price])).toEqual([["Saudi Arabia delivery", "$6.00"]]);
    shown = await estimate("?country=ae&city=%D8%AF%D8%A8%D9%8A");
    expect(shown.delivery.rates.map((r) => [r.name, r.price, r.cod])).toEqual([
      ["Gulf courier", "$12.00", false],
    ]);
    shown = await estimate("?country=EG&city=Cairo");
    expect(shown.delivery).toMatchObject({ undeliverable: true, place: "Cairo, Egypt" });
    // Nonsense is ignored (the saved address stands), nothing saved.
    shown = await estimate("?country=<b>&city=x");
    expect(shown.delivery.rates.map((r) => r.price)).toEqual([null, "$3.00"]);
    const [address] = await db.owner.select().from(shippingAddresses);
    expect(address).toMatchObject({ country: "SA", cityId: "SA-RUH" });
  });
});

describe("placing an order", () => {
  it("pickup costs nothing and its hours go on the order and the confirmation", async () => {
    const { riyadh } = await demoZones();
    await saveAddress("SA", "Riyadh");
    const fields = await placeFields(riyadh.ids[1], { country: "SA", city: "Riyadh" });
    expect(fields.shippingRateId).toBe(riyadh.ids[1]);
    const placed = await post(fields);
    expect(placed.status).toBe(302);
    const [order] = await db.owner.select().from(orders);
    expect(order).toMatchObject({
      shippingCents: 0,
      totalCents: 2000,
      shipCountry: "SA",
      shippingRateId: riyadh.ids[1],
      shippingRateNameEn: "Pickup at our Riyadh studio",
      shippingEstimateEn: "Sun–Thu 10:00–18:00",
    });
    const confirmed = await answer<{ order: { shippingRate: { name: string; estimate: string } } }>(() =>
      confirmedLoader({
        request: new Request(`${A}/orders/${order!.number}/confirmed`, { headers: { Cookie: cookie } }),
        context: ctx,
        params: { number: String(order!.number) },
      }),
    );
    expect(confirmed.data.order.shippingRate).toEqual({
      kind: "pickup",
      name: "Pickup at our Riyadh studio",
      estimate: "Sun–Thu 10:00–18:00",
    });
    const [address] = await db.owner.select().from(shippingAddresses);
    expect(address).toMatchObject({ country: "SA", cityId: "SA-RUH" });
  });

  it("Cash On Delivery only with a rate that allows it: the page says why, a crafted COD order is refused", async () => {
    await demoZones();
    await saveAddress("AE", "Dubai");
    const shown = (await page()).data;
    expect(shown.methods).not.toContain("cod");
    expect(shown.codNotice).toEqual({ key: "shipping.codNotWithRate", params: { rate: "Gulf courier" } });
    const refused = await post(await placeFields(undefined, { country: "AE", city: "Dubai" }));
    expect(refused.status).toBe(409);
    expect(refused.data.notice?.key).toBe("shipping.codNotWithRate");
    expect(await orderCount()).toBe(0);
  });

  it("an address the store does not deliver to is refused before the order, nothing placed", async () => {
    await demoZones();
    await saveAddress("EG", "Cairo");
    const shown = (await page()).data;
    expect(shown.delivery.undeliverable).toBe(true);
    expect(shown.delivery.place).toBe("Cairo, Egypt");
    const refused = await post(await placeFields(undefined, { country: "EG", city: "Cairo" }));
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({ key: "shipping.undeliverable", params: { place: "Cairo, Egypt" } });
    expect(await orderCount()).toBe(0);
  });

  it("a rate changed while the shopper checks out is refused with the new price; then it places at it", async () => {
    const { saudi } = await demoZones();
    await saveAddress("SA", "Jeddah");
    const fields = await placeFields(undefined, { country: "SA", city: "Jeddah" });
    await db.owner.update(shippingRates).set({ priceCents: 700 }).where(eq(shippingRates.id, saudi.ids[0]!));
    const refused = await post(fields);
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toEqual({ key: "shipping.changed", params: { price: "$7.00" } });
    expect(await orderCount()).toBe(0);
    const again = await post(await placeFields(undefined, { country: "SA", city: "Jeddah" }));
    expect(again.status).toBe(302);
    const [order] = await db.owner.select().from(orders);
    expect(order).toMatchObject({ shippingCents: 700, totalCents: 2700 });
  });

  it("another store's rate id is refused (nothing placed) and ignored by the page", async () => {
    await demoZones();
    await saveAddress("SA", "Jeddah");
    const shown = (await page(betaRate)).data;
    expect(shown.delivery.chosenId).not.toBe(betaRate);
    const fields = await placeFields(undefined, { country: "SA", city: "Jeddah" });
    const refused = await post({ ...fields, shippingRateId: betaRate, expectedShipping: "100" });
    expect(refused.status).toBe(409);
    expect(refused.data.notice?.key).toBe("shipping.changed");
    expect(await orderCount()).toBe(0);
    const [rate] = await db.owner.select().from(shippingRates).where(eq(shippingRates.id, betaRate));
    expect(rate!.priceCents).toBe(100);
  });
});

describe("the migration", () => {
  it("writes no zone, so an existing store prices every cart from its settings' flat fee and threshold as before", async () => {
    await db.owner
      .update(storeSettings)
      .set({ shippingFeeCents: 499, freeShippingThresholdCents: 5000 })
      .where(eq(storeSettings.storeId, alpha.storeId));
    const migration = readFileSync("drizzle/0031_shipping_zones.sql", "utf8");
    expect(migration).not.toMatch(/INSERT INTO shipping_(zones|rates)/i);
    expect(
      await db.owner.select().from(shippingZones).where(eq(shippingZones.storeId, alpha.storeId)),
    ).toEqual([]);
    const shipping: number[] = [];
    for (const quantity of [1, 2, 4, 5, 6, 9]) {
      await fillCart(db, alpha.storeId, alpha.userId, [{ productId: dye, quantity }]);
      const price = await db.withStore(alpha.storeId, (tx) =>
        priceCheckout(tx, alpha.storeId, alpha.userId, {
          place: { country: "EG", city: "Cairo", postalCode: "" },
        }),
      );
      shipping.push(price.shippingCents);
    }
    // The dye costs 12.50: under 50.00 the fee, from 50.00 free, as the settings say.
    expect(shipping).toEqual([499, 499, 499, 0, 0, 0]);
  });
});
