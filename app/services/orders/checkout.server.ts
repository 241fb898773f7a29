/**
 * Checkout (DESIGN §5, issue 9): the page's data (priced cart, saved address, payment options),
 * saving the shipping address, and placing an order in ONE transaction:
 *
 *   1. a checkout token already used by this shopper → that order (a double submit makes one;
 *      the shopper's checkouts queue on an advisory lock, so the second sees the first's order);
 *   2. every line re-priced; a total other than the one the shopper saw → nothing placed;
 *   3. stock taken from each line's variant with `stock = stock - q where stock >= q`, line by
 *      line in product-id then variant-id order (so concurrent orders lock rows in the same order
 *      and never deadlock); one line short →
 *      the whole transaction rolls back, naming the product;
 *   3b. the cart's discount code, if any: one use claimed with a conditional UPDATE of the code's
 *      row (its limit and the shopper's, decision 029); none left → the whole transaction rolls
 *      back, the code comes off the cart and the shopper is told why and the total without it;
 *   4. the store's order counter → the order number (#1001, …); the order, a snapshot per line
 *      (names and option values in both languages, SKU, unit price, sale, quantity) and an
 *      `order_events` row;
 *   5. the cart emptied and the address kept (done before step 3, outside the locks).
 *
 * Cash On Delivery: confirmed, unpaid, its fee on the order, only where the store's COD rules offer
 * it. Card: pending, payment pending, stock held until the payment webhook confirms or cancels it
 * (cancelOrder gives the stock back). The store's admins are told of each order once it is
 * placed (COD) or paid (card) (order-alerts.server.ts).
 *
 * The answer is what was committed (decision 020, "A checkout's answer"): the order's emails (the
 * shopper's, and the admins' alerts for COD) are written into the outbox in the order's own
 * transaction and delivered after the commit without the answer waiting on them; a COMMIT whose
 * answer was lost (the connection died) is settled by looking the order up by its token.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import {
  cartItems,
  orderEvents,
  orderItems,
  orders,
  products,
  productVariants,
  shippingAddresses,
  stores,
} from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import type { PaymentMethod, ShippingInput } from "~/lib/validation/checkout";
import { lockShopperCart } from "~/services/commerce/shopper-lock.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { deliverAfterCommit, enqueueEmails } from "~/services/email/email.server";
import { recordOrderEvent } from "./order-events.server";
import { confirmationEmail, confirmationTexts, loadCodConfirmSettings } from "./cod-confirmation.server";
import { deliverMessagesAfterCommit, enqueueMessages } from "~/services/messages/messages.server";
import { refusalsOverLimit } from "./cod-refusals.server";
import { normalizeMobile } from "~/lib/phone";
import { codeSharesOf } from "~/lib/refund-math";
import { linesInEmailOrder, orderEmailMessage } from "./order-emails.server";
import { alertRecipients, orderAlertEmail, type AlertRecipient } from "./order-alerts.server";
import {
  codRefusal,
  loadPaymentOptions,
  shopperVerification,
  type CodRefusal,
  type PaymentOptions,
} from "./payment-options.server";
import { priceCheckout, taxFor, totalsFor, type CheckoutPrice } from "./pricing.server";
import { findCity, storeCountry } from "~/services/shipping/zones.server";
import {
  claimCodeUse,
  clearCartCode,
  recordCodeUse,
  type CodeRefusal,
} from "~/services/discounts/codes.server";
import { metrics } from "~/lib/metrics.server";
import { errorFields, logger } from "~/lib/log.server";
import { markResendSafe, settleCommit } from "~/lib/request-writes.server";
import { inStore } from "~/db/store-scope";

export interface CheckoutPage {
  price: CheckoutPrice;
  /** The store's own country: a new address starts with it. */
  storeCountry: string;
  address: ShippingInput | null;
  payment: PaymentOptions;
  /** Why Cash On Delivery is not offered for this cart and shopper (then payment.cod is false). */
  codRefusal: CodRefusal | null;
}

