/**
 * Shopping steps the storefront specs share (checkout, discount codes, COD controls, admin
 * orders): demo products in stock, unique sign-up emails, a new shopper signed up, a product
 * added to the cart, the shipping address typed in.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { slugify } from "../../../app/db/seed/plan/catalog";
import { DEMO_STORES, DYES_STORE } from "../../../app/db/seed/stores";
import { hostUrl, type Locale } from "../demo";
import {
  dismissToasts,
  expect,
  expectToast,
  newClientAddress,
  ownStore,
  submitForm,
  submitServedForm,
  t,
  waitForHydration,
} from "./fixtures";
import { get } from "./http";

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Every demo product's slug, in catalogue order. */
export const DYES_SLUGS = DYES_STORE.catalog.flatMap((top) =>
  top.subcategories.flatMap((sub) => sub.products.map((product) => slugify(product.nameEn))),
);

/** A path on `store` (a demo store's slug, or a test's own store's) in `locale`. */
export const onStore = (store: string, path: string, locale: Locale) =>
  hostUrl(store, `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`);

/** A path on the dyes store in `locale`. */
export const dyes = (path: string, locale: Locale) => onStore("dyes", path, locale);

/**
 * The stock a product page offers (its quantity field's `max`, as the server renders it), or
 * null when the page is not there or offers no quantity (sold out). Read over plain HTTP (the
 * stock is the same for every visitor): rendering and hydrating each candidate in the browser
 * cost a second or more a product, and a search opens up to a dozen of them.
 */
async function offeredStock(slug: string): Promise<number | null> {
  const response = await get("dyes.localhost", `/products/${slug}?lng=en`, {
    "X-Forwarded-For": newClientAddress(),
  });
  if (response.status !== 200) return null;
  const input = /<input\b[^>]*\bname="quantity"[^>]*>/.exec(response.body)?.[0];
  const max = input ? /\bmax="(\d+)"/.exec(input)?.[1] : undefined;
  return max === undefined ? null : Number(max);
}

/**
 * The `index`-th demo product (0 = the first) of `slugs` offering at least `min` units, looked
 * up a few at a time, in order.
 */
export async function firstInStock(slugs: string[], min: number, index = 0): Promise<string> {
  let seen = 0;
  for (let start = 0; start < slugs.length; start += 6) {
    const batch = slugs.slice(start, start + 6);
    const stocks = await Promise.all(batch.map((slug) => offeredStock(slug)));
    for (const [i, stock] of stocks.entries()) {
      if (stock !== null && stock >= min && seen++ === index) return batch[i]!;
    }
  }
  throw new Error("not enough demo products in stock");
}

/**
 * A demo product with plenty in stock, the `index`-th found from the end of the catalogue (the
 * product and cart tests start from the front), so parallel tests never buy the same one.
 */
export function productInStock(index: number): Promise<string> {
  return firstInStock([...DYES_SLUGS].reverse(), 10, index);
}

/**
 * A new shopper signs up on `store` (the dyes store unless said) and is signed in: the sign-up form's request from the
 * page's browser context (`submitForm`), for the specs that need a fresh shopper; auth.spec.ts
 * signs up through the form itself, in both languages. The account's language is `locale`, as
 * when the form is sent from a page in it.
 */
export async function signUp(
  page: Page,
  locale: Locale,
  { name, email, password }: { name: string; email: string; password: string },
  store = "dyes",
): Promise<void> {
  await submitForm(page, onStore(store, "/signup", locale), { name, email, password, redirectTo: "" });
}

/**
 * A new shopper of `store`, in a browser context of their own (its own client address: the
 * fixtures give every context one), signed up and signed in. Close `context` when done.
 */
export async function newShopper(
  browser: Browser,
  locale: Locale,
  store: string,
  name: string,
): Promise<{ page: Page; context: BrowserContext; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(`shopper-${locale}`);
  await signUp(page, locale, { name, email, password: "shopper-pass-1" }, store);
  return { page, context, email };
}

/** `quantity` of a product into the cart from its page (omitted: the field's default, 1). */
export async function addToCart(
  page: Page,
  locale: Locale,
  slug: string,
  quantity?: number,
  store = "dyes",
): Promise<void> {
  await page.goto(onStore(store, `/products/${slug}`, locale));
  if (quantity !== undefined)
    await page.getByLabel(t(locale, "productPage.quantity"), { exact: true }).fill(String(quantity));
  await page.getByRole("button", { name: t(locale, "productPage.addToCart") }).click();
  // The cart holds the line only once the answer is back: opening /cart before it showed it empty.
  await expectToast(page, t(locale, "toast.cartAdded"));
}

/** The checkout's shipping fields, filled in (Beirut, in the page's language). */
export async function fillShipping(page: Page, locale: Locale): Promise<void> {
  await page.getByLabel(t(locale, "checkout.streetAddress")).fill("12 Cedar Street");
  await page.getByLabel(t(locale, "checkout.zipCode")).fill("11011");
  await page.getByLabel(t(locale, "checkout.city")).fill(locale === "ar" ? "بيروت" : "Beirut");
  await page.getByLabel(t(locale, "checkout.mobile")).fill("+966 50 123 4567");
}

