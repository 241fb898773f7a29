import { describe, expect, it } from "vitest";
import { getI18n, localeDir, ogLocale } from "~/lib/i18n";
import { detectLocale, localeCookie, localeCookieFromQuery, resourcesFor } from "~/lib/i18n.server";
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
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    const empty = (dict: object) =>
      keys(dict).filter(
        (key) => !key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dict),
      );
    expect(empty(en)).toEqual([]);
    expect(empty(ar)).toEqual([]);
  });

  it("keeps the specification's texts verbatim in English and translates them in Arabic", () => {
    const t = getI18n("en", resourcesFor("en")).t;
    const tAr = getI18n("ar", resourcesFor("ar")).t;
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
