/**
 * The store-setting pages: /admin/settings, logoAndColors, homepage, aboutus, contact&footer and
 * terms&privacy. Each saves through one schema ('update successfully'), answers bad input with a
 * 4xx and field errors and changes nothing, refuses a shopper (403) and another store's ids (404),
 * and the storefront shows what was saved on its next response: on this instance at once, on
 * another instance once the store_changed notification arrives.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, storeSettings, users } from "~/db/schema";
import { createLoadContext } from "~/http/load-context.server";
import type { RootData } from "~/lib/shell";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { loader as aboutLoader } from "~/routes/about";
import { action as generalAction, loader as generalLoader } from "~/routes/admin.settings";
import { action as aboutAction, loader as aboutFormLoader } from "~/routes/admin.storesetting.aboutus";
import { action as contactAction, loader as contactLoader } from "~/routes/admin.storesetting.contact&footer";
import { action as homepageAction, loader as homepageLoader } from "~/routes/admin.storesetting.homepage";
import {
  action as brandingAction,
  loader as brandingLoader,
} from "~/routes/admin.storesetting.logoAndColors";
import { action as legalAction, loader as legalLoader } from "~/routes/admin.storesetting.terms&privacy";
import { loader as termsLoader } from "~/routes/terms";
import { resolveTenant, TenantResolver, type Tenant } from "~/services/store/tenancy.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
let betaAdminCookie: string;
const A = "http://alpha.localhost:3000";

type Reply = {
  result?: { error?: Record<string, string[]> } | null;
  imageError?: string | null;
  notice?: { key: string };
};
type Action = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

const post = (run: Action, path: string, fields: Record<string, string | string[]>, cookie = adminCookie) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const request = new Request(`${A}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: A, Cookie: cookie },
    body,
  });
  return answer<Reply>(() => run({ request, context: ctx, params: {} }));
};

function multipart(
  run: Action,
  path: string,
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set(file.field, new File([new Uint8Array(file.bytes)], "upload.png", { type: "image/png" }));
  const request = new Request(`${A}${path}`, {
    method: "POST",
    headers: { Cookie: adminCookie, Origin: A },
    body: form,
  });
  return answer<Reply>(() => run({ request, context: ctx, params: {} }));
}

const settingsOf = async (storeId: string) =>
  (await db.owner.select().from(storeSettings).where(eq(storeSettings.storeId, storeId)))[0]!;
const storeOf = async (storeId: string) =>
  (await db.owner.select().from(stores).where(eq(stores.id, storeId)))[0]!;

/** What the storefront renders for a request to alpha's host, through the given tenant lookup. */
async function storefrontBrand(tenant: Tenant) {
  const request = new Request(`${A}/`);
  const context = await createLoadContext({
    url: new URL(request.url),
    cookieHeader: null,
    tenant,
    clientAddress: "203.0.113.9",
  });
  const root = (await rootLoader({ request, context, params: {} })) as unknown as { data: RootData };
  return root.data.shell.brand.primaryColor;
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  beta = await createStoreFixture(db, "beta");
  ctx = await contextFor(db, "alpha.localhost");
  const adminId = uuidv7();
  const betaAdminId = uuidv7();
  await db.owner.insert(users).values([
    { storeId: alpha.storeId, id: adminId, email: "admin@alpha.test", name: "Admin", isAdmin: true },
    { storeId: beta.storeId, id: betaAdminId, email: "admin@beta.test", name: "Beta Admin", isAdmin: true },
  ]);
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
  betaAdminCookie = await userCookie(beta.storeId, betaAdminId, "http://beta.localhost:3000");
});
afterAll(async () => {
  await db.dispose();
});

