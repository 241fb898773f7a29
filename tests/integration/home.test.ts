/**
 * The home page pipeline on a real database: two stores, each seeing only its own products and
 * settings, in the requested locale, through the storefront service and the route loaders.
 */
import type { AppLoadContext } from "@remix-run/node";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, stores, storeSettings } from "~/db/schema";
import { getT } from "~/lib/i18n";
import { localeCookie } from "~/lib/i18n.server";
import type { RootData, ShellErrorData } from "~/lib/shell";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { getStoreSettings } from "~/services/store/settings.server";
import { loadHome } from "~/services/catalog/storefront.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { contextFor } from "../helpers/routes";

let db: TestDb;
const alpha = uuidv7();
const beta = uuidv7();
const bare = uuidv7();

beforeAll(async () => {
  db = await createTestDb();
  await db.owner.insert(stores).values([
    { id: alpha, slug: "alpha", name: "Alpha Dyes", currency: "USD" },
    { id: beta, slug: "beta", name: "Beta Inks", currency: "EUR", defaultLocale: "ar" },
    { id: bare, slug: "bare", name: "Bare Shop" },
  ]);
  await db.owner.insert(storeSettings).values([
    {
      storeId: alpha,
      primaryColor: "#AA0000",
      heroTitleEn: "Alpha colours",
      heroTitleAr: "ألوان ألفا",
      contactEmail: "hello@alpha.test",
      contactAddressEn: "1 Dye Street",
      contactAddressAr: "١ شارع الصبغة",
      footerTextEn: "Alpha footer",
      footerTextAr: "تذييل ألفا",
    },
    {
      storeId: beta,
      primaryColor: "#00AA00",
      secondaryColor: "#003300",
      heroTitleEn: "Beta inks",
      heroTitleAr: "أحبار بيتا",
    },
  ]);
  await db.owner.insert(products).values([
    {
      storeId: alpha,
      slug: "red",
      nameEn: "Alpha Red",
      nameAr: "أحمر ألفا",
      priceCents: 1250,
      stock: 40,
      unitsSold: 5,
      shadeHex: "#CC0000",
    },
    {
      storeId: alpha,
      slug: "blue",
      nameEn: "Alpha Blue",
      nameAr: "أزرق ألفا",
      priceCents: 999,
      stock: 3,
      unitsSold: 50,
    },
    {
      storeId: alpha,
      slug: "gone",
      nameEn: "Alpha Archived",
      nameAr: "مؤرشف",
      priceCents: 100,
      active: false,
      unitsSold: 500,
    },
    { storeId: alpha, slug: "none", nameEn: "Alpha Sold Out", nameAr: "نفد ألفا", priceCents: 500, stock: 0 },
    {
      storeId: beta,
      slug: "ink",
      nameEn: "Beta Ink",
      nameAr: "حبر بيتا",
      priceCents: 2000,
      stock: 10,
      unitsSold: 1,
    },
  ]);
});
afterAll(() => db.dispose());

describe("the home's most selling shelf", () => {
  const mostSelling = async (storeId: string, locale: "en" | "ar", currency: string) =>
    (await loadHome(storeId, { locale, currency })).mostSelling;

  it("lists only the store's own active products, best sellers first", async () => {
    const list = await mostSelling(alpha, "en", "USD");
    expect(list.map((p) => p.name)).toEqual(["Alpha Blue", "Alpha Red", "Alpha Sold Out"]);
    const other = await mostSelling(beta, "en", "EUR");
    expect(other.map((p) => p.name)).toEqual(["Beta Ink"]);
  });

  it("names, prices and stock in the shopper's locale and the store's currency", async () => {
    const [blue, red, soldOut] = await mostSelling(alpha, "ar", "USD");
    expect(blue).toMatchObject({ name: "أزرق ألفا", slug: "blue", stock: { kind: "low", count: 3 } });
    expect(red).toMatchObject({ name: "أحمر ألفا", shadeHex: "#CC0000", stock: { kind: "in" } });
    expect(red!.priceCents).toBe(1250);
    expect(soldOut!.stock).toEqual({ kind: "out" });
    const [ink] = await mostSelling(beta, "en", "EUR");
    expect(ink!.priceCents).toBe(2000);
  });
});

