/**
 * Discount codes at checkout (issue 20, decision 029): finding the code a shopper typed, deciding
 * whether it may be used on their cart now (one refusal, in a fixed order, with what the shopper
 * needs to act on it), and at placement claiming a use race-safely and giving it back on cancel.
 * The arithmetic is the pricing core's (`priceCode`, decision 011); this module only decides.
 *
 * Every function runs inside the caller's store transaction (RLS scope), store id explicit.
 */
import { and, count, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import {
  cartDiscountCodes,
  discountCodes,
  discountCodeTargets,
  discountRedemptions,
  users,
} from "~/db/schema";
import type { CodeRefusal } from "~/lib/discount-codes";
import {
  priceCode,
  type CodePrice,
  type CodeRule,
  type PriceInput,
  type PricedLine,
} from "~/services/pricing/pricing.server";

import type { AppliedCode } from "~/services/pricing/contract";
import { inStore } from "~/db/store-scope";

export type { AppliedCode, CodeRefusal };

export interface LoadedCode extends CodeRule {
  id: string;
  code: string;
  minSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perShopperLimit: number | null;
  active: boolean;
  uses: number;
}

/** The cart a code is judged against: its buyable lines, priced with the running sales. */
export interface CodeCart {
  lines: readonly PriceInput[];
  priced: readonly PricedLine[];
  shippingCents: number;
  userId: string;
  /** Emails of this shopper besides the account's (the order's delivery email), any case. */
  emails?: readonly string[];
}

const codeColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  value: discountCodes.value,
  minSubtotalCents: discountCodes.minSubtotalCents,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  perShopperLimit: discountCodes.perShopperLimit,
  scope: discountCodes.scope,
  active: discountCodes.active,
  uses: discountCodes.uses,
};

async function withTargets(tx: Tx, storeId: string, row: Omit<LoadedCode, "categoryIds" | "productIds">) {
  const code: LoadedCode = { ...row, categoryIds: new Set(), productIds: new Set() };
  if (row.scope === "store") return code;
  const targets = await tx
    .select({ categoryId: discountCodeTargets.categoryId, productId: discountCodeTargets.productId })
    .from(discountCodeTargets)
    .where(and(eq(discountCodeTargets.storeId, storeId), eq(discountCodeTargets.discountCodeId, row.id)));
  for (const target of targets) {
    if (target.categoryId) code.categoryIds.add(target.categoryId);
    if (target.productId) code.productIds.add(target.productId);
  }
  return code;
}

/** Codes are letters, digits, "-" and "_"; anything else can never match one. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** The store's code spelled `text` in any case, or null. */
export async function findCode(tx: Tx, storeId: string, text: string): Promise<LoadedCode | null> {
  const typed = text.trim();
  if (!CODE_PATTERN.test(typed)) return null;
  const [row] = await tx
    .select(codeColumns)
    .from(discountCodes)
    .where(
      and(eq(discountCodes.storeId, storeId), sql`lower(${discountCodes.code}) = ${typed.toLowerCase()}`),
    );
  return row ? withTargets(tx, storeId, row) : null;
}

async function codeById(tx: Tx, storeId: string, id: string): Promise<LoadedCode | null> {
  const [row] = await tx
    .select(codeColumns)
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
  return row ? withTargets(tx, storeId, row) : null;
}

/** The shopper's uses of a code still held (orders not cancelled), by account or by email. */
async function shopperUses(
  tx: Tx,
  storeId: string,
  codeId: string,
  userId: string,
  emails: readonly string[],
): Promise<number> {
  const lowered = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const who =
    lowered.length > 0
      ? or(eq(discountRedemptions.userId, userId), inArray(discountRedemptions.email, lowered))
      : eq(discountRedemptions.userId, userId);
  const [row] = await tx
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.storeId, storeId),
        eq(discountRedemptions.discountCodeId, codeId),
        isNull(discountRedemptions.releasedAt),
        who,
      ),
    );
  return Number(row?.n ?? 0);
}

async function accountEmail(tx: Tx, storeId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
  return row?.email ?? null;
}

export type CodeVerdict = { ok: true; price: CodePrice } | { ok: false; refusal: CodeRefusal };

/**
 * Whether `code` may be used on `cart` at `now`, and what it takes off. The first refusal that
 * holds, in this order: unknown (or switched off), not started, expired, used up, already used by
 * this shopper, applies to none of the items, minimum not reached (with how much is missing).
 */
export async function judgeCode(
  tx: Tx,
  storeId: string,
  code: LoadedCode,
  cart: CodeCart,
  now = new Date(),
): Promise<CodeVerdict> {
  if (!code.active) return { ok: false, refusal: { reason: "unknown" } };
  if (now.getTime() < code.startsAt.getTime()) return { ok: false, refusal: { reason: "not-started" } };
  if (code.endsAt && now.getTime() >= code.endsAt.getTime())
    return { ok: false, refusal: { reason: "expired" } };
  if (code.usageLimit !== null && code.uses >= code.usageLimit)
    return { ok: false, refusal: { reason: "used-up" } };
  if (code.perShopperLimit !== null) {
    const email = await accountEmail(tx, storeId, cart.userId);
    const emails = [...(cart.emails ?? []), ...(email ? [email] : [])];
    if ((await shopperUses(tx, storeId, code.id, cart.userId, emails)) >= code.perShopperLimit)
      return { ok: false, refusal: { reason: "used-by-you" } };
  }
  const price = priceCode(cart.lines, cart.priced, code, cart.shippingCents);
  if (price.eligibleLines === 0) return { ok: false, refusal: { reason: "no-items" } };
  if (price.eligibleCents < code.minSubtotalCents) {
    return {
      ok: false,
      refusal: {
        reason: "minimum",
        shortCents: code.minSubtotalCents - price.eligibleCents,
        scoped: code.scope !== "store",
      },
    };
  }
  return { ok: true, price };
}

