/**
 * Reordering shipping zones and rates on /admin/shipping (issue 33, decision 039): the move
 * buttons swap a row with its neighbour and number the list 0..n−1. The order decides only ties,
 * as matching and quoting already did: between zones naming an address equally precisely (the
 * higher wins), and between rates of the same price (cheapest first, then this order). Bad input
 * is a 400 and another store's (or another zone's) id a 404, nothing changed.
 */
import type { AppLoadContext } from "@remix-run/node";
import { asc, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippingRates, shippingZonePlaces, shippingZones, users } from "~/db/schema";
import { action as listAction } from "~/routes/admin.shipping._index";
import { action as zoneAction } from "~/routes/admin.shipping.$id";
import { priceCheckout } from "~/services/orders/pricing.server";
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
let gulf: string; // a country zone for SA, first
let saudi: string; // another country zone for SA, second
let betaZone: string;
let courier: string; // the second of two rates of Gulf at the same price
const A = "http://alpha.localhost:3000";

type Handler = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

function post(run: Handler, path: string, params: Record<string, string>, fields: Record<string, string>) {
  const request = new Request(`${A}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: A, Cookie: adminCookie },
    body: new URLSearchParams(fields),
  });
  return answer(() => run({ request, context: ctx, params }));
}

async function addZone(storeId: string, name: string, position: number, rates: [string, number][]) {
  const id = uuidv7();
  await db.owner.insert(shippingZones).values({ storeId, id, name, position });
  await db.owner.insert(shippingZonePlaces).values({ storeId, zoneId: id, country: "SA" });
  const ids: string[] = [];
  for (const [index, [nameEn, priceCents]] of rates.entries()) {
    const rateId = uuidv7();
    ids.push(rateId);
    await db.owner.insert(shippingRates).values({
      storeId,
      id: rateId,
      zoneId: id,
      kind: "flat",
      nameEn,
      nameAr: nameEn,
      priceCents,
      position: index,
    });
  }
  return { id, rates: ids };
}

/** The zone and the rates an address in Riyadh is offered, in order. */
async function quote() {
  const price = await db.withStore(alpha.storeId, (tx) =>
    priceCheckout(tx, alpha.storeId, alpha.userId, {
      place: { country: "SA", city: "Riyadh", postalCode: "" },
    }),
  );
  return { zone: price.shipping.zone?.name, rates: price.shipping.rates.map((rate) => rate.nameEn) };
}

const positions = async (storeId: string) =>
  (
    await db.owner
      .select({ name: shippingZones.name, position: shippingZones.position })
      .from(shippingZones)
      .where(eq(shippingZones.storeId, storeId))
      .orderBy(asc(shippingZones.position), asc(shippingZones.id))
  ).map((zone) => zone.name);

beforeAll(async () => {
  ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores());
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@reorder.test",
    name: "Owner",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  // Both zones were written at position 0 (as migration 0035 writes them): ties go to the lower id.
  const first = await addZone(alpha.storeId, "Gulf", 0, [
    ["Express", 900],
    ["Courier", 900],
    ["Economy", 500],
  ]);
  gulf = first.id;
  courier = first.rates[1]!;
  saudi = (await addZone(alpha.storeId, "Saudi", 0, [["Saudi post", 700]])).id;
  betaZone = (await addZone(beta.storeId, "Beta zone", 0, [["Beta rate", 100]])).id;
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: alpha.productId, quantity: 1 }]);
});
afterAll(async () => {
  await db?.dispose();
});

describe("reordering zones and rates", () => {
  it("a zone moved up wins an address it names as precisely as the one above it", async () => {
    expect(await positions(alpha.storeId)).toEqual(["Gulf", "Saudi"]);
    expect((await quote()).zone).toBe("Gulf");
    const moved = await post(listAction, "/admin/shipping", {}, { intent: "zone-up", id: saudi });
    expect(moved.status).toBe(302);
    expect(await positions(alpha.storeId)).toEqual(["Saudi", "Gulf"]);
    expect((await quote()).zone).toBe("Saudi");
    // The first cannot go higher: nothing changes. Down again puts it back.
    expect((await post(listAction, "/admin/shipping", {}, { intent: "zone-up", id: saudi })).status).toBe(
      302,
    );
    expect(await positions(alpha.storeId)).toEqual(["Saudi", "Gulf"]);
    expect((await post(listAction, "/admin/shipping", {}, { intent: "zone-down", id: saudi })).status).toBe(
      302,
    );
    expect(await positions(alpha.storeId)).toEqual(["Gulf", "Saudi"]);
    expect((await quote()).zone).toBe("Gulf");
  });

  it("rates of the same price follow the zone's order; a cheaper one still comes first", async () => {
    expect((await quote()).rates).toEqual(["Economy", "Express", "Courier"]);
    const path = `/admin/shipping/${gulf}`;
    const moved = await post(zoneAction, path, { id: gulf }, { intent: "rate-up", id: courier });
    expect(moved.status).toBe(302);
    expect((await quote()).rates).toEqual(["Economy", "Courier", "Express"]);
    expect((await post(zoneAction, path, { id: gulf }, { intent: "rate-down", id: courier })).status).toBe(
      302,
    );
    expect((await quote()).rates).toEqual(["Economy", "Express", "Courier"]);
  });

  it("refuses bad input (400) and another store's or zone's ids (404), changing nothing", async () => {
    const before = {
      zones: await db.owner.select().from(shippingZones).orderBy(asc(shippingZones.id)),
      rates: await db.owner.select().from(shippingRates).orderBy(asc(shippingRates.id)),
    };
    expect((await post(listAction, "/admin/shipping", {}, { intent: "zone-up", id: "nope" })).status).toBe(
      400,
    );
    expect((await post(listAction, "/admin/shipping", {}, { intent: "zone-up", id: betaZone })).status).toBe(
      404,
    );
    const path = `/admin/shipping/${saudi}`;
    // A rate of another zone of the same store, through this zone's page.
    expect((await post(zoneAction, path, { id: saudi }, { intent: "rate-up", id: courier })).status).toBe(
      404,
    );
    expect(
      (await post(zoneAction, path, { id: saudi }, { intent: "rate-sideways", id: courier })).status,
    ).toBe(400);
    const other = `/admin/shipping/${betaZone}`;
    expect((await post(zoneAction, other, { id: betaZone }, { intent: "rate-up", id: courier })).status).toBe(
      404,
    );
    expect({
      zones: await db.owner.select().from(shippingZones).orderBy(asc(shippingZones.id)),
      rates: await db.owner.select().from(shippingRates).orderBy(asc(shippingRates.id)),
    }).toEqual(before);
  });
});
