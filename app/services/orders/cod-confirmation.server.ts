/**
 * Cash On Delivery orders confirmed by the shopper before they ship (issue 34, decision 040).
 *
 * A store that asks for it places COD orders `awaiting_confirmation` (stock and code use held as
 * for any placed order) with two due times on the order row: `confirm_remind_at` (a reminder,
 * cleared once sent) and `confirm_cancel_at` (the end of the window). The shopper gets a signed
 * link (`/confirm-order/<token>`: HMAC of the store, the order and the window's end, so it expires
 * with the window and another store's link is not found) and confirms or cancels there or on their
 * order page; staff confirm or refuse by phone (order-transitions.server.ts).
 *
 * Every way out of `awaiting_confirmation` is a conditional change of the order row: the confirm is
 * `UPDATE … WHERE status = 'awaiting_confirmation'`, the cancels lock the row and check the same
 * status (cancelOrderIn with `onlyFrom`). Whichever commits first wins; the other finds the new
 * status and does nothing, so a confirm racing the auto-cancel ends in one state and one restock,
 * and a second click on a used link changes nothing (single use).
 *
 * The sweep (every minute, in every process, like the outbox's) asks which stores have due
 * orders, then per store claims reminders with a conditional UPDATE … RETURNING (one process
 * sends each) and cancels due orders one by one as above. The due times live in the database, so
 * a restart loses nothing.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { orderEvents, orderItems, orders, storeSettings } from "~/db/schema";
import { readSignedToken, signedToken } from "~/lib/signed-link.server";
import { getT } from "~/lib/i18n";
import { errorFields, logger } from "~/lib/log.server";
import { startSweeps } from "~/lib/sweeps.server";
import { deliverAfterCommit, enqueueEmails } from "~/services/email/email.server";
import { formatMoney } from "~/lib/money";
import {
  deliverMessagesAfterCommit,
  enqueueMessages,
  type TextMessage,
} from "~/services/messages/messages.server";
import type { EmailStore } from "~/services/email/email-templates.server";
import { loadEmailStore } from "~/services/email/email-store.server";
import { linesInEmailOrder, orderEmailMessage, sendOrderEmail } from "./order-emails.server";
import { cancelOrderIn, readOrder, type OrderDetails } from "./orders.server";
import { inStore } from "~/db/store-scope";

export const COD_CONFIRM_SWEEP_MS = 60_000;

export interface CodConfirmSettings {
  enabled: boolean;
  remindHours: number;
  cancelHours: number;
}

export const COD_CONFIRM_DEFAULTS: CodConfirmSettings = { enabled: false, remindHours: 6, cancelHours: 24 };

export async function loadCodConfirmSettings(tx: Tx, storeId: string): Promise<CodConfirmSettings> {
  const [row] = await tx
    .select({
      enabled: storeSettings.codConfirm,
      remindHours: storeSettings.codConfirmRemindHours,
      cancelHours: storeSettings.codConfirmCancelHours,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row ?? COD_CONFIRM_DEFAULTS;
}

// ── The signed link ──

/** The token of an order's link: valid for this store and order until `expiresAt` (the window's end). */
export function confirmationToken(storeId: string, orderId: string, expiresAt: Date): string {
  return signedToken("cod-confirm", storeId, orderId, expiresAt);
}

export const confirmationLink = (origin: string, token: string) => `${origin}/confirm-order/${token}`;

export type TokenCheck =
  { kind: "valid"; orderId: string } | { kind: "expired"; orderId: string } | { kind: "invalid" };

/** Whether `token` was signed for this store (any current secret); expired ones are told apart. */
export function readConfirmationToken(storeId: string, token: string, now = new Date()): TokenCheck {
  const check = readSignedToken("cod-confirm", storeId, token, now);
  return check.kind === "invalid" ? check : { kind: check.kind, orderId: check.id };
}

/** The email that asks the shopper to confirm (placed) or reminds them, with the link. */
export function confirmationEmail(
  mail: EmailStore,
  order: typeof orders.$inferSelect,
  lines: readonly (typeof orderItems.$inferSelect)[],
  kind: "order-awaiting-confirmation" | "order-confirmation-reminder",
) {
  const token = confirmationToken(order.storeId, order.id, order.confirmCancelAt ?? new Date());
  return orderEmailMessage(mail, order, linesInEmailOrder(lines), kind, {
    link: confirmationLink(mail.origin, token),
    label: getT(order.locale)("codConfirmation.email.action"),
  });
}

/**
 * The SMS and the WhatsApp message that ask the shopper to confirm (placed) or remind them, in
 * the order's language, with the same link as the email; none without a mobile number read as
 * E.164 (orders placed before it was kept).
 */