/** The code on the shopper's cart, judged against it now; null when none is applied. */
export async function priceAppliedCode(
  tx: Tx,
  storeId: string,
  cart: CodeCart,
  now = new Date(),
): Promise<AppliedCode | null> {
  const [applied] = await tx
    .select({ id: cartDiscountCodes.discountCodeId })
    .from(cartDiscountCodes)
    .where(and(eq(cartDiscountCodes.storeId, storeId), eq(cartDiscountCodes.userId, cart.userId)));
  if (!applied) return null;
  const code = await codeById(tx, storeId, applied.id);
  if (!code) return null;
  const verdict = await judgeCode(tx, storeId, code, cart, now);
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    amountCents: verdict.ok ? verdict.price.amountCents : 0,
    refusal: verdict.ok ? null : verdict.refusal,
    reaches: verdict.ok ? verdict.price.reaches : [],
  };
}

/** Puts `codeId` on the shopper's cart, replacing any code there (one code per order). */
export async function setCartCode(tx: Tx, storeId: string, userId: string, codeId: string): Promise<void> {
  await tx
    .insert(cartDiscountCodes)
    .values({ storeId, userId, discountCodeId: codeId })
    .onConflictDoUpdate({
      target: [cartDiscountCodes.storeId, cartDiscountCodes.userId],
      set: { discountCodeId: codeId, appliedAt: sql`now()` },
    });
}

/** Takes the code off the shopper's cart; with `codeId`, only if that is the code there. */
export async function clearCartCode(
  tx: Tx,
  storeId: string,
  userId: string,
  codeId?: string,
): Promise<boolean> {
  const removed = await tx
    .delete(cartDiscountCodes)
    .where(
      and(
        eq(cartDiscountCodes.storeId, storeId),
        eq(cartDiscountCodes.userId, userId),
        codeId ? eq(cartDiscountCodes.discountCodeId, codeId) : undefined,
      ),
    )
    .returning({ id: cartDiscountCodes.discountCodeId });
  return removed.length > 0;
}

/**
 * Claims one use of a code for an order being placed, in the order's transaction. The
 * conditional UPDATE is the limit: it raises `uses` only while it is below the limit (and the
 * code is on and in its window), and its row lock makes every other checkout with this code wait
 * until this one commits or rolls back, so the count below it (the shopper's uses) is exact too.
 * Returns the refusal when the use cannot be had; the caller rolls the order back.
 */
export async function claimCodeUse(
  tx: Tx,
  storeId: string,
  codeId: string,
  shopper: { userId: string; email: string },
  now = new Date(),
): Promise<CodeRefusal | null> {
  const [claimed] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        inStore(discountCodes, storeId, { id: codeId, active: true }),
        lte(discountCodes.startsAt, now),
        or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now)),
        or(isNull(discountCodes.usageLimit), sql`${discountCodes.uses} < ${discountCodes.usageLimit}`),
      ),
    )
    .returning({ perShopperLimit: discountCodes.perShopperLimit });
  if (!claimed) {
    // Say why: it was switched off, ended or (most often, in a rush) its last use went.
    const code = await codeById(tx, storeId, codeId);
    if (!code || !code.active) return { reason: "unknown" };
    if (now.getTime() < code.startsAt.getTime()) return { reason: "not-started" };
    if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return { reason: "expired" };
    return { reason: "used-up" };
  }
  if (claimed.perShopperLimit !== null) {
    const email = await accountEmail(tx, storeId, shopper.userId);
    const emails = [shopper.email, ...(email ? [email] : [])];
    if ((await shopperUses(tx, storeId, codeId, shopper.userId, emails)) >= claimed.perShopperLimit)
      return { reason: "used-by-you" };
  }
  return null;
}

/** The use an order holds, recorded once the order row exists (same transaction as the claim). */
export async function recordCodeUse(
  tx: Tx,
  storeId: string,
  use: { codeId: string; orderId: string; userId: string; email: string; amountCents: number },
): Promise<void> {
  await tx.insert(discountRedemptions).values({
    storeId,
    discountCodeId: use.codeId,
    orderId: use.orderId,
    userId: use.userId,
    email: use.email.trim().toLowerCase(),
    amountCents: use.amountCents,
  });
}

/**
 * Gives a cancelled order's use back (called by cancelOrderIn, under the order's row lock): the
 * redemption is marked released once, and the code's count goes down by one. The order keeps its
 * code and amount as history.
 */
export async function releaseCodeUse(tx: Tx, storeId: string, orderId: string): Promise<void> {
  const released = await tx
    .update(discountRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        eq(discountRedemptions.storeId, storeId),
        eq(discountRedemptions.orderId, orderId),
        isNull(discountRedemptions.releasedAt),
      ),
    )
    .returning({ codeId: discountRedemptions.discountCodeId });
  for (const { codeId } of released) {
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, codeId)));
  }
}
