/**
 * Tax invoices (issue 35 item 4, decision 043). A VAT-registered store issues one per order: a
 * card order when it is paid, a Cash On Delivery order when it is delivered, in the transaction
 * that takes that step. The number comes from the store's `invoice_counters` row, locked for the
 * rest of the transaction: concurrent issues wait for each other, so numbers run 1, 2, 3… with
 * no gap (a rolled-back issue rolls its number back too) and no duplicate, and each invoice keeps
 * the hash of the one before it. Seller and buyer are copied as they are at issue; the lines and
 * amounts are the order's, frozen at checkout (decision 042).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { invoiceCounters, invoices, orderItems, orders, storeSettings } from "~/db/schema";
import {
  FIRST_PREVIOUS_HASH,
  invoiceHash,
  type InvoiceContent,
  type InvoiceContentLine,
} from "~/lib/invoice-chain";
import { storeJoin } from "~/db/store-scope";

export interface IssuedInvoice {
  id: string;
  number: number;
  hash: string;
}

/** An order's lines as its invoice lists them, in one fixed order (the hash depends on it). */
function invoiceLines(tx: Tx, storeId: string, orderId: string): Promise<InvoiceContentLine[]> {
  return tx
    .select({
      nameEn: orderItems.nameEn,
      nameAr: orderItems.nameAr,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      lineTotalCents: orderItems.lineTotalCents,
      vatRateBp: orderItems.vatRateBp,
      vatCents: orderItems.vatCents,
    })
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.nameEn), asc(orderItems.id));
}

/** The invoice's content from its order and the store's settings, before it has a number. */
async function contentFor(
  tx: Tx,
  storeId: string,
  orderId: string,
): Promise<Omit<InvoiceContent, "id" | "number" | "issuedAt" | "previousHash"> | null> {
  const [seller] = await tx
    .select({
      registered: storeSettings.vatRegistered,
      vatNumber: storeSettings.vatNumber,
      nameEn: storeSettings.vatLegalNameEn,
      nameAr: storeSettings.vatLegalNameAr,
      addressEn: storeSettings.contactAddressEn,
      addressAr: storeSettings.contactAddressAr,
      country: storeSettings.country,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  if (!seller?.registered || !seller.vatNumber) return null;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  // An order placed before the store registered charged no VAT: no tax invoice for it.
  if (!order || order.vatInclusive === null) return null;
  const lines = await invoiceLines(tx, storeId, orderId);
  return {
    seller: {
      nameEn: seller.nameEn,
      nameAr: seller.nameAr,
      addressEn: seller.addressEn,
      addressAr: seller.addressAr,
      vatNumber: seller.vatNumber,
      country: seller.country,
    },
    buyer: {
      name: order.shipFullName,
      address: [order.shipStreetAddress, order.shipCity, order.shipZipCode].filter(Boolean).join(", "),
      country: order.shipCountry,
    },
    currency: order.currency,
    lines,
    shippingCents: order.shippingCents,
    codFeeCents: order.codFeeCents,
    discountCents: order.discountCents + order.codeDiscountCents,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    vatInclusive: order.vatInclusive,
  };
}

/**
 * Issues the order's invoice inside the caller's transaction (which should hold the order's row
 * lock); returns it, the existing one if it was issued before, or null when the store is not
 * registered for VAT or the order charged none.
 */
export async function issueInvoiceIn(
  tx: Tx,
  storeId: string,
  orderId: string,
): Promise<IssuedInvoice | null> {
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number, hash: invoices.hash })
    .from(invoices)
    .where(and(eq(invoices.storeId, storeId), eq(invoices.orderId, orderId)));
  if (existing) return existing;
  const content = await contentFor(tx, storeId, orderId);
  if (!content) return null;

  // The store's counter row, created on its first invoice; then locked until the commit.
  await tx.insert(invoiceCounters).values({ storeId }).onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: invoiceCounters.lastNumber, lastHash: invoiceCounters.lastHash })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.storeId, storeId))
    .for("update");
  if (!counter) throw new Error(`no invoice counter for store ${storeId}`);

  const invoice: InvoiceContent = {
    ...content,
    id: crypto.randomUUID(),
    number: counter.lastNumber + 1,
    // Milliseconds, as the hash reads it back from the column.
    issuedAt: new Date(),
    previousHash: counter.lastHash ?? FIRST_PREVIOUS_HASH,
  };
  const hash = invoiceHash(invoice);
  await tx.insert(invoices).values({
    storeId,
    id: invoice.id,
    orderId,
    number: invoice.number,
    sellerNameEn: invoice.seller.nameEn,
    sellerNameAr: invoice.seller.nameAr,
    sellerAddressEn: invoice.seller.addressEn,
    sellerAddressAr: invoice.seller.addressAr,
    sellerVatNumber: invoice.seller.vatNumber,
    sellerCountry: invoice.seller.country,
    buyerName: invoice.buyer.name,
    buyerAddress: invoice.buyer.address,
    buyerCountry: invoice.buyer.country,
    currency: invoice.currency,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    previousHash: invoice.previousHash,
    hash,
    issuedAt: invoice.issuedAt,
  });
  await tx
    .update(invoiceCounters)
    .set({ lastNumber: invoice.number, lastHash: hash })
    .where(eq(invoiceCounters.storeId, storeId));
  return { id: invoice.id, number: invoice.number, hash };
}

