/**
 * SKUs where orders are picked (issue 39 item 3), through the routes on a real database: an order
 * of two sizes of one product, placed through checkout with a discount code, shows each line's
 * SKU and option values on the admin's order page, the packing slip and the orders CSV, as they
 * were sold (renaming the SKU later changes none of them); the admins' new-order email, read off
 * a local SMTP server, lists the lines with their SKUs, the code and the delivery address, in the
 * admin's language, and a store name ending in a full stop is not followed by a second one.
 */
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartDiscountCodes,
  cartItems,
  discountCodes,
  orders,
  productOptions,
  productOptionValues,
  productVariants,
  stores,
  users,
} from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { formatMoney } from "~/lib/money";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as adminOrderLoader } from "~/routes/admin.orders.$number";
import { loader as slipLoader } from "~/routes/admin_.orders.$number.packing-slip";
import { loader as csvLoader } from "~/routes/admin.orders.export[.csv]";
import { deliveriesSettled } from "~/services/outbox/outbox.server";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, postForm } from "../helpers/routes";
import { startSmtpServer } from "../helpers/smtp";
import { A, ADDRESS, newToken, signedIn, type Ctx } from "./checkout-fixtures";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let ctx: Ctx;
let shopperCookie: string;
let adminCookie: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let number: number;
const bigVariant = uuidv7();

/** An admin's GET, its context built from the request (the locale is read from `?lng=`). */
async function get<T = Record<string, unknown>>(
  loader: (args: Parameters<typeof adminOrderLoader>[0]) => Promise<unknown>,
  path: string,
  params: Record<string, string> = {},
) {
  const request = new Request(`${A}${path}`, { headers: { Cookie: adminCookie } });
  const context = await contextFor(db, "alpha.localhost", { request });
  return answer<T>(() => loader({ request, context, params }));
}

type Line = { name: string; sku: string | null; quantity: number };

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
  // A store name that ends in a full stop, as the demo's "Dye & Shade Co." does.
  await db.owner.update(stores).set({ name: "Alpha & Co." }).where(eq(stores.id, alpha.storeId));
  ctx = await contextFor(db, "alpha.localhost");
  const storeId = alpha.storeId;
  const option = uuidv7();
  const small = uuidv7();
  const large = uuidv7();
  await db.owner.insert(productOptions).values({
    storeId,
    id: option,
    productId: alpha.productId,
    position: 1,
    nameEn: "Size",
    nameAr: "الحجم",
  });
  await db.owner.insert(productOptionValues).values([
    { storeId, id: small, optionId: option, position: 0, valueEn: "50 g", valueAr: "50 غ" },
    { storeId, id: large, optionId: option, position: 1, valueEn: "1 kg", valueAr: "1 كغ" },
  ]);
  await db.owner
    .update(productVariants)
    .set({ option1ValueId: small, sku: "RED-50G", priceCents: 1000, stock: 10 })
    .where(eq(productVariants.id, alpha.productId));
  await db.owner.insert(productVariants).values({
    storeId,
    id: bigVariant,
    productId: alpha.productId,
    option1ValueId: large,
    sku: "RED-1KG",
    priceCents: 3000,
    stock: 10,
    position: 1,
  });
  const admins = [
    { id: uuidv7(), email: "eli@alpha.test", name: "Eli", locale: "en" as const },
    { id: uuidv7(), email: "rana@alpha.test", name: "Rana", locale: "ar" as const },
  ];
  await db.owner.insert(users).values(admins.map((admin) => ({ storeId, ...admin, isAdmin: true })));
  adminCookie = await signedIn(storeId, admins[0]!.id);
  shopperCookie = await signedIn(storeId, alpha.userId);
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;

  // The shopper's cart: 2 × 50 g and 1 × 1 kg, with a 10 % code.
  await db.owner.insert(cartItems).values([
    { storeId, userId: alpha.userId, productId: alpha.productId, variantId: alpha.productId, quantity: 2 },
    { storeId, userId: alpha.userId, productId: alpha.productId, variantId: bigVariant, quantity: 1 },
  ]);
  const codeId = uuidv7();
  await db.owner.insert(discountCodes).values({
    storeId,
    id: codeId,
    code: "PICK10",
    kind: "percentage",
    value: 10,
    startsAt: new Date(Date.now() - 3_600_000),
  });
  await db.owner.insert(cartDiscountCodes).values({ storeId, userId: alpha.userId, discountCodeId: codeId });
  const page = await answer<{ summary: { totalCents: number } }>(() =>
    checkoutLoader({
      request: new Request(`${A}/checkout`, { headers: { Cookie: shopperCookie } }),
      context: ctx,
      params: {},
    }),
  );
  const placed = await answer(() =>
    checkoutAction({
      request: postForm(
        `${A}/checkout`,
        {
          ...ADDRESS,
          intent: "place",
          paymentMethod: "cod",
          checkoutToken: newToken(),
          expectedTotal: String(page.data.summary.totalCents),
          expectedCodFee: "0",
        },
        shopperCookie,
      ),
      context: ctx,
      params: {},
    }),
  );
  expect(placed.status).toBe(302);
  const [order] = await db.owner.select({ number: orders.number }).from(orders);
  number = order!.number;
  await deliveriesSettled();
  // Renamed after the sale: the order keeps the SKU it was sold under.
  await db.owner.update(productVariants).set({ sku: "RED-1000G" }).where(eq(productVariants.id, bigVariant));
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.close();
  await db?.dispose();
});