export function confirmationTexts(
  mail: EmailStore,
  order: typeof orders.$inferSelect,
  kind: "order-awaiting-confirmation" | "order-confirmation-reminder",
): TextMessage[] {
  if (!order.phoneE164) return [];
  const token = confirmationToken(order.storeId, order.id, order.confirmCancelAt ?? new Date());
  const body = getT(order.locale)(
    kind === "order-awaiting-confirmation"
      ? "codConfirmation.message.placed"
      : "codConfirmation.message.reminder",
    {
      store: mail.name,
      number: order.number,
      total: formatMoney(order.totalCents, order.currency, order.locale),
      link: confirmationLink(mail.origin, token),
    },
  );
  return (["sms", "whatsapp"] as const).map((channel) => ({
    channel,
    to: order.phoneE164!,
    body,
    kind,
    locale: order.locale,
    orderId: order.id,
  }));
}

// ── Leaving awaiting_confirmation ──

export const CONFIRMED_BY_SHOPPER = "Confirmed by the shopper";
export const CANCELLED_BY_SHOPPER = "Cancelled by the shopper";
export const CANCELLED_UNCONFIRMED = "Not confirmed in time";

export type ConfirmActor = { kind: "shopper"; userId: string } | { kind: "admin"; userId: string };

/**
 * Confirms an order still awaiting confirmation: one conditional UPDATE, so a cancel (the
 * sweep's, the shopper's other tab) that committed first leaves it alone. Returns whether it did.
 */
export async function confirmAwaitingOrder(
  storeId: string,
  orderId: string,
  actor: ConfirmActor,
  note: string,
  mail?: EmailStore,
): Promise<boolean> {
  const db = await getDb();
  const done = await db.withStore(storeId, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: "confirmed", confirmRemindAt: null, confirmCancelAt: null, updatedAt: sql`now()` })
      .where(inStore(orders, storeId, { id: orderId, status: "awaiting_confirmation" }))
      .returning({ id: orders.id });
    if (!row) return false;
    await tx.insert(orderEvents).values({
      storeId,
      orderId,
      type: "status",
      fromStatus: "awaiting_confirmation",
      toStatus: "confirmed",
      note,
      actorUserId: actor.userId,
    });
    return true;
  });
  if (done && mail) await sendOrderEmail(storeId, mail, orderId, "order-confirmed");
  return done;
}

/**
 * Cancels an order still awaiting confirmation (the shopper's "Cancel it", the sweep): the same
 * effects as any cancel (stock, code use, Trending back), only if it is still awaiting.
 */
export async function cancelAwaitingOrder(
  storeId: string,
  orderId: string,
  note: string,
  actor: { kind: "shopper"; userId: string } | { kind: "system" },
  mail?: EmailStore,
): Promise<boolean> {
  const db = await getDb();
  const result = await db.withStore(storeId, (tx) =>
    cancelOrderIn(tx, storeId, { id: orderId }, note, actor, "awaiting_confirmation"),
  );
  const done = result.kind === "cancelled";
  if (done && mail) await sendOrderEmail(storeId, mail, orderId, "order-cancelled");
  return done;
}

// ── The public page ──

export type ConfirmationPage =
  | { kind: "not-found" }
  | { kind: "expired"; order: OrderDetails }
  | { kind: "open"; order: OrderDetails; cancelAt: Date };

/** What the link shows: not found for a bad or another store's token. */
export async function getConfirmationPage(
  storeId: string,
  token: string,
  now = new Date(),
): Promise<ConfirmationPage> {
  const check = readConfirmationToken(storeId, token, now);
  if (check.kind === "invalid") return { kind: "not-found" };
  const db = await getDb();
  const found = await db.withStore(storeId, async (tx) => {
    const order = await readOrder(tx, and(eq(orders.storeId, storeId), eq(orders.id, check.orderId))!);
    if (!order) return null;
    const [due] = await tx
      .select({ cancelAt: orders.confirmCancelAt })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, check.orderId)));
    return { order, cancelAt: due?.cancelAt ?? null };
  });
  if (!found) return { kind: "not-found" };
  if (check.kind === "expired") return { kind: "expired", order: found.order };
  return { kind: "open", order: found.order, cancelAt: found.cancelAt ?? now };
}

/**
 * The link's buttons: `confirm` or `cancel` an order the token names, if still awaiting.
 * "not-found" for a bad token, "expired" past the window, "unchanged" when it already left
 * awaiting_confirmation (the link was used, or the order moved on).
 */
export async function answerByLink(
  storeId: string,
  token: string,
  answer: "confirm" | "cancel",
  mail?: EmailStore,
  now = new Date(),
): Promise<"not-found" | "expired" | "unchanged" | "confirmed" | "cancelled"> {
  const check = readConfirmationToken(storeId, token, now);
  if (check.kind === "invalid") return "not-found";
  const db = await getDb();
  const [order] = await db.withStore(storeId, (tx) =>
    tx
      .select({ userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, check.orderId))),
  );
  if (!order) return "not-found";
  if (check.kind === "expired") return "expired";
  const actor = { kind: "shopper" as const, userId: order.userId };
  if (answer === "confirm")
    return (await confirmAwaitingOrder(storeId, check.orderId, actor, CONFIRMED_BY_SHOPPER, mail))
      ? "confirmed"
      : "unchanged";
  return (await cancelAwaitingOrder(storeId, check.orderId, CANCELLED_BY_SHOPPER, actor, mail))
    ? "cancelled"
    : "unchanged";
}

