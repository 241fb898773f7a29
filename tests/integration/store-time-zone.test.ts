/**
 * The store's time zone (issue 21): chosen on /admin/settings (IANA names, checked by the form's
 * schema: a bad one is a 400 under the field and nothing saved), and then every date and time
 * the store shows is read in it: the admin's orders list (and its day filters, and its CSV), the
 * order page and packing slip, the shopper's order pages, the sale form (typed in the zone, a
 * DST gap read as the moment after it), the sales list, the dashboard and the report. One
 * store's zone never shows on another store's pages.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, type RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Reviews } from "~/components/product/Reviews";
import { orderEvents, orderItems, orders, products, sales, storeSettings, users } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { getI18n, type Locale } from "~/lib/i18n";
import "~/lib/i18n.server";
import type { RootData } from "~/lib/shell";
import { TranslationProvider } from "~/lib/use-translation";
import { loader as rootLoader } from "~/root";
import AdminDashboard, { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as orderLoader } from "~/routes/admin.orders.$number";
import { loader as ordersCsvLoader } from "~/routes/admin.orders.export[.csv]";
import AdminOrders, { loader as ordersLoader } from "~/routes/admin.orders._index";
import AdminProducts, { loader as productsLoader } from "~/routes/admin.products._index";
import { loader as reportLoader } from "~/routes/admin.sales.report";
import { action as saleAction, loader as saleLoader } from "~/routes/admin.sales.$id";
import AdminSales, { loader as salesLoader } from "~/routes/admin.sales._index";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { loader as slipLoader } from "~/routes/admin_.orders.$number.packing-slip";
import { loader as shopperOrderLoader } from "~/routes/orders.$number._index";
import { loader as shopperOrdersLoader } from "~/routes/orders._index";
import type { TimeZoneGroup } from "~/lib/time-zone";
import type { ReviewView } from "~/services/catalog/reviews.server";
import type { TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
/** New York once its admin chooses it; `beta` is Riyadh, `gamma` stays on UTC. */
let alpha: StoreFixture;
let beta: StoreFixture;
let gamma: StoreFixture;
const cookies: Record<string, { admin: string; shopper: string }> = {};
const HOSTS = { alpha: "tza.localhost", beta: "tzb.localhost", gamma: "tzc.localhost" } as const;
type StoreKey = keyof typeof HOSTS;
const origin = (store: StoreKey) => `http://${HOSTS[store]}:3000`;

/** 02:30 UTC on 8 March 2026: the evening of the 7th in New York, the morning of the 8th in Riyadh. */
const PLACED = new Date("2026-03-08T02:30:00Z");
/** A step an hour and a half later: 23:00 EST on the 7th, 07:00 in Riyadh. */
const CONFIRMED = new Date("2026-03-08T04:00:00Z");

type Action = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;
type Reply = { result?: { error?: Record<string, string[]> } | null };

/** A fresh context per request: the tenant (and its zone) as the next request would resolve it. */
const context = (store: StoreKey) => contextFor(db, HOSTS[store]);

async function get<T>(
  store: StoreKey,
  run: Action,
  path: string,
  params: Record<string, string> = {},
  who: "admin" | "shopper" = "admin",
) {
  const request = new Request(`${origin(store)}${path}`, { headers: { Cookie: cookies[store]![who] } });
  return answer<T>(async () => run({ request, context: await context(store), params }));
}

