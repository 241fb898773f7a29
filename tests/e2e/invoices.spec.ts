/**
 * Tax invoices in a browser, English and Arabic (issue 35, decision 043): on a store of its own
 * registered for VAT in Saudi Arabia, a shopper's Cash On Delivery order is shipped and delivered
 * by the owner; the invoice then opens from the shopper's order page and from the admin order
 * page, numbered 1, headed "Simplified Tax Invoice", with the store's VAT number and the ZATCA QR.
 * Screenshots of the invoice at A4-ish desktop width and 390 px. Its "Download PDF" saves the PDF
 * (decision 049).
 */
import {
  newShopper,
  onStore,
  ownProduct,
  placeCodOrder,
  registerForVat,
  takeOrderThrough,
} from "./support/shop";
import {
  expect,
  expectFitsWidth,
  expectNoAxeViolations,
  ownStore,
  shot,
  t,
  test,
  type Locale,
} from "./support/fixtures";
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";

/** The invoice page as it opens from a link with target=_blank; checked and photographed. */
async function checkInvoice(page: Page, locale: Locale, name: string): Promise<void> {
  await expect(
    page.getByRole("heading", { level: 1, name: t(locale, "invoice.headingSimplified") }),
  ).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText("1");
  await expect(page.getByTestId("invoice-vat-number")).toHaveText("310122393500003");
  await expect(page.getByTestId("invoice-seller-name")).toHaveText(
    locale === "ar" ? "شركة الأصباغ للتجارة" : "Own Dyes Trading Co.",
  );
  await expect(page.getByTestId("invoice-qr")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expectNoAxeViolations(page, `invoice (${name})`);
  await checkPdf(page, locale);
  // A4 is 210 mm wide: about 794 CSS px at 96 dpi.
  for (const width of [794, 390]) {
    await page.setViewportSize({ width, height: 1123 });
    // Nothing wider than the page at either width.
    await expectFitsWidth(page, width, `invoice (${name})`);
    await shot(page, `invoice-${name}-${locale}-${width}`);
  }
}

/**
 * The page's "Download PDF" (decision 049): the browser saves invoice-1.pdf, and the file is a
 * PDF served as an attachment that nothing caches.
 */
async function checkPdf(page: Page, locale: Locale): Promise<void> {
  const link = page.getByRole("link", { name: t(locale, "invoicePdf.download") });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("invoice-1.pdf");
  const saved = await readFile((await download.path())!);
  expect(saved.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Its headers, fetched from the page (the browser resolves the store's host; Node would not).
  const href = (await link.getAttribute("href"))!;
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
    return {
      status: response.status,
      type: response.headers.get("Content-Type"),
      disposition: response.headers.get("Content-Disposition"),
      cache: response.headers.get("Cache-Control"),
      head: String.fromCharCode(...head),
    };
  }, href);
  expect(answer).toEqual({
    status: 200,
    type: "application/pdf",
    disposition: 'attachment; filename="invoice-1.pdf"',
    cache: "private, no-store",
    head: "%PDF-",
  });
}

for (const locale of ["en", "ar"] as Locale[]) {
  test(`a delivered order's tax invoice opens for the shopper and the admin (${locale})`, async ({
    page,
    browser,
  }) => {
    // A store set up, an order placed and taken to delivered, two invoice pages checked.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { store } = await ownStore(page, `invoice-${locale}`, locale);
    await registerForVat(page, store, locale, { en: "Own Dyes Trading Co.", ar: "شركة الأصباغ للتجارة" });

    const slug = await ownProduct(page, store, {
      nameEn: `Invoice Woad ${locale}`,
      nameAr: "صبغة الوسمة",
      price: "115.00",
      stock: 5,
    });
    const { page: shopper, context } = await newShopper(browser, locale, store, "Huda");
    const number = await placeCodOrder(shopper, locale, slug, 1, store);

    // The owner ships and delivers it: the invoice is issued on delivery.
    await page.goto(onStore(store, `/admin/orders/${number}`, locale));
    await takeOrderThrough(page, locale, number, ["ship", "deliver"]);

    // The shopper's order page links to it (a new tab) and to its PDF.
    await shopper.goto(onStore(store, `/orders/${number}`, locale));
    await expect(shopper.getByRole("link", { name: t(locale, "invoicePdf.download") })).toHaveAttribute(
      "href",
      `/orders/${number}/invoice.pdf`,
    );
    const [shopperInvoice] = await Promise.all([
      shopper.context().waitForEvent("page"),
      shopper.getByRole("link", { name: t(locale, "invoice.download") }).click(),
    ]);
    await shopperInvoice.waitForLoadState();
    await checkInvoice(shopperInvoice, locale, "shopper");
    await context.close();

    // And the admin's order page.
    await page.reload();
    const [adminInvoice] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: t(locale, "invoice.download") }).click(),
    ]);
    await adminInvoice.waitForLoadState();
    await checkInvoice(adminInvoice, locale, "admin");
  });
}