/** The HTML of the first `<form>…</form>` of `html` that contains `marker`. */
function formWith(html: string, marker: string): string {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].find((match) => match[0].includes(marker));
  if (!form) throw new Error(`no form with ${marker} on the page`);
  return form[0];
}

/**
 * What a form sends as served, untouched: its named inputs with their values, a radio or a box
 * only when rendered checked, the first value of a name only (React's output: attributes in
 * double quotes, `&amp;` and `&quot;` escaped).
 */
function servedFields(form: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    const name = attribute("name");
    const type = attribute("type") ?? "text";
    if (!name || name in fields) continue;
    if ((type === "radio" || type === "checkbox") && !/\schecked=""/.test(tag)) continue;
    fields[name] = attribute("value") ?? "";
  }
  return fields;
}

/**
 * The page's signed-in shopper orders `quantity` of `slug` (its size as the page first offers
 * it) with Cash On Delivery, the checkout's default, through the requests the product page's
 * "Add to cart" and the checkout's "Place order" send, with the fields those pages serve and
 * the shipping address `fillShipping` types. For tests that need an order, not the checkout:
 * checkout.spec, cod-controls, card and discounts place theirs in the browser. Returns the order
 * number. The page stays where it was.
 */
export async function placeCodOrder(
  page: Page,
  locale: Locale,
  slug: string,
  quantity = 1,
  store = "dyes",
): Promise<number> {
  await submitServedForm(page, onStore(store, `/products/${slug}`, locale), (html) => {
    const fields = servedFields(formWith(html, 'name="productId"'));
    return { action: "/cart", fields: { ...fields, quantity: String(quantity) } };
  });
  const placed = await submitServedForm(page, onStore(store, "/checkout", locale), (html) => {
    const fields = servedFields(formWith(html, 'name="checkoutToken"'));
    // As the page offers it to a person: Cash On Delivery chosen.
    expect(fields.paymentMethod, "the checkout's payment choice as served").toBe("cod");
    return {
      action: `/checkout?lng=${locale}`,
      fields: {
        ...fields,
        streetAddress: "12 Cedar Street",
        zipCode: "11011",
        city: locale === "ar" ? "بيروت" : "Beirut",
        mobile: "+966 50 123 4567",
        intent: "place",
      },
    };
  });
  const number = /^\/orders\/(\d+)\/confirmed/.exec(placed)?.[1];
  expect(number, `placing the order answered ${placed}`).toBeDefined();
  await confirmOnDemoStore(page, locale, Number(number), store);
  return Number(number);
}

/** The demo stores that ask shoppers to confirm their Cash On Delivery orders (issue 34). */
const ASKING_TO_CONFIRM = new Set(DEMO_STORES.filter((def) => def.codConfirm).map((def) => def.slug));

/**
 * On a demo store that asks for it, the shopper confirms the order they just placed with the
 * button of its page, as they would: the specs that need an order need a Confirmed one, as every
 * COD order was before. A test's own store (`ownStore`) asks only when its test turns it on, and
 * such a test confirms for itself.
 */
async function confirmOnDemoStore(page: Page, locale: Locale, number: number, store: string): Promise<void> {
  if (!ASKING_TO_CONFIRM.has(store)) return;
  const target = await submitServedForm(page, onStore(store, `/orders/${number}`, locale), (html) => {
    expect(html, "the order page offers to confirm the order").toContain('name="intent" value="confirm"');
    return { action: `/orders/${number}?lng=${locale}`, fields: { intent: "confirm" } };
  });
  expect(target).toBe(`/orders/${number}`);
}

/**
 * Places a Cash On Delivery order of what is in the cart, through the checkout form's own request
 * from the page (its one-time token read off the checkout page); returns the order's number.
 */
export async function checkoutCod(page: Page, locale: Locale): Promise<number> {
  const url = await page.evaluate(
    async (city) => {
      const html = await (await fetch("/checkout")).text();
      const form = new DOMParser()
        .parseFromString(html, "text/html")
        .querySelector<HTMLFormElement>('form[action="/checkout"]');
      if (!form) throw new Error("no checkout form");
      const fields = new URLSearchParams();
      for (const input of form.querySelectorAll<HTMLInputElement>(
        "input[type=hidden], input[name=fullName], input[name=email]",
      ))
        fields.set(input.name, input.value);
      fields.set("streetAddress", "12 Cedar Street");
      fields.set("zipCode", "11011");
      fields.set("city", city);
      fields.set("mobile", "+966 50 123 4567");
      fields.set("paymentMethod", "cod");
      fields.set("intent", "place");
      const answer = await fetch("/checkout", { method: "POST", body: fields });
      return answer.url;
    },
    locale === "ar" ? "بيروت" : "Beirut",
  );
  const number = /\/orders\/(\d+)\/confirmed/.exec(url)?.[1];
  expect(number, `checkout ended at ${url}`).toBeDefined();
  await confirmOnDemoStore(page, locale, Number(number), new URL(page.url()).hostname.split(".")[0]!);
  return Number(number);
}

