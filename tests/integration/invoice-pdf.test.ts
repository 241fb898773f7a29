/**
 * The tax invoice as a PDF (issue 35 item 4, decision 049), read back with pdfjs: in English and
 * Arabic it says the seller, the VAT number, the number and the total; the Arabic product name
 * and seller name come out in logical (reading) order, drawn right to left and shaped. The
 * shopper's and the admin's download answer a PDF attachment; another shopper's order, another
 * store's, an order without an invoice: the printable page's 404.
 */
import { and, eq } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, stores, storeSettings, users } from "~/db/schema";
import { placeOrder } from "~/services/orders/checkout.server";
import { markOrderPaid } from "~/services/orders/orders.server";
import { findInvoice } from "~/services/tax/invoices.server";
import { loader as shopperPdfLoader } from "~/routes/orders.$number.invoice[.pdf]";
import { loader as adminPdfLoader } from "~/routes/admin_.orders.$number.invoice[.pdf]";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";
import { readPdf } from "../helpers/pdf-text";
import { ADDRESS, addProduct, fillCart, newToken } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let orderNumber: number;
let shopperCookie: string;
let adminCookie: string;

const SELLER_AR = "شركة ألفا للتجارة";
/** "Silver chain": its سين is initial in the first word and medial after the lam, two glyphs when shaped. */
const PRODUCT_AR = "سلسلة فضية";

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
  await db.owner
    .update(storeSettings)
    .set({
      vatRegistered: true,
      vatNumber: "310122393500003",
      vatLegalNameEn: "Alpha Trading Co.",
      vatLegalNameAr: SELLER_AR,
      contactAddressEn: "1 King Fahd Road, Riyadh",
      contactAddressAr: "١ طريق الملك فهد، الرياض",
      country: "SA",
    })
    .where(eq(storeSettings.storeId, alpha.storeId));
  const chain = await addProduct(db, alpha.storeId, { slug: "pdf-chain", priceCents: 11500, stock: 100 });
  await db.owner
    .update(products)
    .set({ nameEn: "Silver chain", nameAr: PRODUCT_AR })
    .where(and(eq(products.storeId, alpha.storeId), eq(products.id, chain)));
  // A card order, invoiced when paid.
  await db.owner
    .update(stores)
    .set({ stripeAccountId: "acct_test_alpha", stripeChargesEnabled: true })
    .where(eq(stores.id, alpha.storeId));
  process.env.STRIPE_SECRET_KEY = "sk_test_invoice_pdf";
  await fillCart(db, alpha.storeId, alpha.userId, [{ productId: chain, quantity: 2 }]);
  const placed = await placeOrder(
    { store: { id: alpha.storeId, currency: "SAR" }, userId: alpha.userId, locale: "en" },
    {
      shipping: { ...ADDRESS, country: "SA" },
      paymentMethod: "card",
      checkoutToken: newToken(),
      expectedTotalCents: 23000,
    },
  );
  if (placed.kind !== "placed") throw new Error(`not placed: ${placed.kind}`);
  orderNumber = placed.number;
  const [row] = await db.owner
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, alpha.storeId), eq(orders.number, orderNumber)));
  expect((await markOrderPaid(alpha.storeId, row!.id)).kind).toBe("paid");
  expect(await findInvoice(alpha.storeId, orderNumber)).not.toBeNull();

  shopperCookie = await userCookie(alpha.storeId, alpha.userId, "http://alpha.localhost:3000");
  const adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "owner@alpha-pdf.test",
    name: "Owner",
    isAdmin: true,
  });
  adminCookie = await userCookie(alpha.storeId, adminId, "http://alpha.localhost:3000");
}, 60_000);
afterAll(async () => {
  await db?.dispose();
});

type PdfLoader = typeof shopperPdfLoader | typeof adminPdfLoader;

async function download(
  loader: PdfLoader,
  store: StoreFixture,
  number: number | string,
  cookie: string,
  lng = "en",
) {
  const request = new Request(`http://${store.slug}.localhost:3000/x/${number}/invoice.pdf?lng=${lng}`, {
    headers: { Cookie: cookie },
  });
  const context = await contextFor(db, `${store.slug}.localhost`, { request });
  const answer = await loader({ request, context, params: { number: String(number) } });
  if (!(answer instanceof Response)) throw new Error("a PDF route answers a Response");
  return answer;
}

