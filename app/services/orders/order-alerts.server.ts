/**
 * New-order alerts (issue 20, decision 030): every admin of the store who has not turned them off
 * gets one email per placed order, in the admin's own language (the store's default when they
 * never chose one), with the order number, its lines (options and SKU), the discount code, total,
 * payment method, delivery address and a link to the order's admin page on the store's
 * canonical host. A Cash On Delivery order is news when it is placed; a card order when its
 * payment is confirmed (the webhook), so an abandoned card checkout alerts nobody.
 *
 * A checkout writes them into the outbox in the order's own transaction (`alertRecipients` +
 * `orderAlertEmail`); a webhook sends them after its commit (`sendNewOrderAlerts`, never thrown).
 * A mail failure cannot undo or fail a checkout or a webhook: a failed message stays in
 * `email_outbox` with status "failed" and its error, is tried again, and the log says which
 * order it was for.
 */
import "~/lib/i18n.server";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { stores, users, type orderItems, type orders } from "~/db/schema";
import { joinAddress } from "~/lib/address";
import { nameWithVariant } from "~/lib/variants";
import { DEFAULT_LOCALE, getT, type Locale } from "~/lib/i18n";
import { emailFrame, escapeHtml } from "~/services/email/email-frame.server";
import { formatMoney } from "~/lib/money";
import { sendEmail, type EmailMessage } from "~/services/email/email.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { loadEmailStoreOrLog } from "~/services/email/email-store.server";
import { linesInEmailOrder, readOrderForEmail, type OrderEmail } from "./order-emails.server";
import { errorFields, logger } from "~/lib/log.server";
import { inStore } from "~/db/store-scope";

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderItems.$inferSelect;

export const ORDER_ALERT_KIND = "new-order-alert";

/** An admin who gets new-order alerts, with the language they are written in. */
export interface AlertRecipient {
  email: string;
  name: string;
  locale: Locale;
}

/** The store's admins who want new-order alerts (not blocked, not turned off). */
export async function alertRecipients(tx: Tx, storeId: string): Promise<AlertRecipient[]> {
  const [row] = await tx
    .select({ defaultLocale: stores.defaultLocale })
    .from(stores)
    .where(eq(stores.id, storeId));
  const storeLocale = row?.defaultLocale ?? DEFAULT_LOCALE;
  const admins = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(inStore(users, storeId, { isAdmin: true, orderAlerts: true }), isNull(users.blockedAt)));
  return admins.map((admin) => ({
    email: admin.email,
    name: admin.name,
    locale: admin.locale ?? storeLocale,
  }));
}

/** The alert to each admin who wants it. Returns how many were handed to the outbox. */
export async function sendNewOrderAlerts(
  storeId: string,
  store: EmailStore,
  orderId: string,
): Promise<number> {
  let sent = 0;
  try {
    const db = await getDb();
    const found = await db.withStore(storeId, async (tx) => {
      const read = await readOrderForEmail(tx, storeId, orderId);
      if (!read) return null;
      return {
        ...read,
        lines: linesInEmailOrder(read.lines),
        recipients: await alertRecipients(tx, storeId),
      };
    });
    if (!found) return 0;
    for (const recipient of found.recipients) {
      await sendEmail(storeId, orderAlertEmail(store, found.order, found.lines, recipient));
      sent += 1;
    }
  } catch (error) {
    // The order stands either way; the failure is in the log (and the outbox, when it got there).
    logger.error({ orderId, ...errorFields(error) }, "new-order alerts failed");
  }
  return sent;
}

/** After a webhook's transaction: the alerts for the card orders it confirmed as paid. */
export async function sendPaidOrderAlerts(storeId: string, emails: readonly OrderEmail[]): Promise<void> {
  const paid = emails.filter((email) => email.kind === "order-paid");
  if (paid.length === 0) return;
  const store = await loadEmailStoreOrLog(storeId, "new-order alerts");
  if (!store) return;
  for (const email of paid) await sendNewOrderAlerts(storeId, store, email.orderId);
}