/** The shopper's saved (default) shipping address, or null. */
async function savedAddress(tx: Tx, userId: string): Promise<ShippingInput | null> {
  const [row] = await tx
    .select({
      fullName: shippingAddresses.fullName,
      streetAddress: shippingAddresses.streetAddress,
      zipCode: shippingAddresses.zipCode,
      city: shippingAddresses.city,
      email: shippingAddresses.email,
      mobile: shippingAddresses.mobile,
    })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)))
    .orderBy(asc(shippingAddresses.createdAt))
    .limit(1);
  return row ?? null;
}

/** The saved (default) address's country, "" when none was kept. */
async function savedCountry(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ country: shippingAddresses.country })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)))
    .orderBy(asc(shippingAddresses.createdAt))
    .limit(1);
  return row?.country ?? "";
}

export async function getCheckout(storeId: string, userId: string, rateId?: string): Promise<CheckoutPage> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const price = await priceCheckout(tx, storeId, userId, rateId ? { rateId } : {});
    const address = await savedAddress(tx, userId);
    const payment = await loadPaymentOptions(tx, storeId);
    const chosen = price.shipping.chosen;
    const { country } = await storeCountry(tx, storeId);
    // The saved address's phone has refused too often for the store's rule (decision 040).
    const overLimit =
      payment.cod && address
        ? await refusalsOverLimit(
            tx,
            storeId,
            normalizeMobile(address.mobile, (await savedCountry(tx, userId)) || country),
          )
        : null;
    const refusal: CodRefusal | null = payment.cod
      ? chosen && !chosen.codAllowed
        ? ({ kind: "rate", nameEn: chosen.nameEn, nameAr: chosen.nameAr } as const)
        : (codRefusal(price.cod, price.totalCents, await shopperVerification(tx, storeId, userId)) ??
          (overLimit !== null ? ({ kind: "refusals" } as const) : null))
      : null;
    return {
      price,
      storeCountry: country,
      address,
      payment: { ...payment, cod: payment.cod && !refusal },
      codRefusal: refusal,
    };
  });
}

async function upsertAddress(tx: Tx, storeId: string, userId: string, given: ShippingInput) {
  // The country (the store's when the form had none) and the city of the list it names, if any.
  const country = given.country || (await storeCountry(tx, storeId)).country;
  const city = await findCity(tx, country, given.city);
  const input = { ...given, country, cityId: city?.id ?? null };
  const [current] = await tx
    .select({ id: shippingAddresses.id })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)))
    .orderBy(asc(shippingAddresses.createdAt))
    .limit(1);
  if (current) {
    await tx
      .update(shippingAddresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(shippingAddresses.storeId, storeId), eq(shippingAddresses.id, current.id)));
  } else {
    await tx.insert(shippingAddresses).values({ storeId, userId, ...input, isDefault: true });
  }
}

/** Keeps the address as the shopper's default, for the next checkout. */
export async function saveShippingAddress(storeId: string, userId: string, input: ShippingInput) {
  const db = await getDb();
  await db.withStore(storeId, (tx) => upsertAddress(tx, storeId, userId, input));
}

export interface PlaceOrderInput {
  shipping: ShippingInput;
  paymentMethod: PaymentMethod;
  checkoutToken: string;
  /** The total (minor units) the shopper was shown, before a Cash On Delivery fee. */
  expectedTotalCents: number;
  /** The COD fee the shopper was shown (minor units); checked only for a COD order. */
  expectedCodFeeCents?: number;
  /** The shipping rate chosen and the price shown for it (issue 33); absent: the cheapest. */
  shippingRateId?: string;
  expectedShippingCents?: number;
}

export type PlaceOrderResult =
  | { kind: "placed"; number: number; orderId: string; paymentMethod: PaymentMethod }
  /** The same token was used before by this shopper: the order that submit made. */
  | { kind: "existing"; number: number; paymentMethod: PaymentMethod }
  | { kind: "empty" }
  | { kind: "method-unavailable" }
  /** Cash On Delivery chosen where the store's COD rules do not offer it (decision 030). */
  | { kind: "cod-refused"; refusal: CodRefusal }
  | { kind: "price-changed"; totalCents: number }
  /** The store does not deliver to the address (no zone takes it, or no rate fits the cart). */
  | { kind: "undeliverable"; country: string; city: string }
  /** The chosen rate's price is not the one shown, or it no longer applies: nothing placed. */
  | { kind: "shipping-changed"; shippingCents: number }
  | { kind: "unavailable"; nameEn: string; nameAr: string }
  | { kind: "out-of-stock"; nameEn: string; nameAr: string; stock: number }
  /** The token belongs to someone else's order (forged or leaked): refused. */
  | { kind: "token-taken" }
  /**
   * The cart's discount code cannot be used (decision 029): nothing placed, and the code is off the
   * cart (issue 39), so the page shows `totalCents` (the total without it, with the chosen method's
   * fee) and the next Place order goes through at that total.
   */
  | { kind: "code-refused"; code: string; refusal: CodeRefusal; totalCents: number }
  /** The connection died during COMMIT and the order is not there: nothing was saved. */
  | { kind: "not-saved" };