/**
 * A top-level category of a test's own store (`ownStore`), made by its signed-in owner through the
 * admin's new-category form's request (`submitForm`). Returns its slug. The page stays where it was.
 */
export async function ownCategory(
  page: Page,
  store: string,
  { nameEn, nameAr }: { nameEn: string; nameAr: string },
): Promise<string> {
  const slug = slugify(nameEn);
  await submitForm(page, onStore(store, "/admin/categories/new", "en"), {
    nameEn,
    nameAr,
    slug,
    sortOrder: "0",
  });
  return slug;
}

/**
 * A product of a test's own store (`ownStore`), made by its signed-in owner through the admin's
 * new-product form's request (`submitForm`): active, `stock` units at `price` (major units, as
 * typed: "12.50"), in the category named `category` (English) if given (`ownCategory`). Returns
 * its slug. The page stays where it was.
 */
export async function ownProduct(
  page: Page,
  store: string,
  {
    nameEn,
    nameAr,
    price,
    stock,
    category,
  }: { nameEn: string; nameAr: string; price: string; stock: number; category?: string },
): Promise<string> {
  const slug = slugify(nameEn);
  const url = onStore(store, "/admin/products/new", "en");
  const fields = { nameEn, nameAr, slug, price, stock: String(stock), active: "on" };
  if (!category) {
    await submitForm(page, url, fields);
    return slug;
  }
  // The category's id is the value of its option in the form's category list.
  await submitServedForm(page, url, (html) => {
    const option = new RegExp(`<option value="([^"]+)"[^>]*>${category}</option>`).exec(html);
    expect(option, `the new-product form offers the category ${category}`).not.toBeNull();
    const { pathname, search } = new URL(url);
    return { action: pathname + search, fields: { ...fields, categoryId: option![1]! } };
  });
  return slug;
}

/**
 * What a refund or a return starts from: a store of the test's own (`ownStore`, the page signed in
 * as its owner) with one product at 10.00, and a new shopper's Cash On Delivery order of two
 * units of it, shipped, delivered and its cash received. `prepare` runs on the owner's page
 * before the order is placed (registering for VAT, say). The owner's page is left on the admin
 * order page. Close `context` when done.
 */
export async function deliveredOwnOrder(
  page: Page,
  browser: Browser,
  locale: Locale,
  {
    tag,
    product,
    shopperName,
    prepare,
  }: {
    tag: string;
    product: { nameEn: string; nameAr: string };
    shopperName: string;
    prepare?: (store: string) => Promise<void>;
  },
): Promise<{ store: string; slug: string; number: number; shopper: Page; context: BrowserContext }> {
  const { store } = await ownStore(page, tag, locale);
  await prepare?.(store);
  const slug = await ownProduct(page, store, { ...product, price: "10.00", stock: 5 });
  const { page: shopper, context } = await newShopper(browser, locale, store, shopperName);
  const number = await placeCodOrder(shopper, locale, slug, 2, store);
  await page.goto(onStore(store, `/admin/orders/${number}`, locale));
  await takeOrderThrough(page, locale, number, ["ship", "deliver", "markPaid"]);
  return { store, slug, number, shopper, context };
}

/**
 * The owner, on the admin order page `page` is at, takes the order through `steps` as a person
 * does: each button, its confirmation dialog, and the toast that says it was done.
 */
export async function takeOrderThrough(
  page: Page,
  locale: Locale,
  number: number,
  steps: readonly ("ship" | "deliver" | "markPaid")[],
): Promise<void> {
  for (const step of steps) {
    await waitForHydration(page);
    await dismissToasts(page, locale);
    await page.getByRole("button", { name: t(locale, `admin.orders.steps.${step}`) }).click();
    const dialog = page.getByRole("dialog", {
      name: t(locale, `admin.orders.confirmTitles.${step}`, { number }),
    });
    await dialog.getByRole("button", { name: t(locale, `admin.orders.steps.${step}`) }).click();
    // The step's email goes out before the answer: on a busy machine that can take a while.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expectToast(page, t(locale, `admin.orders.done.${step}`, { number }));
  }
}

/** The owner registers their own store for VAT in Saudi Arabia on the VAT settings page. */
export async function registerForVat(
  page: Page,
  store: string,
  locale: Locale,
  legalName: { en: string; ar: string },
): Promise<void> {
  await page.goto(onStore(store, "/admin/storesetting/tax", locale));
  await page.getByLabel(t(locale, "tax.registered")).check();
  await page.getByLabel(t(locale, "tax.vatNumber")).fill("310122393500003");
  await page.getByLabel(t(locale, "tax.legalNameEn")).fill(legalName.en);
  await page.getByLabel(t(locale, "tax.legalNameAr")).fill(legalName.ar);
  await page.getByRole("button", { name: t(locale, "tax.save") }).click();
  await expectToast(page, t(locale, "toast.updateSuccess"));
}