describe("getStoreSettings", () => {
  it("reads the store's own row, or the defaults when it has none", async () => {
    expect((await getStoreSettings(alpha)).heroTitleEn).toBe("Alpha colours");
    expect((await getStoreSettings(beta)).heroTitleEn).toBe("Beta inks");
    const defaults = await getStoreSettings(bare);
    expect(defaults).toMatchObject({ primaryColor: "#242F51", contactHours: "Mon-Fri 8am to 5pm" });
  });
});

/** Calls a loader as Remix would, with the tenant the server resolves for `host`. */
async function load<T>(
  loader: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<T>,
  host: string,
  path = "/",
  cookie?: string,
) {
  const request = new Request(`http://${host}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, context: await contextFor(db, host, { request }), params: {} });
}

type DataResult<T> = { data: T; init: ResponseInit | null };
const unwrap = <T>(value: unknown) => value as DataResult<T>;

describe("root and home loaders", () => {
  it("give a store its branding, footer and hero in its default locale", async () => {
    const root = unwrap<RootData>(await load(rootLoader, "beta.localhost"));
    expect(root.data.shell).toMatchObject({
      locale: "ar",
      dir: "rtl",
      theme: "light",
      siteName: "Beta Inks",
    });
    expect(root.data.shell.brand).toEqual({ primaryColor: "#00AA00", secondaryColor: "#003300" });
    expect(root.data.site).toMatchObject({
      kind: "store",
      name: "Beta Inks",
      settings: { heroTitle: "أحبار بيتا" },
    });
    // The dictionary is a static file the browser caches, never part of the loader data.
    expect(root.data.shell.locale).toBe("ar");
    expect(JSON.stringify(root.data)).not.toContain("المتجر غير موجود");
    expect(JSON.stringify(root.data).length).toBeLessThan(2_000);

    const home = (await load(indexLoader, "beta.localhost")) as Awaited<ReturnType<typeof indexLoader>>;
    expect(home.kind === "store" && home.products.map((p) => p.name)).toEqual(["حبر بيتا"]);
  });

  it("switch language with ?lng= and remember it in a cookie", async () => {
    const root = unwrap<RootData>(await load(rootLoader, "alpha.localhost", "/?lng=ar"));
    expect(root.data.shell.locale).toBe("ar");
    expect(root.data.site.kind === "store" && root.data.site.settings).toMatchObject({
      heroTitle: "ألوان ألفا",
      footerText: "تذييل ألفا",
      contact: { email: "hello@alpha.test", address: "١ شارع الصبغة", hours: "Mon-Fri 8am to 5pm" },
    });
    expect(new Headers(root.init?.headers).get("Set-Cookie")).toMatch(/^lng=/);

    const cookie = (await localeCookie.serialize("ar")).split(";")[0];
    const home = (await load(indexLoader, "alpha.localhost", "/", cookie)) as Awaited<
      ReturnType<typeof indexLoader>
    >;
    expect(home.kind === "store" && home.products.map((p) => p.name)).toEqual([
      "أزرق ألفا",
      "أحمر ألفا",
      "نفد ألفا",
    ]);
  });

  it("answer the platform landing on the platform host", async () => {
    const root = unwrap<RootData>(await load(rootLoader, "localhost"));
    expect(root.data.site.kind).toBe("platform");
    expect(root.data.shell.siteName).toBeNull();
    expect(await load(indexLoader, "localhost")).toEqual({ kind: "platform" });
  });

  it("answer an unknown host with a 404 that still carries the shell", async () => {
    const thrown = await load(rootLoader, "nope.localhost", "/?lng=ar").then(
      () => null,
      (error: unknown) => unwrap<ShellErrorData>(error),
    );
    expect(thrown?.init?.status).toBe(404);
    expect(thrown?.data.reason).toBe("store-not-found");
    expect(thrown?.data.shell.locale).toBe("ar");
    expect(getT(thrown!.data.shell.locale)("notFound.store")).toBe("المتجر غير موجود");
  });
});