/** Thrown inside the transaction so that everything written so far is rolled back. */
class Rollback extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super(result.kind);
  }
}

/** The cart's code cannot be had: thrown so nothing is written, then the code comes off the cart. */
class CodeRefused extends Error {
  constructor(
    readonly codeId: string,
    readonly code: string,
    readonly refusal: CodeRefusal,
  ) {
    super(refusal.reason);
  }
}

/** A unique violation of the checkout token (two submits of one form racing), through drizzle's wrapping. */
function isTokenConflict(error: unknown): boolean {
  return isViolation(error, UNIQUE_VIOLATION, "orders_checkout_token_key");
}

async function orderByToken(tx: Tx, userId: string, token: string) {
  const [row] = await tx
    .select({ number: orders.number, userId: orders.userId, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.checkoutToken, token));
  if (!row) return null;
  return row.userId === userId
    ? ({ kind: "existing", number: row.number, paymentMethod: row.paymentMethod } as const)
    : ({ kind: "token-taken" } as const);
}

/** Pauses between the looks of `settleUnknownCommit` while the database cannot be asked. */
const UNKNOWN_COMMIT_RETRIES_MS = [100, 400, 1_000];

/**
 * The COMMIT was sent and its answer lost (the connection died): whether the order exists is
 * PostgreSQL's to say, on a fresh connection. The order this checkout wrote (by its token) →
 * "placed"; none → "not-saved". Throws `cause` when the database cannot be asked at all, the
 * outcome still unknown (the shopper's retry with the same token finds the order, if any).
 */