async function post(
  store: StoreKey,
  run: Action,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = new Request(`${origin(store)}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin(store),
      Cookie: cookies[store]!.admin,
    },
    body: new URLSearchParams(fields),
  });
  return answer<Reply>(async () => run({ request, context: await context(store), params }));
}

const zoneOf = async (storeId: string) =>
  (
    await db.owner
      .select({ zone: storeSettings.timeZone })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId))
  )[0]!.zone;

const settings = (timeZone: string, storeName = "Time Zone Store") => ({
  storeName,
  currency: "USD",
  defaultLocale: "en",
  timeZone,
  country: "SA",
  defaultWeightGrams: "0",
});

/** One confirmed cash order at PLACED with a confirmation step at CONFIRMED. */
async function seedOrder(store: StoreFixture, number: number) {
  const id = uuidv7();
  await db.owner.insert(orders).values({
    storeId: store.storeId,
    id,
    number,
    userId: store.userId,
    status: "confirmed",
    paymentStatus: "unpaid",
    paymentMethod: "cod",
    currency: "USD",
    subtotalCents: 2500,
    totalCents: 2500,
    totalQuantity: 2,
    shipFullName: "Sam Shopper",
    shipStreetAddress: "1 Main St",
    shipZipCode: "10001",
    shipCity: "Springfield",
    shipEmail: "sam@shop.test",
    shipMobile: "+1 555 0100",
    locale: "en",
    createdAt: PLACED,
  });
  await db.owner.insert(orderItems).values({
    storeId: store.storeId,
    orderId: id,
    productId: store.productId,
    nameEn: "Red dye",
    nameAr: "صبغة حمراء",
    unitPriceCents: 1250,
    quantity: 2,
    lineTotalCents: 2500,
  });
  await db.owner.insert(orderEvents).values({
    storeId: store.storeId,
    orderId: id,
    type: "status",
    fromStatus: "pending",
    toStatus: "confirmed",
    createdAt: CONFIRMED,
  });
}

/** Server-renders routes at a path, in a language: the text a reader sees (tags dropped). */
async function renderRoutes(store: StoreKey, routes: RouteObject[], path: string, locale: Locale) {
  const handler = createStaticHandler(routes);
  const query = await handler.query(new Request(`${origin(store)}${path}`));
  if (query instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, query);
  return renderToString(
    createElement(
      TranslationProvider,
      { i18n: getI18n(locale) },
      createElement(StaticRouterProvider, { router, context: query, hydrate: false }),
    ),
  )
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

async function rootData(store: StoreKey, locale: Locale): Promise<RootData> {
  const root = (await get<RootData>(store, rootLoader, "/")).data;
  return { ...root, shell: { ...root.shell, locale } };
}

/** A page rendered with its loader's data under the store's root data, as the server does. */
async function renderPage(store: StoreKey, page: ReactElement, data: object, locale: Locale = "en") {
  const root = await rootData(store, locale);
  return renderRoutes(
    store,
    [
      {
        id: "root",
        path: "/",
        loader: () => root,
        element: createElement(OutletShim),
        children: [{ index: true, loader: () => data, element: page }],
      },
    ],
    "/",
    locale,
  );
}

/** The dashboard reads the admin layout's data too: rendered under a stand-in for it. */
async function renderDashboard(store: StoreKey, data: object, layout: object) {
  const root = await rootData(store, "en");
  return renderRoutes(
    store,
    [
      {
        id: "root",
        path: "/",
        loader: () => root,
        element: createElement(OutletShim),
        children: [
          {
            id: "routes/admin",
            path: "admin",
            loader: () => layout,
            element: createElement(OutletShim),
            children: [{ index: true, loader: () => data, element: createElement(AdminDashboard) }],
          },
        ],
      },
    ],
    "/admin",
    "en",
  );
}

function OutletShim() {
  return createElement(Outlet);
}

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores({ alpha: "tza", beta: "tzb" }));
  gamma = await createStoreFixture(db, "tzc");
  await db.owner
    .update(storeSettings)
    .set({ timeZone: "Asia/Riyadh" })
    .where(eq(storeSettings.storeId, beta.storeId));
  for (const [key, store] of [
    ["alpha", alpha],
    ["beta", beta],
    ["gamma", gamma],
  ] as const) {
    const adminId = uuidv7();
    await db.owner.insert(users).values({
      storeId: store.storeId,
      id: adminId,
      email: `admin@${key}.test`,
      name: "Admin",
      isAdmin: true,
    });
    cookies[key] = {
      admin: await userCookie(store.storeId, adminId, origin(key)),
      shopper: await userCookie(store.storeId, store.userId, origin(key)),
    };
    await seedOrder(store, 1001);
  }
});
afterAll(async () => {
  await db?.dispose();
});

describe("the time zone field on /admin/settings", () => {
  it("lists the IANA names grouped by area with the store's zone chosen", async () => {
    const res = await get<{ values: { timeZone: string }; timeZones: TimeZoneGroup[] }>(
      "alpha",
      settingsLoader,
      "/admin/settings",
    );
    expect(res.status).toBe(200);
    expect(res.data.values.timeZone).toBe("UTC");
    const values = res.data.timeZones.flatMap((group) => group.zones.map((zone) => zone.value));
    expect(values[0]).toBe("UTC");
    expect(values).toEqual(expect.arrayContaining(["America/New_York", "Asia/Riyadh", "Europe/London"]));
    expect(res.data.timeZones.map((group) => group.region)).toEqual(
      expect.arrayContaining(["America", "Asia", "Europe", "Africa", "Pacific"]),
    );
  });

  it("saves a zone: the settings row holds it and the store's next page uses it", async () => {
    const res = await post("alpha", settingsAction, "/admin/settings", settings("America/New_York"));
    expect(res.status).toBe(302);
    expect(await zoneOf(alpha.storeId)).toBe("America/New_York");
    const again = await get<{ values: { timeZone: string } }>("alpha", settingsLoader, "/admin/settings");
    expect(again.data.values.timeZone).toBe("America/New_York");
    // Another store's zone is its own.
    expect(await zoneOf(beta.storeId)).toBe("Asia/Riyadh");
    expect(await zoneOf(gamma.storeId)).toBe("UTC");
  });

  it("refuses a name that is not on the list with 400 and a message under the field, saving nothing", async () => {
    const cases: [string, string][] = [
      ["Mars/Olympus_Mons", "timeZone.invalid"],
      ["+05:00", "timeZone.invalid"],
      ["Etc/GMT+5", "timeZone.invalid"],
      ["America/New_York'; drop table orders; --", "timeZone.invalid"],
      ["", "timeZone.required"],
    ];
    for (const [zone, key] of cases) {
      const res = await post(
        "alpha",
        settingsAction,
        "/admin/settings",
        settings(zone, "Renamed On The Way"),
      );
      expect(res.status, zone).toBe(400);
      expect(res.data.result?.error?.timeZone, zone).toEqual([key]);
    }
    const { storeName: _name, timeZone: _zone, ...withoutZone } = settings("");
    const missing = await post("alpha", settingsAction, "/admin/settings", {
      ...withoutZone,
      storeName: "Renamed",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.result?.error?.timeZone).toEqual(["timeZone.required"]);
    expect(await zoneOf(alpha.storeId)).toBe("America/New_York");
    const root = await get<RootData>("alpha", rootLoader, "/");
    expect(root.data.site.kind === "store" && root.data.site.name).toBe("Time Zone Store");
  });

  it("saves a name as the runtime spells it (lower case, an old alias)", async () => {
    expect(
      (await post("gamma", settingsAction, "/admin/settings", settings("asia/riyadh", "Store tzc"))).status,
    ).toBe(302);
    expect(await zoneOf(gamma.storeId)).toBe("Asia/Riyadh");
    expect(
      (await post("gamma", settingsAction, "/admin/settings", settings("Etc/UTC", "Store tzc"))).status,
    ).toBe(302);
    expect(await zoneOf(gamma.storeId)).toBe("UTC");
  });
});

describe("orders in the store's zone", () => {
  type ListData = { timeZone: string; rows: { number: number; date: string }[] };

  it("the admin's list shows each store's own time, and says which zone", async () => {
    const ny = await get<ListData>("alpha", ordersLoader, "/admin/orders");
    expect(ny.data.timeZone).toBe("America/New_York");
    expect(ny.data.rows.map((row) => row.date)).toEqual(["Mar 7, 2026, 9:30 PM"]);
    const riyadh = await get<ListData>("beta", ordersLoader, "/admin/orders");
    expect(riyadh.data.rows.map((row) => row.date)).toEqual(["Mar 8, 2026, 5:30 AM"]);
    const utc = await get<ListData>("gamma", ordersLoader, "/admin/orders");
    expect(utc.data.rows.map((row) => row.date)).toEqual(["Mar 8, 2026, 2:30 AM"]);

    const page = await renderPage("alpha", createElement(AdminOrders), ny.data);
    expect(page).toContain("Mar 7, 2026, 9:30 PM");
    expect(page).toContain("Times are in the store's time zone (\u2068America/New_York\u2069).");
    expect(page).not.toContain("UTC");
    const arabic = await renderPage("beta", createElement(AdminOrders), riyadh.data, "ar");
    expect(arabic).toContain("الأوقات بالمنطقة الزمنية للمتجر (\u2068Asia/Riyadh\u2069).");
  });

  it("filters by the store's days: the same order is on the 7th in New York and the 8th in Riyadh", async () => {
    const numbers = async (store: StoreKey, query: string) =>
      (await get<ListData>(store, ordersLoader, `/admin/orders${query}`)).data.rows.map((row) => row.number);
    expect(await numbers("alpha", "?startDate=2026-03-07&endDate=2026-03-07")).toEqual([1001]);
    expect(await numbers("alpha", "?startDate=2026-03-08")).toEqual([]);
    expect(await numbers("beta", "?startDate=2026-03-07&endDate=2026-03-07")).toEqual([]);
    expect(await numbers("beta", "?startDate=2026-03-08&endDate=2026-03-08")).toEqual([1001]);
  });

  it("the CSV writes the store's clock with its offset", async () => {
    const csv = async (store: StoreKey) =>
      parseCsv((await get<string>(store, ordersCsvLoader, "/admin/orders/export.csv")).data)[1]![1];
    expect(await csv("alpha")).toBe("2026-03-07T21:30:00-05:00");
    expect(await csv("beta")).toBe("2026-03-08T05:30:00+03:00");
  });

  it("the order page, the packing slip and the shopper's pages show the store's day and time", async () => {
    type Order = { order: { date: string; events: { date: string }[] } };
    const admin = await get<Order>("alpha", orderLoader, "/admin/orders/1001", { number: "1001" });
    expect(admin.data.order.date).toBe("Mar 7, 2026");
    expect(admin.data.order.events.map((event) => event.date)).toEqual(["Mar 7, 2026, 11:00 PM EST"]);
    const slip = await get<{ date: string }>("alpha", slipLoader, "/admin/orders/1001/packing-slip", {
      number: "1001",
    });
    expect(slip.data.date).toBe("Mar 7, 2026");

    const mine = await get<Order>("alpha", shopperOrderLoader, "/orders/1001", { number: "1001" }, "shopper");
    expect(mine.data.order.date).toBe("Mar 7, 2026");
    expect(mine.data.order.events[0]!.date).toBe("Mar 7, 2026, 11:00 PM EST");
    const list = await get<{ orders: { date: string }[] }>(
      "alpha",
      shopperOrdersLoader,
      "/orders",
      {},
      "shopper",
    );
    expect(list.data.orders.map((order) => order.date)).toEqual(["Mar 7, 2026"]);

    const riyadh = await get<Order>(
      "beta",
      shopperOrderLoader,
      "/orders/1001",
      { number: "1001" },
      "shopper",
    );
    expect(riyadh.data.order.date).toBe("Mar 8, 2026");
    expect(riyadh.data.order.events[0]!.date).toBe("Mar 8, 2026, 7:00 AM GMT+3");
  });
});

describe("sales typed and shown in the store's zone", () => {
  const sale = (startsAt: string, endsAt: string) => ({
    nameEn: "Spring Sale",
    nameAr: "تخفيضات الربيع",
    kind: "percent",
    value: "10",
    scope: "store",
    startsAt,
    endsAt,
  });
  const saved = async (storeId: string) =>
    (await db.owner.select().from(sales).where(eq(sales.storeId, storeId)).orderBy(sales.createdAt)).at(-1)!;

  it("reads a New York start at 02:30 on the spring change (a time the clocks skip) as 03:30 EDT", async () => {
    // 2026-03-08 in New York: 02:00 EST is followed by 03:00 EDT. The form takes the skipped
    // 02:30 as the moment after the gap (the offset before the change), as browsers and
    // Temporal do, and shows it back as 03:30.
    const res = await post(
      "alpha",
      saleAction,
      "/admin/sales/new",
      sale("2026-03-08T02:30", "2026-03-08T12:00"),
      {
        id: "new",
      },
    );
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    const row = await saved(alpha.storeId);
    expect(row.startsAt.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(row.endsAt.toISOString()).toBe("2026-03-08T16:00:00.000Z");
    const form = await get<{ start: { startsAt: string; endsAt: string }; timeZone: string }>(
      "alpha",
      saleLoader,
      `/admin/sales/${row.id}`,
      { id: row.id },
    );
    expect(form.data.timeZone).toBe("America/New_York");
    expect(form.data.start.startsAt).toBe("2026-03-08T03:30");
    expect(form.data.start.endsAt).toBe("2026-03-08T12:00");
  });

  it("reads a Riyadh sale in Riyadh, shows it back unchanged, and lists it in Riyadh time", async () => {
    const res = await post(
      "beta",
      saleAction,
      "/admin/sales/new",
      sale("2026-05-01T09:30", "2026-05-02T00:00"),
      {
        id: "new",
      },
    );
    expect(res.status).toBe(302);
    const row = await saved(beta.storeId);
    expect(row.startsAt.toISOString()).toBe("2026-05-01T06:30:00.000Z");
    expect(row.endsAt.toISOString()).toBe("2026-05-01T21:00:00.000Z");
    const form = await get<{ start: { startsAt: string; endsAt: string } }>(
      "beta",
      saleLoader,
      `/admin/sales/${row.id}`,
      {
        id: row.id,
      },
    );
    expect(form.data.start).toMatchObject({ startsAt: "2026-05-01T09:30", endsAt: "2026-05-02T00:00" });

    const list = await get<object>("beta", salesLoader, "/admin/sales");
    const page = await renderPage("beta", createElement(AdminSales), list.data);
    expect(page).toContain("Times are in the store's time zone (\u2068Asia/Riyadh\u2069).");
    expect(page).toContain("May 1, 2026, 9:30 AM");
    expect(page).toContain("May 2, 2026, 12:00 AM");
    // New York's list: its own sale in its own time, nothing of Riyadh's.
    const ny = await renderPage(
      "alpha",
      createElement(AdminSales),
      (await get<object>("alpha", salesLoader, "/admin/sales")).data,
    );
    expect(ny).toContain("Times are in the store's time zone (\u2068America/New_York\u2069).");
    expect(ny).toContain("Mar 8, 2026, 3:30 AM");
    expect(ny).not.toContain("Riyadh");
    expect(ny).not.toContain("UTC");
  });
});

describe("reports in the store's zone", () => {
  type Report = { timeZone: string; days: { day: string; orders: number }[]; recent?: { number: number }[] };
  const ordersOn = (report: Report, day: string) => report.days.find((row) => row.day === day)?.orders;

  it("counts the order on the store's own day, and the dashboard shows its time there", async () => {
    const query = "?startDate=2026-03-07&endDate=2026-03-08";
    const ny = await get<Report>("alpha", reportLoader, `/admin/sales/report${query}`);
    expect(ny.data.timeZone).toBe("America/New_York");
    expect([ordersOn(ny.data, "2026-03-07"), ordersOn(ny.data, "2026-03-08")]).toEqual([1, 0]);
    const riyadh = await get<Report>("beta", reportLoader, `/admin/sales/report${query}`);
    expect([ordersOn(riyadh.data, "2026-03-07"), ordersOn(riyadh.data, "2026-03-08")]).toEqual([0, 1]);

    const dashboard = await get<Report>("alpha", dashboardLoader, `/admin/dashboard${query}`);
    expect(dashboard.data.timeZone).toBe("America/New_York");
    const layout = { admin: { name: "Admin", imageId: null }, navCounts: { heldReviews: 0 } };
    const html = await renderDashboard("alpha", dashboard.data, layout);
    expect(html).toContain("Days are counted in the store's time zone (\u2068America/New_York\u2069).");
    expect(html).toContain("Mar 7, 2026, 9:30 PM");
  });
});

describe("one store's zone never reaches another's pages", () => {
  it("each root carries its own zone; changing one leaves the others", async () => {
    const zone = async (store: StoreKey) => {
      const root = (await get<RootData>(store, rootLoader, "/")).data;
      return root.site.kind === "store" ? root.site.timeZone : null;
    };
    expect([await zone("alpha"), await zone("beta"), await zone("gamma")]).toEqual([
      "America/New_York",
      "Asia/Riyadh",
      "UTC",
    ]);
    // Alpha's admin posting on beta's host is a stranger there: beta keeps Riyadh.
    const request = new Request(`${origin("beta")}/admin/settings`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin("beta"),
        Cookie: cookies.alpha!.admin,
      },
      body: new URLSearchParams(settings("Pacific/Auckland", "Taken Over")),
    });
    const res = await answer(async () =>
      settingsAction({ request, context: await context("beta"), params: {} }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login");
    expect(await zoneOf(beta.storeId)).toBe("Asia/Riyadh");
    expect(await zone("beta")).toBe("Asia/Riyadh");
    const rows = await db.owner
      .select({ zone: storeSettings.timeZone })
      .from(storeSettings)
      .where(and(eq(storeSettings.timeZone, "Pacific/Auckland")));
    expect(rows).toEqual([]);
  });
});

describe("the storefront's review dates and the admin products list in the store's zone", () => {
  it("show a review and a product made at 02:30 UTC on the 8th on the 7th in New York, the 8th in Riyadh", async () => {
    const review: ReviewView = {
      id: uuidv7(),
      reviewer: "Sam",
      rating: 5,
      title: "Deep red",
      comment: "Took well.",
      createdAt: PLACED.toISOString(),
      verifiedBuyer: false,
      reply: null,
    };
    const summary = {
      count: 1,
      average: 5,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 1 : 0 })),
    };
    const reviews = (locale: Locale) => createElement(Reviews, { summary, reviews: [review], locale });
    expect(await renderPage("alpha", reviews("en"), {})).toContain("Mar 7, 2026");
    expect(await renderPage("beta", reviews("en"), {})).toContain("Mar 8, 2026");

    for (const store of [alpha, beta]) {
      await db.owner.update(products).set({ createdAt: PLACED }).where(eq(products.id, store.productId));
    }
    const ny = await get<object>("alpha", productsLoader, "/admin/products");
    expect(await renderPage("alpha", createElement(AdminProducts), ny.data)).toContain("Mar 7, 2026");
    const riyadh = await get<object>("beta", productsLoader, "/admin/products");
    expect(await renderPage("beta", createElement(AdminProducts), riyadh.data)).toContain("Mar 8, 2026");
  });
});