/**
 * The new-order alert for one admin, in the admin's language: what to pick (each line with its
 * options and SKU as sold), the code used, and where it goes (with the phone and email a courier
 * or the shop may need); `lines` in the order shown.
 */
export function orderAlertEmail(
  store: EmailStore,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  admin: AlertRecipient,
): EmailMessage {
  const locale = admin.locale;
  const t = getT(locale);
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const vars = { store: store.name, name: admin.name, number: order.number, shopper: order.shipFullName };
  const subject = t("orderAlerts.email.subject", vars);
  const intro = [t("email.greeting", vars), t("orderAlerts.email.body", vars)];
  const items = lines.map((line) => ({
    name: nameWithVariant(line, locale),
    sku: line.sku ? `${t("orders.skuLabel")} ${line.sku}` : null,
    quantity: line.quantity,
    total: money(line.lineTotalCents),
  }));
  const facts: Array<[string, string]> = [
    [t("orders.orderId"), `#${order.number}`],
    ...(order.discountCode
      ? [
          [
            t("discounts.summaryLine", { code: order.discountCode }),
            `−${money(order.codeDiscountCents)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.codFeeCents > 0
      ? [[t("codControls.feeLine"), money(order.codFeeCents)] as [string, string]]
      : []),
    [t("orders.total"), money(order.totalCents)],
    [t("orders.paymentMethod"), t(order.paymentMethod === "cod" ? "payment.cod" : "payment.stripe")],
  ];
  const addressLabel = t("orders.deliveryAddress");
  const address = [
    joinAddress(
      {
        fullName: order.shipFullName,
        streetAddress: order.shipStreetAddress,
        zipCode: order.shipZipCode,
        city: order.shipCity,
      },
      locale,
    ),
    order.shipMobile,
    order.shipEmail,
  ];
  const link = `${store.origin}/admin/orders/${order.number}`;
  const action = t("orderAlerts.email.action");
  const footer = t("orderAlerts.email.footer", vars);
  const { start, end, page } = emailFrame(locale, store);
  const html = page(
    `${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${items.map((i) => `<tr style="border-bottom:1px solid #e5e7eb"><td style="text-align:${start}">${escapeHtml(i.name)} × ${i.quantity}${i.sku ? `<br><span style="font-size:13px;color:#555;font-family:monospace">${escapeHtml(i.sku)}</span>` : ""}</td><td style="text-align:${end}">${escapeHtml(i.total)}</td></tr>`).join("\n")}
${facts.map(([label, value]) => `<tr><td style="text-align:${start};font-weight:bold">${escapeHtml(label)}</td><td style="text-align:${end}">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p><strong>${escapeHtml(addressLabel)}</strong><br>${address.map(escapeHtml).join("<br>")}</p>`,
    { label: action, link },
    footer,
  );
  const text = [
    ...intro,
    items.map((i) => `${i.name} × ${i.quantity}: ${i.total}${i.sku ? ` (${i.sku})` : ""}`).join("\n"),
    facts.map(([label, value]) => `${label}: ${value}`).join("\n"),
    `${addressLabel}: ${address.join("\n")}`,
    `${action}: ${link}`,
    footer,
  ].join("\n\n");
  return {
    to: admin.email,
    subject,
    html,
    text,
    kind: ORDER_ALERT_KIND,
    locale,
    fromName: store.name,
  };
}

// ── The admin's own setting (/admin/profile) ──

export interface AlertPreferences {
  orderAlerts: boolean;
  /** The language the admin's emails are written in; null: the store's default. */
  locale: Locale | null;
}

export async function readAlertPreferences(storeId: string, userId: string): Promise<AlertPreferences> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({ orderAlerts: users.orderAlerts, locale: users.locale })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.id, userId))),
  );
  return row ?? { orderAlerts: true, locale: null };
}

export async function saveAlertPreferences(
  storeId: string,
  userId: string,
  preferences: { orderAlerts: boolean; locale: Locale },
): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx
      .update(users)
      .set({ orderAlerts: preferences.orderAlerts, locale: preferences.locale })
      .where(and(eq(users.storeId, storeId), eq(users.id, userId))),
  );
}