async function settleUnknownCommit(
  storeId: string,
  token: string,
  cause: unknown,
): Promise<{ orderId: string; number: number } | null> {
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db.withStore(storeId, (tx) =>
        tx
          .select({ orderId: orders.id, number: orders.number })
          .from(orders)
          .where(and(eq(orders.storeId, storeId), eq(orders.checkoutToken, token))),
      );
      return row ?? null;
    } catch (error) {
      const pause = UNKNOWN_COMMIT_RETRIES_MS[attempt];
      if (pause === undefined) {
        logger.error(
          { checkout: token, ...errorFields(error) },
          "checkout commit outcome unknown: the order could not be looked up",
        );
        throw cause;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export interface PlaceOrderContext {
  store: { id: string; currency: string };
  userId: string;
  /** The shopper's language now: the order's emails are written in it. */
  locale: Locale;
  /** How emails show the store (name, colour, links); no email when absent (tests, bench). */
  mail?: EmailStore;
}

export async function placeOrder(ctx: PlaceOrderContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = await getDb();
  const { store, userId } = ctx;
  let result: PlaceOrderResult;
  /** The order's emails, written in its transaction: delivered once it committed. */
  let emailIds: string[] = [];
  let messageIds: string[] = [];
  /** Set when the transaction's work is done: an error from then on is the COMMIT's. */
  let committing = false;
  // The checkout token places one order however often the form is sent: an outage page that
  // cannot confirm this one may say that sending it again is safe (decision 020).
  markResendSafe();
  try {
    result = await db.withStore(store.id, async (tx) => {
      // One checkout or cart change at a time per shopper: a second submit of the same form
      // waits here for the first to commit, so its token lookup (a fresh snapshot) sees the first
      // submit's order rather than reading the cart the first one has just emptied; a cart add
      // from another tab waits too (shopper-lock.server.ts).
      await lockShopperCart(tx, userId);
      const earlier = await orderByToken(tx, userId, input.checkoutToken);
      if (earlier) return earlier;
      const options = await loadPaymentOptions(tx, store.id);
      if (!options[input.paymentMethod]) return { kind: "method-unavailable" };

      const country = input.shipping.country || (await storeCountry(tx, store.id)).country;
      const price = await priceCheckout(tx, store.id, userId, {
        emails: [input.shipping.email],
        place: { country, city: input.shipping.city, postalCode: input.shipping.zipCode },
        rateId: input.shippingRateId,
      });
      if (price.lines.length === 0) return { kind: "empty" };
      const shipping = price.shipping;
      if (shipping.undeliverable || shipping.rates.length === 0)
        return { kind: "undeliverable", country, city: input.shipping.city };
      if (
        !shipping.chosen ||
        (input.expectedShippingCents !== undefined && shipping.chosen.cents !== input.expectedShippingCents)
      )
        return { kind: "shipping-changed", shippingCents: (shipping.chosen ?? shipping.rates[0]!).cents };
      const archived = price.lines.find((line) => !line.active);
      if (archived) return { kind: "unavailable", nameEn: archived.nameEn, nameAr: archived.nameAr };
      if (price.code?.refusal) throw new CodeRefused(price.code.id, price.code.code, price.code.refusal);
      if (input.paymentMethod === "cod" && !shipping.chosen.codAllowed)
        return {
          kind: "cod-refused",
          refusal: { kind: "rate", nameEn: shipping.chosen.nameEn, nameAr: shipping.chosen.nameAr },
        };
      if (input.paymentMethod === "cod") {
        const refusal = codRefusal(
          price.cod,
          price.totalCents,
          await shopperVerification(tx, store.id, userId),
        );
        if (refusal) return { kind: "cod-refused", refusal };
      }
      // The order's phone in E.164 (decision 040): COD needs a mobile number of the address's
      // country, and is refused to a number the store's "after N refusals" rule names.
      const phoneE164 = normalizeMobile(input.shipping.mobile, country);
      if (input.paymentMethod === "cod") {
        if (!phoneE164) return { kind: "cod-refused", refusal: { kind: "phone" } };
        if ((await refusalsOverLimit(tx, store.id, phoneE164)) !== null)
          return { kind: "cod-refused", refusal: { kind: "refusals" } };
      }
      const { codFeeCents, totalCents } = totalsFor(price, input.paymentMethod);
      if (
        price.totalCents !== input.expectedTotalCents ||
        codFeeCents !== (input.paymentMethod === "cod" ? (input.expectedCodFeeCents ?? 0) : 0)
      )
        return { kind: "price-changed", totalCents };

      // Work that locks nothing other shoppers need comes first: from the stock update on, this
      // transaction holds the product rows and then the store's order counter until it commits,
      // and every other order of the store waits for them.
      // A Cash On Delivery order is news for the store's admins now (a card order once paid).
      const recipients: AlertRecipient[] =
        ctx.mail && input.paymentMethod === "cod" ? await alertRecipients(tx, store.id) : [];
      await upsertAddress(tx, store.id, userId, input.shipping);
      await tx.delete(cartItems).where(and(eq(cartItems.storeId, store.id), eq(cartItems.userId, userId)));
      if (price.code) await clearCartCode(tx, store.id, userId);
      await takeStock(tx, store.id, price);
      // The code's use is claimed after the stock and before the order counter: every checkout
      // takes these rows in the same order, so they queue and never deadlock (decision 029).
      if (price.code) {
        const refusal = await claimCodeUse(tx, store.id, price.code.id, {
          userId,
          email: input.shipping.email,
        });
        if (refusal) throw new CodeRefused(price.code.id, price.code.code, refusal);
      }
      const [counter] = await tx
        .update(stores)
        .set({ lastOrderNumber: sql`${stores.lastOrderNumber} + 1` })
        .where(eq(stores.id, store.id))
        .returning({ number: stores.lastOrderNumber });
      const cod = input.paymentMethod === "cod";
      // The store asks COD shoppers to confirm (issue 34): the order waits, with its due times.
      const confirm = cod ? await loadCodConfirmSettings(tx, store.id) : null;
      const awaiting = Boolean(confirm?.enabled);
      const status = awaiting ? "awaiting_confirmation" : cod ? "confirmed" : "pending";
      const paymentStatus = cod ? "unpaid" : "pending";
      const taxed = taxFor(price, input.paymentMethod);
      // Each line's share of the code, as taxOrder shares it (a refund gives back what was paid).
      const codeShares = codeSharesOf(
        price.lines,
        price.code?.kind === "free_shipping" ? 0 : price.codeDiscountCents,
        price.code?.reaches,
      );
      const [order] = await tx
        .insert(orders)
        .values({
          storeId: store.id,
          number: counter!.number,
          userId,
          status,
          paymentStatus,
          paymentMethod: input.paymentMethod,
          currency: store.currency,
          subtotalCents: price.subtotalCents,
          discountCents: price.discountCents,
          shippingCents: price.shippingCents,
          codFeeCents,
          totalCents,
          totalQuantity: price.totalQuantity,
          shipFullName: input.shipping.fullName,
          shipStreetAddress: input.shipping.streetAddress,
          shipZipCode: input.shipping.zipCode,
          shipCity: input.shipping.city,
          shipEmail: input.shipping.email,
          shipMobile: input.shipping.mobile,
          phoneE164,
          shipCountry: country,
          shippingRateId: shipping.chosen.id,
          shippingRateKind: shipping.chosen.kind,
          shippingRateNameEn: shipping.chosen.nameEn,
          shippingRateNameAr: shipping.chosen.nameAr,
          shippingEstimateEn: shipping.chosen.estimateEn,
          shippingEstimateAr: shipping.chosen.estimateAr,
          locale: ctx.locale,
          checkoutToken: input.checkoutToken,
          countedInTrending: true,
          discountCode: price.code?.code ?? null,
          codeDiscountCents: price.codeDiscountCents,
          vatCents: taxed?.vat ?? 0,
          vatInclusive: price.vat?.inclusive ?? null,
          vatRates: taxed?.byRate ?? [],
          ...(awaiting && confirm
            ? {
                confirmRemindAt: sql`now() + make_interval(hours => ${confirm.remindHours})`,
                confirmCancelAt: sql`now() + make_interval(hours => ${confirm.cancelHours})`,
              }
            : {}),
        })
        .returning();
      const lines = await tx
        .insert(orderItems)
        .values(
          price.lines.map((line, index) => ({
            storeId: store.id,
            orderId: order!.id,
            productId: line.productId,
            variantId: line.variantId,
            nameEn: line.nameEn,
            nameAr: line.nameAr,
            sku: line.sku,
            options: line.options,
            unitPriceCents: line.unitPriceCents,
            unitDiscountCents: line.unitDiscountCents,
            quantity: line.quantity,
            lineTotalCents: line.lineTotalCents,
            // Every line is buyable here (an archived one refused the order above): taxed in order.
            vatRateBp: taxed?.lines[index]?.rateBp ?? 0,
            vatCents: taxed?.lines[index]?.vat ?? 0,
            codeDiscountCents: codeShares[index] ?? 0,
          })),
        )
        .returning();
      if (price.code) {
        await recordCodeUse(tx, store.id, {
          codeId: price.code.id,
          orderId: order!.id,
          userId,
          email: input.shipping.email,
          amountCents: price.codeDiscountCents,
        });
      }
      await tx.insert(orderEvents).values({
        storeId: store.id,
        orderId: order!.id,
        type: "placed",
        toStatus: status,
        paymentStatus,
        actorUserId: userId,
      });
      // orders/created, in the order's transaction (decision 047): the order as placed.
      await recordOrderEvent(tx, store.id, order!.id, "orders/created");
      if (ctx.mail) {
        // In the order's transaction: the emails exist exactly when the order does.
        emailIds = await enqueueEmails(tx, store.id, [
          awaiting
            ? confirmationEmail(ctx.mail, order!, lines, "order-awaiting-confirmation")
            : orderEmailMessage(ctx.mail, order!, linesInEmailOrder(lines), "order-placed"),
          ...recipients.map((admin) => orderAlertEmail(ctx.mail!, order!, linesInEmailOrder(lines), admin)),
        ]);
        // The SMS and WhatsApp with the same link, in the same transaction (decision 040).
        if (awaiting)
          messageIds = await enqueueMessages(
            tx,
            store.id,
            confirmationTexts(ctx.mail, order!, "order-awaiting-confirmation"),
          );
      }
      committing = true;
      return {
        kind: "placed",
        number: order!.number,
        orderId: order!.id,
        paymentMethod: input.paymentMethod,
      } as const;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    if (error instanceof CodeRefused) return dropRefusedCode(ctx, input, error);
    // The same form submitted twice at once: the first submit's order won the token.
    if (isTokenConflict(error)) {
      const earlier = await db.withStore(store.id, (tx) => orderByToken(tx, userId, input.checkoutToken));
      if (earlier) return earlier;
    }
    if (!committing) throw error;
    const found = await settleUnknownCommit(store.id, input.checkoutToken, error);
    // The request edge answers from what is now known (decision 020).
    settleCommit(found !== null);
    if (!found) return { kind: "not-saved" };
    result = { kind: "placed", ...found, paymentMethod: input.paymentMethod };
  }
  if (result.kind === "placed") {
    metrics.orderPlaced(result.paymentMethod);
    // Not awaited: nothing after the commit may change or hold back the answer.
    deliverAfterCommit(store.id, emailIds);
    deliverMessagesAfterCommit(store.id, messageIds);
  }
  return result;
}

/**
 * A code refused at placement (its last use went in a rush, it ended, the cart no longer fits it)
 * comes off the shopper's cart (issue 39): keeping it made every later Place order repeat the same
 * refusal, with only the summary's small Remove as a way out. The answer carries the total without
 * the code, which the page's reloaded summary shows and the next Place order is checked against.
 * Only this code is removed: another tab may have applied a different one meanwhile.
 */
async function dropRefusedCode(
  ctx: PlaceOrderContext,
  input: PlaceOrderInput,
  refused: CodeRefused,
): Promise<PlaceOrderResult> {
  const db = await getDb();
  return db.withStore(ctx.store.id, async (tx) => {
    await lockShopperCart(tx, ctx.userId);
    await clearCartCode(tx, ctx.store.id, ctx.userId, refused.codeId);
    const country = input.shipping.country || (await storeCountry(tx, ctx.store.id)).country;
    const price = await priceCheckout(tx, ctx.store.id, ctx.userId, {
      emails: [input.shipping.email],
      place: { country, city: input.shipping.city, postalCode: input.shipping.zipCode },
      rateId: input.shippingRateId,
    });
    const { totalCents } = totalsFor(price, input.paymentMethod);
    return { kind: "code-refused", code: refused.code, refusal: refused.refusal, totalCents };
  });
}

/**
 * Takes every line's quantity from its variant's stock, or throws (rolling back) naming the first
 * line short. Products in id order, and within one its variants in id order: each product row is
 * locked first (its sales counters), so two orders touching the same variants, or sibling
 * variants whose stock the product row sums up, always lock in the same order and never deadlock.
 */
async function takeStock(tx: Tx, storeId: string, price: CheckoutPrice): Promise<void> {
  const lines = [...price.lines].sort((a, b) =>
    a.productId !== b.productId ? (a.productId < b.productId ? -1 : 1) : a.variantId < b.variantId ? -1 : 1,
  );
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  let counted: string | null = null;
  for (const line of lines) {
    if (counted !== line.productId) {
      counted = line.productId;
      const quantity = units.get(line.productId)!;
      await tx
        .update(products)
        .set({
          // Best Seller and Trending move with the order (trending.server.ts).
          unitsSold: sql`${products.unitsSold} + ${quantity}`,
          unitsSold7d: sql`${products.unitsSold7d} + ${quantity}`,
        })
        .where(and(eq(products.storeId, storeId), eq(products.id, line.productId)));
    }
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(
        and(
          inStore(productVariants, storeId, { id: line.variantId, active: true }),
          gte(productVariants.stock, line.quantity),
        ),
      )
      .returning({ id: productVariants.id });
    if (taken.length === 0) {
      const [now] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, line.variantId)));
      throw new Rollback({
        kind: "out-of-stock",
        nameEn: line.nameEn,
        nameAr: line.nameAr,
        stock: Math.max(0, now?.stock ?? 0),
      });
    }
  }
}
