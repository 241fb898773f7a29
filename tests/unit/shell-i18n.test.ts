import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { getI18n, localeDir, ogLocale } from "~/lib/i18n";
import {
  detectLocale,
  getServerT,
  localeCookie,
  localeCookieFromQuery,
  resourcesFor,
} from "~/lib/i18n.server";
import { createTranslator } from "~/lib/translate";
import ar from "~/locales/ar.json";
import en from "~/locales/en.json";

async function request(url: string, lng?: string) {
  const headers = new Headers();
  if (lng) headers.set("Cookie", await localeCookie.serialize(lng));
  return new Request(url, { headers });
}

describe("locale detection", () => {
  it("takes ?lng= first, over the cookie and the store default", async () => {
    expect(await detectLocale(await request("http://dyes.localhost/?lng=ar", "en"), "en")).toBe("ar");
    expect(await detectLocale(await request("http://dyes.localhost/?lng=en", "ar"), "ar")).toBe("en");
  });

  it("then the lng cookie", async () => {
    expect(await detectLocale(await request("http://dyes.localhost/", "ar"), "en")).toBe("ar");
    expect(await detectLocale(await request("http://dyes.localhost/", "en"), "ar")).toBe("en");
  });

  it("then the store's default locale, then English", async () => {
    expect(await detectLocale(await request("http://dyes.localhost/"), "ar")).toBe("ar");
    expect(await detectLocale(await request("http://dyes.localhost/"), "en")).toBe("en");
    expect(await detectLocale(await request("http://localhost/"))).toBe("en");
  });

  it("ignores unsupported languages and the browser's Accept-Language", async () => {
    expect(await detectLocale(await request("http://dyes.localhost/?lng=fr", "fr"), "ar")).toBe("ar");
    const withHeader = new Request("http://dyes.localhost/", { headers: { "Accept-Language": "ar" } });
    expect(await detectLocale(withHeader, "en")).toBe("en");
  });

  it("remembers ?lng= in a cookie, and only a supported one", async () => {
    const setCookie = await localeCookieFromQuery(new Request("http://dyes.localhost/products?lng=ar"));
    expect(setCookie).toMatch(/^lng=/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(await localeCookie.parse(setCookie!.split(";")[0]!)).toBe("ar");
    expect(await localeCookieFromQuery(new Request("http://dyes.localhost/?lng=xx"))).toBeNull();
    expect(await localeCookieFromQuery(new Request("http://dyes.localhost/"))).toBeNull();
  });
});

describe("locale resources", () => {
  const keys = (value: object, prefix = ""): string[] =>
    Object.entries(value).flatMap(([key, child]) =>
      typeof child === "object" && child !== null
        ? keys(child as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );

  it("has the same keys in English and Arabic, none empty", () => {
    // Arabic has six plural forms (zero, one, two, few, many, other) where English has two: a
    // plural is compared by its stem, and each language must have its own "other".
    const stems = (dict: object) => [
      ...new Set(keys(dict).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "_#"))),
    ];
    expect(stems(ar).sort()).toEqual(stems(en).sort());
    for (const dict of [en, ar]) {
      const plurals = keys(dict).filter((key) => key.endsWith("_one"));
      const others = new Set(keys(dict).filter((key) => key.endsWith("_other")));
      expect(plurals.filter((key) => !others.has(key.replace(/_one$/, "_other")))).toEqual([]);
    }
    // Money patterns are not texts: an empty prefix or suffix is how a currency is written.
    const empty = (dict: object) =>
      keys(dict).filter(
        (key) =>
          !key.startsWith("moneyPatterns.") &&
          !key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dict),
      );
    expect(empty(en)).toEqual([]);
    expect(empty(ar)).toEqual([]);
  });

  it("keeps the specification's texts verbatim in English and translates them in Arabic", () => {
    const t = getI18n("en").t;
    const tAr = getI18n("ar").t;
    const spec: Record<string, string> = {
      "toast.registrationSuccess": "Registration successfully",
      "toast.loginSuccess": "Login successfully",
      "toast.updateSuccess": "update successfully",
      "toast.checkMail": "Please Check Your Mail",
      "toast.cartEmpty": "Your Shopping cart is empty",
      "toast.cartUpdated": "Shopping cart updated",
      "toast.productRemoved": "Removed Product",
      "toast.cartAdded": "Product Added in Shopping Cart",
      "toast.loginFirst": "Login First",
      "toast.wishlistAdded": "Product added in wishlist",
      "toast.wishlistRemoved": "Product removed from wishlist",
      "toast.logoutSuccess": "Logout Successfully",
      "toast.reviewSubmitted": "your review submited",
      "toast.requestSubmitted": "your request submited successfully",
      "toast.shippingSaved": "Shipping Information saved successfully",
      "toast.orderPlaced": "Order placed successfully",
      "toast.orderNotCompleted": "your order is not completed",
      "toast.stripeIdNotFound": "stripeId not found!",
      "validation.storeName": "Please enter valid Store Name",
      "validation.nameRequired": "Name is required.",
      "validation.emailRequired": "Email is required.",
      "validation.passwordRequired": "Password is required.",
      "validation.emailInvalid": "Please enter a valid email address",
      "validation.passwordMin": "must be at least 6 characters long",
      "notFound.order": "Order Not Found",
      "notFound.product": "Product Not Found",
      "notFound.category": "Categorie Not Found",
      "notFound.subCategory": "Sub Category Not Found",
      "notFound.aboutUs": "About Us Coming Soon......",
      "notFound.store": "Store not found",
      "notFound.page": "Page not found",
      "subscription.expired": "Your store subscription is expired, Please renew it to enjoy our services.",
    };
    for (const [key, text] of Object.entries(spec)) {
      expect(t(key), key).toBe(text);
      expect(tAr(key), key).not.toBe(text);
      expect(tAr(key), key).toMatch(/[\u0600-\u06FF]/);
    }
    expect(t("error.previousSignInMethod", { method: "email-link" })).toBe(
      "You previously logged in with the following method: email-link",
    );
  });

  it("knows direction and Open Graph locale", () => {
    expect(localeDir("ar")).toBe("rtl");
    expect(localeDir("en")).toBe("ltr");
    expect(ogLocale("en")).toBe("en_IE");
    expect(ogLocale("ar")).toBe("ar_AR");
  });
});