// ── The sweep ──

export interface SweepResult {
  stores: number;
  reminded: number;
  cancelled: number;
}

/**
 * Sends the due reminders and cancels the orders whose window ended, at `now` (tests pass a
 * later clock). Safe in several processes at once: a reminder is claimed by the UPDATE that
 * clears its due time, an order cancelled by the one transaction that still finds it awaiting.
 */
export async function sweepCodConfirmations(now = new Date()): Promise<SweepResult> {
  const db = await getDb();
  const due = rowsOf<{ store_id: string }>(
    await db.withPlatform((tx) =>
      tx.execute(
        sql`select store_id from platform_stores_with_due_cod_confirmations(${now.toISOString()}::timestamptz)`,
      ),
    ),
  );
  const result: SweepResult = { stores: due.length, reminded: 0, cancelled: 0 };
  for (const { store_id: storeId } of due) {
    try {
      const mail = (await loadEmailStore(storeId)) ?? undefined;
      result.cancelled += await cancelDue(storeId, now, mail);
      result.reminded += await remindDue(storeId, now, mail);
    } catch (error) {
      // A closed pool or a deadlock: the next sweep tries again (the rows are still due).
      logger.error({ store: storeId, ...errorFields(error) }, "COD confirmation sweep of a store failed");
    }
  }
  return result;
}

async function cancelDue(storeId: string, now: Date, mail?: EmailStore): Promise<number> {
  const db = await getDb();
  const ids = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.status, "awaiting_confirmation"),
          lte(orders.confirmCancelAt, now),
        ),
      )
      .orderBy(asc(orders.confirmCancelAt))
      .limit(500),
  );
  let cancelled = 0;
  for (const { id } of ids)
    if (await cancelAwaitingOrder(storeId, id, CANCELLED_UNCONFIRMED, { kind: "system" }, mail)) cancelled++;
  return cancelled;
}

async function remindDue(storeId: string, now: Date, mail?: EmailStore): Promise<number> {
  const db = await getDb();
  const { count, emailIds, messageIds } = await db.withStore(storeId, async (tx) => {
    // Claimed: the due time is cleared in the same statement, so one sweep sends each reminder.
    const claimed = await tx
      .update(orders)
      .set({ confirmRemindAt: null })
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.status, "awaiting_confirmation"),
          isNotNull(orders.confirmRemindAt),
          lte(orders.confirmRemindAt, now),
        ),
      )
      .returning();
    if (claimed.length === 0) return { count: 0, emailIds: [] as string[], messageIds: [] as string[] };
    await tx.insert(orderEvents).values(
      claimed.map((order) => ({
        storeId,
        orderId: order.id,
        type: "reminder",
        note: "Confirmation reminder sent",
      })),
    );
    if (!mail) return { count: claimed.length, emailIds: [] as string[], messageIds: [] as string[] };
    const lines = await tx
      .select()
      .from(orderItems)
      .where(
        and(
          eq(orderItems.storeId, storeId),
          inArray(
            orderItems.orderId,
            claimed.map((order) => order.id),
          ),
        ),
      );
    const emailIds = await enqueueEmails(
      tx,
      storeId,
      claimed.map((order) =>
        confirmationEmail(
          mail,
          order,
          lines.filter((line) => line.orderId === order.id),
          "order-confirmation-reminder",
        ),
      ),
    );
    const messageIds = await enqueueMessages(
      tx,
      storeId,
      claimed.flatMap((order) => confirmationTexts(mail, order, "order-confirmation-reminder")),
    );
    return { count: claimed.length, emailIds, messageIds };
  });
  deliverAfterCommit(storeId, emailIds);
  deliverMessagesAfterCommit(storeId, messageIds);
  return count;
}

/** Sweeps shortly after start and every `intervalMs`; several processes at once are safe. */
export function startCodConfirmationSweeps(intervalMs = COD_CONFIRM_SWEEP_MS): () => void {
  return startSweeps("COD confirmation sweep", sweepCodConfirmations, intervalMs);
}

/** The signed-in shopper's "Confirm my order" on their order page: their own order, still awaiting. */
export async function confirmShopperOrder(
  storeId: string,
  userId: string,
  number: number,
  mail?: EmailStore,
): Promise<"not-found" | "unchanged" | "confirmed"> {
  const db = await getDb();
  const [order] = await db.withStore(storeId, (tx) =>
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(inStore(orders, storeId, { number, userId })),
  );
  if (!order) return "not-found";
  const done = await confirmAwaitingOrder(
    storeId,
    order.id,
    { kind: "shopper", userId },
    CONFIRMED_BY_SHOPPER,
    mail,
  );
  return done ? "confirmed" : "unchanged";
}
