/**
 * Issue 35 item 3 for zero-rated and exempt carts (decision 042): the shopper's summaries —
 * checkout, the order's confirmation page and the order email — name only rates above 0 % that
 * something was charged at. A cart of zero-rated and exempt goods with free shipping shows no
 * VAT line at all (neither "VAT (0%)" nor "Includes VAT (15%): $0.00"), whether prices include
 * VAT or not; with paid, taxable shipping it shows the shipping's 15 % only. The order still
 * freezes every rate (0 % and exempt apart) for the invoice and the report.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartDiscountCodes, emailOutbox, orders, products, rateLimits, storeSettings } from "~/db/schema";
import { loader as confirmedLoader } from "~/routes/orders.$number.confirmed";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import type { VatSummary } from "~/services/tax/contract";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { answer, postForm } from "../helpers/routes";
import { openTwoStores } from "../helpers/two-stores";
import { A, ADDRESS, addProduct, fillCart, newToken, signedIn, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let ctx: Ctx;
let cookie: string;
let kit: string; // 50.00, zero-rated
let book: string; // 10.00, exempt
let dye: string; // 11.50, standard

type Summary = { totalCents: number; codFeeCents: number; vat: VatSummary | null; codVat: VatSummary | null };

const settings = (values: Partial<typeof storeSettings.$inferInsert>) =>
  db.owner.update(storeSettings).set(values).where(eq(storeSettings.storeId, alpha.storeId));

async function checkout(): Promise<Summary> {
  const shown = await answer<{ summary: Summary }>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
  expect(shown.status).toBe(200);
  return shown.data.summary;
}

/** Places the cart (Cash On Delivery) as shown; the order, its confirmation page's VAT, its email. */
async function place() {
  const shown = await checkout();
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "cod",
          checkoutToken: newToken(),
          expectedTotal: String(shown.totalCents),
          expectedCodFee: String(shown.codFeeCents),
        },
        cookie,
      ),
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status, JSON.stringify(placed.data)).toBe(302);
  const [order] = await db.owner
    .select()
    .from(orders)
    .where(eq(orders.storeId, alpha.storeId))
    .orderBy(desc(orders.number))
    .limit(1);
  const confirmed = await answer<{ order: { vat: VatSummary | null } }>(() =>
    confirmedLoader({
      request: new Request(`${A}/orders/${order!.number}/confirmed?lng=en`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: { number: String(order!.number) },
    }),
  );
  await deliveriesSettled();
  const [mail] = await db.owner
    .select({ text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.storeId, alpha.storeId),
        eq(emailOutbox.kind, "order-placed"),
        eq(emailOutbox.subject, `Store ${alpha.slug}: order #${order!.number} placed`),
      ),
    );
  return { shown, order: order!, page: confirmed.data.order.vat, mail: mail! };
}

beforeAll(async () => {
  ({ db, alpha, alphaCtx: ctx } = await openTwoStores({ alpha: "zerovat", beta: "zerovatb" }));
  kit = await addProduct(db, alpha.storeId, { slug: "zero-kit", priceCents: 5000, stock: 100 });
  book = await addProduct(db, alpha.storeId, { slug: "zero-book", priceCents: 1000, stock: 100 });
  dye = await addProduct(db, alpha.storeId, { slug: "zero-dye", priceCents: 1150, stock: 100 });
  await db.owner.update(products).set({ taxClass: "zero-rated" }).where(eq(products.id, kit));
  await db.owner.update(products).set({ taxClass: "exempt" }).where(eq(products.id, book));
  cookie = await signedIn(alpha.storeId, alpha.userId);
});
afterAll(async () => {
  await deliveriesSettled();
  await db?.dispose();
});
beforeEach(async () => {
  await db.owner.delete(rateLimits);
  await db.owner.delete(cartDiscountCodes);
  await settings({
    vatRegistered: true,
    vatNumber: "310122393500003",
    vatLegalNameEn: "Alpha Co.",
    vatLegalNameAr: "شركة ألفا",
    pricesIncludeVat: true,
    vatOnShipping: true,
    vatOnCodFee: true,
    vatRates: {},
    shippingFeeCents: 0,
    freeShippingThresholdCents: 0,
    codFeeCents: 0,
  });
});

describe("VAT lines for zero-rated and exempt carts", () => {
  it("prices with VAT, free shipping: no VAT line at checkout, on the page or in the email; every rate frozen", async () => {
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: kit, quantity: 1 },
      { productId: book, quantity: 1 },
    ]);
    const { shown, order, page, mail } = await place();
    expect([shown.vat, shown.codVat, page]).toEqual([null, null, null]);
    expect(order.totalCents).toBe(6000);
    expect(order.vatCents).toBe(0);
    expect(order.vatRates).toEqual(
      expect.arrayContaining([
        { rateBp: 0, net: 5000, vat: 0 },
        { rateBp: 0, net: 1000, vat: 0, exempt: true },
      ]),
    );
    expect(mail.text).not.toMatch(/VAT/);
    expect(mail.html).not.toMatch(/VAT/);
  });

  it("prices without VAT, free shipping: no VAT line, nothing added", async () => {
    await settings({ pricesIncludeVat: false });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: kit, quantity: 2 }]);
    const { shown, order, page, mail } = await place();
    expect([shown.vat, shown.codVat, page]).toEqual([null, null, null]);
    expect(order.totalCents).toBe(10000);
    expect(mail.text).not.toMatch(/VAT/);
  });

  it("paid, taxable shipping on a zero-rated cart: only the shipping's 15 %, no 0 % line", async () => {
    await settings({ shippingFeeCents: 600 });
    await fillCart(db, alpha.storeId, alpha.userId, [{ productId: kit, quantity: 1 }]);
    const { shown, page, mail } = await place();
    const only15 = { inclusive: true, rates: [{ rate: "15%", amount: "$0.78" }] };
    expect(shown.vat).toEqual(only15);
    expect(page).toEqual(only15);
    expect(mail.text).toContain("Includes VAT (15%): $0.78");
    expect(mail.text).not.toContain("(0%)");
  });

  it("a standard product still shows its rate (unchanged)", async () => {
    await fillCart(db, alpha.storeId, alpha.userId, [
      { productId: dye, quantity: 2 },
      { productId: kit, quantity: 1 },
    ]);
    const { shown, mail } = await place();
    expect(shown.vat).toEqual({ inclusive: true, rates: [{ rate: "15%", amount: "$3.00" }] });
    expect(mail.text).toContain("Includes VAT (15%): $3.00");
  });
});
