/**
 * Order emails (issue 9, item 9): placed, paid, cancelled and refunded, in the language the
 * shopper ordered in, dressed in the store's name and colour, with the lines, the total, the
 * delivery address and a link to the order. Owed by whoever made the change exactly once
 * (checkout, a cancel, a webhook event applied for the first time); a mail failure never undoes
 * an order (the outbox keeps the message with its error, and tries again). A checkout writes its
 * email into the outbox in the order's own transaction (`orderEmailMessage` + `enqueueEmails`);
 * the others send after their commit (`sendOrderEmail`).
 */
import { nameWithVariant } from "~/lib/variants";
import "~/lib/i18n.server";
import { and, asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { joinAddress } from "~/lib/address";
import { getT } from "~/lib/i18n";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { formatRate } from "~/lib/percent";
import { shownVatRates } from "./order-view.server";
import { formatMoney } from "~/lib/money";
import { sendEmail, type EmailMessage } from "~/services/email/email.server";
import { loadEmailStoreOrLog } from "~/services/email/email-store.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { errorFields, logger } from "~/lib/log.server";

export type OrderEmailKind =
  | "order-placed"
  | "order-paid"
  | "order-cancelled"
  | "order-refunded"
  // The store's steps (services/orders/order-transitions.server.ts).
  | "order-confirmed"
  | "order-shipped"
  | "order-delivered"
  | "order-payment-received"
  // A Cash On Delivery order waiting for the shopper (issue 34): its link is the confirmation page.
  | "order-awaiting-confirmation"
  | "order-confirmation-reminder";

/** An email owed for an order once its change has committed. */
export interface OrderEmail {
  orderId: string;
  kind: OrderEmailKind;
}

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderItems.$inferSelect;

/** The order's email of `kind`, in the language the shopper ordered in; `lines` in the order shown. */
export function orderEmailMessage(
  store: EmailStore,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  kind: OrderEmailKind,
  /** The button's link instead of the order page (the confirmation link, issue 34). */
  button?: { link: string; label: string },
): EmailMessage {
  const locale = order.locale;
  const t = getT(locale);
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const vars = { store: store.name, name: order.shipFullName, number: order.number };
  const subject = t(`email.${kind}.subject`, vars);
  const intro = [t("email.greeting", vars), t(`email.${kind}.body`, vars)];
  const link = button?.link ?? `${store.origin}/orders/${order.number}`;
  const action = button?.label ?? t("email.order.action");
  const items = lines.map((line) => ({
    name: nameWithVariant(line, locale),
    quantity: line.quantity,
    total: money(line.lineTotalCents),
  }));
  const addressLabel = t("orders.deliveryAddress");
  // The shipping rate the order was placed with (issue 33), its estimate or pickup hours after it.
  const rateName =
    locale === "ar" ? order.shippingRateNameAr || order.shippingRateNameEn : order.shippingRateNameEn;
  const rateEstimate = locale === "ar" ? order.shippingEstimateAr : order.shippingEstimateEn;
  const delivery = rateName
    ? t("email.shippingMethod", { name: rateEstimate ? `${rateName} (${rateEstimate})` : rateName })
    : null;
  const address = joinAddress(
    {
      fullName: order.shipFullName,
      streetAddress: order.shipStreetAddress,
      zipCode: order.shipZipCode,
      city: order.shipCity,
    },
    locale,
  );
  const totals = [
    ...(order.shippingCents > 0 ? [[t("orders.shipping"), money(order.shippingCents)]] : []),
    ...(order.codFeeCents > 0 ? [[t("codControls.feeLine"), money(order.codFeeCents)]] : []),
    // The discount code the order used and what it took off (decision 029).
    ...(order.discountCode
      ? [[t("discounts.summaryLine", { code: order.discountCode }), `−${money(order.codeDiscountCents)}`]]
      : []),
    // VAT as charged (issue 35): a row per rate on top, or what the total includes.
    // Only rates above 0 % that something was charged at (shownVatRates): no "VAT (0%)" row.
    ...shownVatRates(order.vatRates)
      .filter(() => order.vatInclusive === false)
      .map((rate) => [t("tax.summary.line", { rate: formatRate(rate.rateBp, locale) }), money(rate.vat)]),
    [t("orders.total"), money(order.totalCents)],
    ...shownVatRates(order.vatRates)
      .filter(() => order.vatInclusive === true)
      .map((rate) => [
        t("tax.summary.includedLabel", { rate: formatRate(rate.rateBp, locale) }),
        money(rate.vat),
      ]),
  ];
  const { start, end, page } = emailFrame(locale, store);
  const html = page(
    `${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${items.map((i) => `<tr style="border-bottom:1px solid #e5e7eb"><td style="text-align:${start}">${escapeHtml(i.name)} × ${i.quantity}</td><td style="text-align:${end}">${escapeHtml(i.total)}</td></tr>`).join("\n")}
${totals.map(([label, value]) => `<tr><td style="text-align:${start};font-weight:bold">${escapeHtml(label!)}</td><td style="text-align:${end};font-weight:bold">${escapeHtml(value!)}</td></tr>`).join("\n")}
</table>
${delivery ? `<p>${escapeHtml(delivery)}</p>\n` : ""}<p><strong>${escapeHtml(addressLabel)}</strong><br>${escapeHtml(address)}</p>`,
    { label: action, link },
    t("email.footer", vars),
  );
  const text = [
    ...intro,
    items.map((i) => `${i.name} × ${i.quantity}: ${i.total}`).join("\n"),
    totals.map(([label, value]) => `${label}: ${value}`).join("\n"),
    ...(delivery ? [delivery] : []),
    `${addressLabel}: ${address}`,
    `${action}: ${link}`,
    t("email.footer", vars),
  ].join("\n\n");
  return { to: order.shipEmail, subject, html, text, kind, locale, fromName: store.name };
}

/** Lines as the emails list them (by English name, as `sendOrderEmail` reads them). */
export function linesInEmailOrder(lines: readonly OrderLineRow[]): OrderLineRow[] {
  return [...lines].sort((a, b) => (a.nameEn < b.nameEn ? -1 : a.nameEn > b.nameEn ? 1 : 0));
}

/** The order and its lines (by English name, as the database sorts them) for an email; null if gone. */
export async function readOrderForEmail(tx: Tx, storeId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!order) return null;
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.nameEn));
  return { order, lines };
}

/** Reads the order and sends its email of `kind` now; never throws (the order stands either way). */
export async function sendOrderEmail(
  storeId: string,
  store: EmailStore,
  orderId: string,
  kind: OrderEmailKind,
): Promise<void> {
  try {
    const db = await getDb();
    const found = await db.withStore(storeId, (tx) => readOrderForEmail(tx, storeId, orderId));
    if (!found) return;
    await sendEmail(storeId, orderEmailMessage(store, found.order, found.lines, kind));
  } catch (error) {
    // The order stands either way; the failure is in the log (and the outbox, when it got there).
    logger.error({ kind, orderId, ...errorFields(error) }, "order email failed");
  }
}

/** Sends emails owed after a webhook's transaction; the store is read once, and only if needed. */
export async function sendOrderEmails(storeId: string, emails: readonly OrderEmail[]): Promise<void> {
  if (emails.length === 0) return;
  const store = await loadEmailStoreOrLog(storeId, "order emails");
  if (!store) return;
  for (const email of emails) await sendOrderEmail(storeId, store, email.orderId, email.kind);
}
