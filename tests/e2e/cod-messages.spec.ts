/**
 * Cash On Delivery confirmation by SMS and WhatsApp in a browser (issue 34 item 3, decision 040):
 * the app runs with the Twilio test server (playwright.config.ts starts `npm run twilio:dev`'s
 * script and gives the app its TWILIO_* environment). A shopper places a COD order in Arabic on a
 * store that asks for confirmation; the test server receives an SMS and a WhatsApp message in
 * Arabic with the link; the link, opened signed out, confirms the order.
 *
 * The test's own store (`ownStore`), so the demo stores stay as seeded.
 */
import type { Page } from "@playwright/test";
import { onStore, ownProduct, placeCodOrder, newShopper } from "./support/shop";
import { expect, expectToast, ownStore, t, test, type Locale } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

interface Received {
  channel: "sms" | "whatsapp";
  to: string;
  body: string;
}

const twilioMessages = async (): Promise<Received[]> => {
  const answer = await fetch(`http://127.0.0.1:${process.env.E2E_TWILIO_PORT}/test/messages`);
  return (await answer.json()) as Received[];
};

async function setConfirm(page: Page, store: string, locale: Locale) {
  await page.goto(onStore(store, "/admin/storesetting/paymentOptions", locale));
  await page.getByLabel(t(locale, "codConfirmation.settings.label")).check();
  await page
    .getByRole("button", { name: t(locale, "paymentOptions.save") })
    .first()
    .click();
  await expectToast(page, t(locale, "paymentOptions.codSaved"));
}

test("a COD shopper gets the link by SMS and WhatsApp in Arabic and confirms with it", async ({
  page,
  browser,
}) => {
  const locale: Locale = "ar";
  const { store } = await ownStore(page, "codsms-ar", locale);
  const slug = await ownProduct(page, store, {
    nameEn: `Text Indigo ${Date.now().toString(36)}`,
    nameAr: "نيلة",
    price: "8.00",
    stock: 10,
  });
  await setConfirm(page, store, locale);

  const { page: shopper, context } = await newShopper(browser, locale, store, "سلمى ناصر");
  const number = await placeCodOrder(shopper, locale, slug, 1, store);
  await context.close();

  // Both messages of this order (the link names the store's own host), delivered after the commit.
  const origin = new URL(onStore(store, "/", locale)).origin;
  const ours = async () =>
    (await twilioMessages()).filter(
      (m) => m.body.includes(`${origin}/confirm-order/`) && m.body.includes(`رقم ${number} `),
    );
  await expect.poll(async () => (await ours()).map((m) => m.channel).sort()).toEqual(["sms", "whatsapp"]);
  const [sms, whatsapp] = (await ours()).sort((a, b) => a.channel.localeCompare(b.channel));
  expect(sms!.to).toBe("+966501234567");
  expect(whatsapp!.to).toBe("whatsapp:+966501234567");
  expect(sms!.body).toContain("يُرجى تأكيد طلبك");
  const link = /https?:\/\/\S+\/confirm-order\/[A-Za-z0-9._-]+/.exec(sms!.body)![0];

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${link}?lng=${locale}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
    t(locale, "codConfirmation.page.title", { number }),
  );
  await visitor.getByRole("button", { name: t(locale, "codConfirmation.page.confirm") }).click();
  await expectToast(visitor, t(locale, "codConfirmation.page.confirmedToast"));
  await visitorContext.close();

  await page.goto(onStore(store, `/admin/orders/${number}`, locale));
  await expect(page.getByRole("button", { name: t(locale, "admin.orders.steps.ship") })).toBeVisible();
});
