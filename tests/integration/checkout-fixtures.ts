/** Shared set-up for the checkout and orders tests: shoppers with carts, signed-in cookies, forms. */
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { cartItems, orderEvents, orderItems, orders, products, users } from "~/db/schema";
import { getToast } from "~/lib/toast.server";
import { createUserSession } from "~/http/sessions.server";
import type { TestDb } from "../helpers/db";
import { cookiesFrom } from "../helpers/routes";

export const A = "http://alpha.localhost:3000";
export const B = "http://beta.localhost:3000";

export const ADDRESS = {
  fullName: "Layla Haddad",
  streetAddress: "12 Cedar Street",
  zipCode: "11011",
  city: "Beirut",
  email: "layla@example.test",
  mobile: "+966 50 123 4567",
};

/** ADDRESS as an order row's shipping columns, for tests that write orders themselves. */
export const ORDER_SHIPPING = {
  shipFullName: ADDRESS.fullName,
  shipStreetAddress: ADDRESS.streetAddress,
  shipZipCode: ADDRESS.zipCode,
  shipCity: ADDRESS.city,
  shipEmail: ADDRESS.email,
  shipMobile: ADDRESS.mobile,
};

/**
 * A paid Cash On Delivery order of `quantity` units of one product at `unitPriceCents`, written
 * straight to the database, for tests of what follows an order (returns, refunds, credit notes):
 * delivered (with its delivery event at `deliveredAt` when given), or shipped; with VAT included
 * at `vatRateBp` when given. No shipping charge. Returns its id, number and line id.
 */
export async function paidOrder(
  db: TestDb,
  storeId: string,
  values: {
    number: number;
    userId: string;
    productId: string;
    unitPriceCents: number;
    quantity: number;
    currency: string;
    status?: "delivered" | "shipped";
    deliveredAt?: Date;
    vatRateBp?: number;
    locale?: "en" | "ar";
  },
): Promise<{ id: string; number: number; line: string }> {
  const id = uuidv7();
  const { number, unitPriceCents, quantity, vatRateBp } = values;
  const total = unitPriceCents * quantity;
  const vat = vatRateBp === undefined ? 0 : Math.round((total * vatRateBp) / (10_000 + vatRateBp));
  const vatColumns =
    vatRateBp === undefined
      ? {}
      : { vatCents: vat, vatInclusive: true, vatRates: [{ rateBp: vatRateBp, net: total - vat, vat }] };
  await db.owner.insert(orders).values({
    storeId,
    id,
    number,
    userId: values.userId,
    paymentMethod: "cod",
    status: values.status ?? "delivered",
    paymentStatus: "paid",
    currency: values.currency,
    subtotalCents: total,
    totalCents: total,
    totalQuantity: quantity,
    ...vatColumns,
    shipCountry: "SA",
    ...(values.locale ? { locale: values.locale } : {}),
    ...ORDER_SHIPPING,
  });
  const line = uuidv7();
  await db.owner.insert(orderItems).values({
    storeId,
    id: line,
    orderId: id,
    productId: values.productId,
    nameEn: "Jar",
    nameAr: "برطمان",
    unitPriceCents,
    quantity,
    lineTotalCents: total,
    codeDiscountCents: 0,
    ...(vatRateBp === undefined ? {} : { vatRateBp, vatCents: vat }),
  });
  if (values.deliveredAt)
    await db.owner.insert(orderEvents).values({
      storeId,
      orderId: id,
      type: "status",
      fromStatus: "shipped",
      toStatus: "delivered",
      createdAt: values.deliveredAt,
    });
  return { id, number, line };
}

export async function signedIn(storeId: string, userId: string, origin = A): Promise<string> {
  return cookiesFrom(
    new Headers({ "Set-Cookie": await createUserSession(storeId, userId, new Request(origin)) }),
  );
}

export async function addShopper(db: TestDb, storeId: string, name = "Second Shopper"): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(users).values({ storeId, id, email: `${id}@shop.test`, name });
  return id;
}

export async function addProduct(
  db: TestDb,
  storeId: string,
  values: { slug: string; priceCents: number; stock: number; categoryId?: string | null },
): Promise<string> {
  const id = uuidv7();
  await db.owner.insert(products).values({
    storeId,
    id,
    slug: values.slug,
    nameEn: `${values.slug} dye`,
    nameAr: `صبغة ${values.slug}`,
    priceCents: values.priceCents,
    stock: values.stock,
    categoryId: values.categoryId ?? null,
  });
  return id;
}

export async function fillCart(
  db: TestDb,
  storeId: string,
  userId: string,
  lines: { productId: string; quantity: number }[],
): Promise<void> {
  await db.owner.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length > 0) {
    await db.owner.insert(cartItems).values(lines.map((line) => ({ storeId, userId, ...line })));
  }
}

export async function stockOf(db: TestDb, productId: string): Promise<number> {
  const [row] = await db.owner
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function toastOf(headers: Headers): Promise<string | undefined> {
  return (await getToast(new Request(A, { headers: { Cookie: cookiesFrom(headers) } }))).toast?.key;
}

export type Ctx = AppLoadContext;

export interface RefusalData {
  notice?: { key: string; params?: Record<string, unknown> } | null;
  result?: { error?: Record<string, string[] | null> } | null;
}

let tokens = 0;
/** A fresh checkout token, as the page renders one. */
export const newToken = () => `test-token-${Date.now()}-${++tokens}`.padEnd(24, "x");