describe("/admin/settings", () => {
  const valid = {
    storeName: "Alpha Colour Co",
    currency: "EUR",
    defaultLocale: "ar",
    timeZone: "UTC",
    country: "AE",
    defaultWeightGrams: "250",
  };

  it("shows the saved values in major units", async () => {
    const res = await answer<{ values: Record<string, string> }>(() =>
      generalLoader({
        request: new Request(`${A}/admin/settings`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(res.data.values).toEqual({
      storeName: "Store alpha",
      currency: "USD",
      defaultLocale: "en",
      timeZone: "UTC",
      country: "SA",
      defaultWeightGrams: "0",
    });
  });

  it("saves name, currency, language, ship-from country and default weight, saying 'update successfully'", async () => {
    const res = await post(generalAction, "/admin/settings", valid);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/settings");
    expect(res.headers.get("Set-Cookie")).toContain("toast=");
    expect(await storeOf(alpha.storeId)).toMatchObject({
      name: "Alpha Colour Co",
      currency: "EUR",
      defaultLocale: "ar",
    });
    expect(await settingsOf(alpha.storeId)).toMatchObject({ country: "AE", defaultWeightGrams: 250 });
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ storeName: "Abc" }, "storeName", "validation.storeName"],
      [{ currency: "XXX" }, "currency", "validation.choiceInvalid"],
      [{ defaultLocale: "fr" }, "defaultLocale", "validation.choiceInvalid"],
      [{ country: "ZZ" }, "country", "validation.choiceInvalid"],
      [{ country: "Saudi" }, "country", "validation.choiceInvalid"],
      [{ defaultWeightGrams: "-1" }, "defaultWeightGrams", "shippingAdmin.errors.weightInvalid"],
      [{ defaultWeightGrams: "1.5" }, "defaultWeightGrams", "shippingAdmin.errors.weightInvalid"],
      [{ defaultWeightGrams: "2000000" }, "defaultWeightGrams", "shippingAdmin.errors.weightInvalid"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone", "timeZone.invalid"],
    ];
    for (const [change, field, key] of cases) {
      const res = await post(generalAction, "/admin/settings", {
        ...valid,
        storeName: "Changed Name",
        ...change,
      });
      expect(res.status, field).toBe(400);
      expect(res.data.result?.error?.[field], field).toEqual([key]);
    }
    expect((await storeOf(alpha.storeId)).name).toBe("Alpha Colour Co");
    expect(await settingsOf(alpha.storeId)).toMatchObject({ country: "AE", defaultWeightGrams: 250 });
  });

  it("refuses a shopper (403); another store's admin is a stranger here (sign in)", async () => {
    expect(
      (await post(generalAction, "/admin/settings", { ...valid, storeName: "Shopper Shop" }, shopperCookie))
        .status,
    ).toBe(403);
    const foreign = await post(
      generalAction,
      "/admin/settings",
      { ...valid, storeName: "Beta Took It" },
      betaAdminCookie,
    );
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("Location")).toContain("/login");
    expect((await storeOf(alpha.storeId)).name).toBe("Alpha Colour Co");
    expect((await storeOf(beta.storeId)).name).toBe("Store beta");
  });
});

describe("/admin/storesetting/logoAndColors", () => {
  const path = "/admin/storesetting/logoAndColors";

  it("shows a new primary colour in the storefront's next response, on this instance at once and on another once notified", async () => {
    const here = await resolveTenant("alpha.localhost");
    const elsewhere = await new TenantResolver(db, { platformDomain: "localhost" }).start();
    expect(await storefrontBrand(here)).toBe("#242F51");
    expect(await storefrontBrand(await elsewhere.resolve("alpha.localhost"))).toBe("#242F51");

    const res = await multipart(brandingAction, path, { primaryColor: "#aa3300", secondaryColor: "#112233" });
    expect(res.status).toBe(302);
    expect(await settingsOf(alpha.storeId)).toMatchObject({
      primaryColor: "#AA3300",
      secondaryColor: "#112233",
    });
    expect(await storefrontBrand(await resolveTenant("alpha.localhost"))).toBe("#AA3300");
    const other = await eventually(
      async () => storefrontBrand(await elsewhere.resolve("alpha.localhost")),
      (color) => color === "#AA3300",
    );
    expect(other).toBe("#AA3300");
    await elsewhere.stop();
  });

  it("checks the logo by content and size, keeps it, and removes it on request", async () => {
    const fake = await multipart(
      brandingAction,
      path,
      { primaryColor: "#000000", secondaryColor: "#000000" },
      {
        field: "logo",
        bytes: new TextEncoder().encode("<svg/>"),
      },
    );
    expect(fake.status).toBe(415);
    expect(fake.data.imageError).toBe("validation.imageType");
    expect((await settingsOf(alpha.storeId)).primaryColor).toBe("#AA3300");

    const ok = await multipart(
      brandingAction,
      path,
      { primaryColor: "#AA3300", secondaryColor: "#112233" },
      {
        field: "logo",
        bytes: await png("#AA3300"),
      },
    );
    expect(ok.status).toBe(302);
    const logo = (await settingsOf(alpha.storeId)).logoImageId;
    expect(logo).not.toBeNull();
    // Saving colours alone keeps the logo.
    await multipart(brandingAction, path, { primaryColor: "#AA3300", secondaryColor: "#112233" });
    expect((await settingsOf(alpha.storeId)).logoImageId).toBe(logo);
    await multipart(brandingAction, path, {
      primaryColor: "#AA3300",
      secondaryColor: "#112233",
      removeLogo: "on",
    });
    expect((await settingsOf(alpha.storeId)).logoImageId).toBeNull();
  });

  it("refuses a logo over 25 megapixels however few bytes it has (413), with its message", async () => {
    // The probe's logo: a flat 6300 × 6300 PNG (39.7 Mpx) of ~130 kB, well under the 5 MB cap.
    const side = 6300;
    const huge = await sharp(Buffer.alloc(side * side, 255), {
      raw: { width: side, height: side, channels: 1 },
    })
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(1024 * 1024);
    const before = await settingsOf(alpha.storeId);
    const res = await multipart(
      brandingAction,
      path,
      { primaryColor: "#000000", secondaryColor: "#000000" },
      { field: "logo", bytes: new Uint8Array(huge) },
    );
    expect(res.status).toBe(413);
    expect(res.data.imageError).toBe("validation.imageTooManyPixels");
    expect(await settingsOf(alpha.storeId)).toEqual(before);
  });

  it("refuses a colour that is not #RRGGBB (400) and a shopper (403), changing nothing", async () => {
    for (const bad of ["#12345", "red", "#GGGGGG", ""]) {
      const res = await multipart(brandingAction, path, { primaryColor: bad, secondaryColor: "#112233" });
      expect(res.status, bad).toBe(400);
      expect(res.data.result?.error?.primaryColor, bad).toHaveLength(1);
    }
    const shopper = await post(
      brandingAction,
      path,
      { primaryColor: "#000000", secondaryColor: "#000000" },
      shopperCookie,
    );
    expect(shopper.status).toBe(403);
    expect((await settingsOf(alpha.storeId)).primaryColor).toBe("#AA3300");
  });
});

describe("/admin/storesetting/homepage", () => {
  const path = "/admin/storesetting/homepage";
  const hero = {
    heroTitleEn: "Bright colours",
    heroTitleAr: "ألوان زاهية",
    heroSubtitleEn: "Dyes for all",
    heroSubtitleAr: "",
  };

  it("saves the hero and the featured picks; the home page shows them first", async () => {
    const res = await post(homepageAction, path, {
      ...hero,
      featuredCategoryIds: alpha.categoryId,
      featuredProductIds: [alpha.productId],
    });
    expect(res.status).toBe(302);
    expect(await settingsOf(alpha.storeId)).toMatchObject({
      heroTitleAr: "ألوان زاهية",
      featuredCategoryIds: [alpha.categoryId],
      featuredProductIds: [alpha.productId],
    });
    const request = new Request(`${A}/`);
    const context = await createLoadContext({
      url: new URL(request.url),
      cookieHeader: null,
      tenant: await resolveTenant("alpha.localhost"),
      clientAddress: "203.0.113.9",
    });
    const home = (await indexLoader({ request, context, params: {} })) as {
      featured: { slug: string }[];
      categories: { id: string }[];
    };
    expect(home.featured.map((p) => p.slug)).toEqual(["alpha-product"]);
    expect(home.categories.map((c) => c.id)).toEqual([alpha.categoryId]);
    const form = await answer<{ values: { featuredProductIds: string[] } }>(() =>
      homepageLoader({
        request: new Request(`${A}${path}`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(form.data.values.featuredProductIds).toEqual([alpha.productId]);
  });

  it("refuses another store's product or category and a sub category (404), changing nothing", async () => {
    const choices: Record<string, string>[] = [
      { featuredProductIds: beta.productId },
      { featuredCategoryIds: beta.categoryId },
      { featuredCategoryIds: alpha.subcategoryId },
    ];
    for (const picks of choices) {
      const res = await post(homepageAction, path, { ...hero, heroTitleEn: "Hijacked", ...picks });
      expect(res.status).toBe(404);
      expect(res.data.notice?.key).toBe("admin.settings.choiceGone");
    }
    expect((await settingsOf(alpha.storeId)).heroTitleEn).toBe("Bright colours");
  });

  it("refuses ids that are not ids, too many picks and an overlong title (400)", async () => {
    expect((await post(homepageAction, path, { ...hero, featuredProductIds: "1 or 1=1" })).status).toBe(400);
    const many = Array.from({ length: 9 }, () => uuidv7());
    const tooMany = await post(homepageAction, path, { ...hero, featuredProductIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.result?.error?.featuredProductIds).toEqual(["validation.tooManyChosen"]);
    const long = await post(homepageAction, path, { ...hero, heroTitleEn: "x".repeat(121) });
    expect(long.data.result?.error?.heroTitleEn).toEqual(["validation.fieldTooLong"]);
    expect((await settingsOf(alpha.storeId)).heroTitleEn).toBe("Bright colours");
  });

  it("stores a hero image checked by content", async () => {
    const bad = await multipart(homepageAction, path, hero, {
      field: "heroImage",
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0, 1]),
    });
    expect(bad.status).toBe(415);
    const ok = await multipart(homepageAction, path, hero, {
      field: "heroImage",
      bytes: await png("#336699"),
    });
    expect(ok.status).toBe(302);
    const { heroImageId, featuredProductIds } = await settingsOf(alpha.storeId);
    expect(heroImageId).not.toBeNull();
    // Nothing ticked: the picks are cleared.
    expect(featuredProductIds).toEqual([]);
  });
});

describe("text pages and contact & footer", () => {
  it("saves the about page; /about shows it in English and falls back to it in Arabic", async () => {
    const res = await post(aboutAction, "/admin/storesetting/aboutus", {
      aboutEn: "We mix dyes.\n\n<script>alert(1)</script> is just text.",
      aboutAr: "",
    });
    expect(res.status).toBe(302);
    const about = async (lng: string) => {
      const request = new Request(`${A}/about?lng=${lng}`);
      return (await aboutLoader({
        request,
        context: await contextFor(db, "alpha.localhost", { request }),
        params: {},
      })) as {
        body: string;
      };
    };
    expect((await about("en")).body).toContain("We mix dyes.");
    expect((await about("ar")).body).toContain("We mix dyes.");
    const control = await post(aboutAction, "/admin/storesetting/aboutus", {
      aboutEn: "bad\u0007bell",
      aboutAr: "",
    });
    expect(control.status).toBe(400);
    expect(control.data.result?.error?.aboutEn).toEqual(["validation.textInvalid"]);
  });

  it("saves terms and privacy in both languages; /terms shows the Arabic one in Arabic", async () => {
    const res = await post(legalAction, "/admin/storesetting/terms&privacy", {
      termsEn: "Terms",
      termsAr: "الشروط",
      privacyEn: "Privacy",
      privacyAr: "الخصوصية",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/storesetting/terms&privacy");
    const request = new Request(`${A}/terms?lng=ar`);
    const terms = (await termsLoader({
      request,
      context: await contextFor(db, "alpha.localhost", { request }),
      params: {},
    })) as {
      body: string;
    };
    expect(terms.body).toBe("الشروط");
    expect(
      (await post(legalAction, "/admin/storesetting/terms&privacy", { termsEn: "x" }, shopperCookie)).status,
    ).toBe(403);
  });

  it("saves contact details, footer texts and https social links; refuses http links and bad phones", async () => {
    const path = "/admin/storesetting/contact&footer";
    const valid = {
      contactEmail: "hi@alpha.test",
      contactPhone: "+1 555 0100",
      contactAddressEn: "1 Dye Street",
      contactAddressAr: "١ شارع الصبغة",
      contactHours: "Daily 9-5",
      footerTextEn: "Alpha footer",
      footerTextAr: "تذييل",
      "social.instagram": "https://instagram.com/alpha",
      "social.x": "",
    };
    const res = await post(contactAction, path, valid);
    expect(res.status).toBe(302);
    expect(await settingsOf(alpha.storeId)).toMatchObject({
      contactEmail: "hi@alpha.test",
      contactHours: "Daily 9-5",
      socialLinks: [{ network: "instagram", url: "https://instagram.com/alpha" }],
    });
    const tenant = await resolveTenant("alpha.localhost");
    expect(tenant.kind === "store" && tenant.store.settings.footerTextEn).toBe("Alpha footer");
    for (const [change, field] of [
      [{ "social.facebook": "http://facebook.com/alpha" }, "social.facebook"],
      [{ "social.facebook": "javascript:alert(1)" }, "social.facebook"],
      [{ contactPhone: "call me" }, "contactPhone"],
      [{ contactEmail: "nope" }, "contactEmail"],
    ] as const) {
      const bad = await post(contactAction, path, { ...valid, footerTextEn: "Changed", ...change });
      expect(bad.status, field).toBe(400);
      expect(bad.data.result?.error?.[field], field).toHaveLength(1);
    }
    expect((await settingsOf(alpha.storeId)).footerTextEn).toBe("Alpha footer");
  });

  it("writes nothing to another store", async () => {
    expect(await settingsOf(beta.storeId)).toMatchObject({
      primaryColor: "#242F51",
      heroTitleEn: "",
      aboutEn: "",
      footerTextEn: "",
      featuredProductIds: [],
    });
  });
});

describe("who may open and save each page", () => {
  const PAGES: [string, Action, Action][] = [
    ["/admin/settings", generalLoader as Action, generalAction as Action],
    ["/admin/storesetting/logoAndColors", brandingLoader as Action, brandingAction as Action],
    ["/admin/storesetting/homepage", homepageLoader as Action, homepageAction as Action],
    ["/admin/storesetting/aboutus", aboutFormLoader as Action, aboutAction as Action],
    ["/admin/storesetting/contact&footer", contactLoader as Action, contactAction as Action],
    ["/admin/storesetting/terms&privacy", legalLoader as Action, legalAction as Action],
  ];

  it.each(PAGES)(
    "%s: the admin 200, a shopper 403, anonymous and another store's admin to sign in",
    async (path, load, save) => {
      const open = (cookie: string) =>
        answer(() =>
          load({
            request: new Request(`${A}${path}`, { headers: { Cookie: cookie } }),
            context: ctx,
            params: {},
          }),
        );
      expect((await open(adminCookie)).status).toBe(200);
      expect((await open(shopperCookie)).status).toBe(403);
      for (const cookie of ["", betaAdminCookie]) {
        const res = await open(cookie);
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toContain("/login");
      }
      const before = await settingsOf(alpha.storeId);
      expect((await post(save, path, { aboutEn: "x", primaryColor: "#000000" }, shopperCookie)).status).toBe(
        403,
      );
      expect(
        (await post(save, path, { aboutEn: "x", primaryColor: "#000000" }, betaAdminCookie)).status,
      ).toBe(302);
      expect(await settingsOf(alpha.storeId)).toEqual(before);
    },
  );
});