describe("an order's SKUs and options, as sold", () => {
  it("are on the admin's order page, each line its own", async () => {
    const page = await get(adminOrderLoader, `/admin/orders/${number}`, { number: String(number) });
    expect(page.status).toBe(200);
    const { lines } = page.data.order as { lines: Line[] };
    expect(lines.map((line) => [line.name, line.sku, line.quantity])).toEqual([
      ["alpha red dye (Size: 50 g)", "RED-50G", 2],
      ["alpha red dye (Size: 1 kg)", "RED-1KG", 1],
    ]);
  });

  it("are on the packing slip, in the admin's language", async () => {
    const slip = await get(slipLoader, `/admin/orders/${number}/packing-slip`, { number: String(number) });
    expect(slip.status).toBe(200);
    expect((slip.data.lines as Line[]).map((line) => [line.name, line.sku, line.quantity])).toEqual([
      ["alpha red dye (Size: 50 g)", "RED-50G", 2],
      ["alpha red dye (Size: 1 kg)", "RED-1KG", 1],
    ]);
    const arabic = await get(slipLoader, `/admin/orders/${number}/packing-slip?lng=ar`, {
      number: String(number),
    });
    expect((arabic.data.lines as Line[]).map((line) => line.name)).toEqual([
      "صبغة alpha (الحجم: 50 غ)",
      "صبغة alpha (الحجم: 1 كغ)",
    ]);
  });

  it("are in the orders CSV, one line per item in its own column", async () => {
    const csv = await get<string>(csvLoader, "/admin/orders/export.csv");
    expect(csv.status).toBe(200);
    const [header, row] = parseCsv(csv.data);
    // Read by the header's name: columns are added at the end as the orders grow facts.
    const items = header!.indexOf("Items");
    expect(items).toBeGreaterThan(0);
    expect(row![0]).toBe(String(number));
    expect(row![items]).toBe(
      "2 × alpha red dye (Size: 50 g) · SKU: RED-50G\n1 × alpha red dye (Size: 1 kg) · SKU: RED-1KG",
    );
    const arabic = await get<string>(csvLoader, "/admin/orders/export.csv?lng=ar");
    expect(parseCsv(arabic.data)[1]![items]).toBe(
      "2 × صبغة alpha (الحجم: 50 غ) · رمز SKU: RED-50G\n1 × صبغة alpha (الحجم: 1 كغ) · رمز SKU: RED-1KG",
    );
  });

  it("are in each admin's new-order email, with the code and the delivery address", async () => {
    // Delivered after the checkout's commit (deliveriesSettled above); read off the SMTP server.
    await deliveriesSettled();
    const alert = (to: string) => {
      const mail = smtp.messages.find((message) => message.to.includes(to));
      expect(mail, `an alert to ${to}`).toBeDefined();
      return mail!.body.replace(/\r\n/g, "\n");
    };
    const en = alert("eli@alpha.test");
    expect(smtp.messages.find((message) => message.to.includes("eli@alpha.test"))!.subject).toBe(
      `Alpha & Co.: new order #${number}`,
    );
    const text = en;
    expect(text).toContain("alpha red dye (Size: 50 g) × 2: $20.00 (SKU: RED-50G)");
    expect(text).toContain("alpha red dye (Size: 1 kg) × 1: $30.00 (SKU: RED-1KG)");
    expect(text).toContain("Code PICK10: −$5.00");
    expect(text).toContain("Total: $45.00");
    expect(text).toContain(
      "Delivery Address: Layla Haddad, 12 Cedar Street, 11011 Beirut\n+966 50 123 4567\nlayla@example.test",
    );
    expect(text).toContain("Admins of Alpha & Co. get this email for every new order.");
    expect(text).not.toContain("Co..");
    const ar = alert("rana@alpha.test");
    expect(ar).toContain("صبغة alpha (الحجم: 1 كغ) × 1");
    expect(ar).toContain("رمز SKU: RED-1KG");
    expect(ar).toContain("PICK10");
    expect(ar).toContain("Layla Haddad، 12 Cedar Street، 11011 Beirut");
    expect(ar).toContain(formatMoney(4500, "USD", "ar"));
    expect(ar).not.toContain("Co..");
  });

  it("another store's admin cannot open the order, its slip or its lines", async () => {
    const betaCtx = await contextFor(db, "beta.localhost");
    const betaAdmin = uuidv7();
    await db.owner
      .insert(users)
      .values({ storeId: beta.storeId, id: betaAdmin, email: "bea@beta.test", name: "Bea", isAdmin: true });
    const cookie = await signedIn(beta.storeId, betaAdmin, "http://beta.localhost:3000");
    for (const [loader, path] of [
      [adminOrderLoader, `/admin/orders/${number}`],
      [slipLoader, `/admin/orders/${number}/packing-slip`],
    ] as const) {
      const res = await answer(() =>
        loader({
          request: new Request(`http://beta.localhost:3000${path}`, { headers: { Cookie: cookie } }),
          context: betaCtx,
          params: { number: String(number) },
        }),
      );
      expect(res.status).toBe(404);
    }
    const csv = await answer<string>(() =>
      csvLoader({
        request: new Request("http://beta.localhost:3000/admin/orders/export.csv", {
          headers: { Cookie: cookie },
        }),
        context: betaCtx,
        params: {},
      }),
    );
    expect(parseCsv(csv.data)).toHaveLength(1);
  });
});