/** Kept for a person to look at (pdftoppm renders them in the visual check). */
function keep(name: string, bytes: Uint8Array) {
  const dir = process.env.INVOICE_PDF_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.pdf`, bytes);
}

describe("the invoice PDF", () => {
  it("downloads in English with the seller, VAT number, number, lines and total", async () => {
    const answer = await download(shopperPdfLoader, alpha, orderNumber, shopperCookie, "en");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="invoice-1.pdf"');
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    keep("invoice-en", bytes);
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain("Simplified Tax Invoice");
    expect(pdf.text).toContain("Alpha Trading Co.");
    expect(pdf.text).toContain("310122393500003");
    expect(pdf.text).toContain("Silver chain");
    // The same money formatter as the page: SAR 230.00 total, SAR 30.00 VAT.
    expect(pdf.text).toContain("SAR 230.00");
    expect(pdf.text).toContain("SAR 30.00");
    // The Arabic legal name is on the English invoice too, in reading order.
    expect(pdf.items.map((item) => item.str)).toContain(SELLER_AR);
  });

  it("downloads in Arabic: the product and seller names read in logical order, drawn right to left, shaped", async () => {
    const answer = await download(adminPdfLoader, alpha, orderNumber, adminCookie, "ar");
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    keep("invoice-ar", bytes);
    const pdf = await readPdf(bytes);
    const strings = pdf.items.map((item) => item.str);
    // The heading is bold: pdfjs cuts its ligatures drawn with a vertical offset apart with a
    // space ("ضر يبية"), so its regular-weight words are read here (decision 049).
    expect(pdf.text).toContain("مبسطة");
    expect(pdf.text).toContain("المبالغ شاملة ضريبة القيمة المضافة.");
    expect(pdf.text).toContain("الرقم الضريبي: 310122393500003");
    expect(strings).toContain(SELLER_AR);
    expect(strings).toContain(PRODUCT_AR);
    expect(pdf.text).toContain("310122393500003");
    expect(pdf.text).toContain("230.00");

    // Right to left: each Arabic word's glyphs are drawn last letter first, so the run for
    // "سلسلة" holds its letters reversed (a run in typing order would be read back reversed).
    const word = [..."سلسلة"];
    expect(pdf.runs.some((run) => run.unicode.join("") === [...word].reverse().join(""))).toBe(true);
    expect(pdf.runs.some((run) => run.unicode.join("") === word.join(""))).toBe(false);
    // Shaped: the سين of "سلسلة" is drawn with two different glyphs (initial, then medial);
    // unshaped text would draw the isolated glyph twice.
    const chainRun = pdf.runs.find((run) => run.unicode.join("") === [...word].reverse().join(""))!;
    const seen = chainRun.codes.filter((_, index) => chainRun.unicode[index] === "س");
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
  });

  it("answers the page's 404 for another shopper, another store and an order without an invoice", async () => {
    const otherId = uuidv7();
    await db.owner
      .insert(users)
      .values({ storeId: alpha.storeId, id: otherId, email: `${otherId}@alpha.test`, name: "Other" });
    const other = await userCookie(alpha.storeId, otherId, "http://alpha.localhost:3000");
    expect((await download(shopperPdfLoader, alpha, orderNumber, other)).status).toBe(404);
    const betaShopper = await userCookie(beta.storeId, beta.userId, "http://beta.localhost:3000");
    expect((await download(shopperPdfLoader, beta, orderNumber, betaShopper)).status).toBe(404);
    const betaAdminId = uuidv7();
    await db.owner.insert(users).values({
      storeId: beta.storeId,
      id: betaAdminId,
      email: "owner@beta-pdf.test",
      name: "Owner",
      isAdmin: true,
    });
    const betaAdmin = await userCookie(beta.storeId, betaAdminId, "http://beta.localhost:3000");
    const notFound = await download(adminPdfLoader, beta, orderNumber, betaAdmin);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect((await download(adminPdfLoader, alpha, "abc", adminCookie)).status).toBe(404);
    expect((await download(adminPdfLoader, alpha, orderNumber + 1000, adminCookie)).status).toBe(404);
  });
});