describe("the render-time translator matches i18next", () => {
  const params = {
    store: "Dye & Shade Co.",
    year: 2026,
    hex: "#CC0000",
    family: "Red",
    method: "password",
    count: 3,
  };

  const keys = (value: object, prefix = ""): string[] =>
    Object.entries(value).flatMap(([key, child]) =>
      typeof child === "object" && child !== null
        ? keys(child as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );

  it("for every key of both locale files", async () => {
    for (const locale of ["en", "ar"] as const) {
      const reference = await getServerT(locale);
      const t = getI18n(locale).t;
      for (const key of keys(resourcesFor(locale))) {
        expect(t(key, params), `${locale}:${key}`).toBe(reference(key, params));
        expect(t(key), `${locale}:${key} without params`).toBe(reference(key));
      }
    }
  });

  it("for plurals, fallbacks, defaults and missing keys", async () => {
    const dictionary = {
      items_zero: "no items",
      items_one: "{{count}} item",
      items_two: "two items",
      items_few: "{{count}} items (few)",
      items_many: "{{count}} items (many)",
      items_other: "{{count}} items",
      nested: { greeting: "Hello {{ name }}, {{- raw}}!" },
    };
    for (const locale of ["en", "ar"] as const) {
      const reference = createInstance();
      await reference.init({
        lng: locale,
        resources: { [locale]: { translation: dictionary } },
        interpolation: { escapeValue: false },
      });
      const t = createTranslator(locale, dictionary);
      for (const count of [0, 1, 2, 3, 11, 100, 1.5]) {
        expect(t("items", { count }), `${locale} count=${count}`).toBe(reference.t("items", { count }));
      }
      expect(t("nested.greeting", { name: "Sam", raw: "<b>" })).toBe(
        reference.t("nested.greeting", { name: "Sam", raw: "<b>" }),
      );
      expect(t("missing.key")).toBe(reference.t("missing.key"));
      expect(t(["missing.key", "nested.greeting"], { name: "A" })).toBe(
        reference.t(["missing.key", "nested.greeting"], { name: "A" }),
      );
      expect(t("missing.key", { defaultValue: "Fallback {{n}}", n: 1 })).toBe(
        reference.t("missing.key", { defaultValue: "Fallback {{n}}", n: 1 }),
      );
      expect(t("nested")).toBe("nested");
    }
  });

  it("serves react-i18next: keyPrefix, a fixed language and no runtime switching", () => {
    const i18n = getI18n("ar");
    expect(i18n.language).toBe("ar");
    expect(i18n.dir()).toBe("rtl");
    expect(i18n.getFixedT(null, "translation", "notFound")("store")).toBe("المتجر غير موجود");
    expect(i18n.exists("notFound.store")).toBe(true);
    expect(i18n.exists("notFound.nothing")).toBe(false);
  });
});

describe("plural forms a dictionary did not write", () => {
  it("fall back to _other instead of showing the key (Arabic has six forms)", () => {
    const t = createTranslator("ar", { items: { count_one: "منتج واحد", count_other: "{{count}} منتجات" } });
    expect(t("items.count", { count: 1 })).toBe("منتج واحد");
    expect(t("items.count", { count: 3 })).toBe("3 منتجات"); // "few" in Arabic
    expect(t("items.count", { count: 11 })).toBe("11 منتجات"); // "many"
    expect(t("items.count", { count: 2 })).toBe("2 منتجات"); // "two"
  });
});