/** Issues an order's invoice in a transaction of its own (tests, tools). */
export async function issueInvoice(storeId: string, orderId: string): Promise<IssuedInvoice | null> {
  const db = await getDb();
  return db.withStore(storeId, (tx) => issueInvoiceIn(tx, storeId, orderId));
}

export type InvoiceRow = typeof invoices.$inferSelect;

/** An issued invoice with its order's lines and amounts, as the page and the hash read them. */
export interface InvoiceDocument {
  invoice: InvoiceRow;
  order: {
    number: number;
    vatInclusive: boolean;
    shippingCents: number;
    codFeeCents: number;
    discountCents: number;
    vatRates: { rateBp: number; net: number; vat: number }[];
  };
  lines: InvoiceContentLine[];
}

/**
 * The invoice of the store's order `number` (only the shopper's own when `userId` is given), or
 * null: no such order here, not theirs, or no invoice issued.
 */
export async function findInvoice(
  storeId: string,
  number: number,
  userId?: string,
): Promise<InvoiceDocument | null> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .select({ invoice: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, storeJoin(orders, "id", invoices, "orderId"))
      .where(
        and(
          eq(invoices.storeId, storeId),
          eq(orders.number, number),
          userId ? eq(orders.userId, userId) : sql`true`,
        ),
      );
    if (!row) return null;
    const lines = await invoiceLines(tx, storeId, row.order.id);
    return {
      invoice: row.invoice,
      order: {
        number: row.order.number,
        vatInclusive: row.order.vatInclusive ?? true,
        shippingCents: row.order.shippingCents,
        codFeeCents: row.order.codFeeCents,
        discountCents: row.order.discountCents + row.order.codeDiscountCents,
        vatRates: row.order.vatRates,
      },
      lines,
    };
  });
}

/** The invoice number of the store's order `number`, or null (the order pages' "Download invoice" link). */
export async function invoiceNumberOf(storeId: string, orderNumber: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ number: invoices.number })
      .from(invoices)
      .innerJoin(orders, storeJoin(orders, "id", invoices, "orderId"))
      .where(and(eq(invoices.storeId, storeId), eq(orders.number, orderNumber))),
  );
  return row?.number ?? null;
}

/** The content an invoice's hash was computed over, rebuilt from what is stored (the chain check). */
export function storedContent(document: InvoiceDocument): InvoiceContent {
  const { invoice, order, lines } = document;
  return {
    id: invoice.id,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    seller: {
      nameEn: invoice.sellerNameEn,
      nameAr: invoice.sellerNameAr,
      addressEn: invoice.sellerAddressEn,
      addressAr: invoice.sellerAddressAr,
      vatNumber: invoice.sellerVatNumber,
      country: invoice.sellerCountry,
    },
    buyer: { name: invoice.buyerName, address: invoice.buyerAddress, country: invoice.buyerCountry },
    currency: invoice.currency,
    lines,
    shippingCents: order.shippingCents,
    codFeeCents: order.codFeeCents,
    discountCents: order.discountCents,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    vatInclusive: order.vatInclusive,
    previousHash: invoice.previousHash,
  };
}
