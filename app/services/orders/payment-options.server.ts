/**
 * Which payment methods a store offers at checkout (DESIGN §5): Cash On Delivery when the store
 * enabled it; Pay With Stripe only when Stripe is configured on this server and the store's
 * connected account can take charges. Cash On Delivery has its own rules (decision 030): a fee,
 * a largest order total, and optionally only for shoppers whose email is verified.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { stores, storeSettings, users } from "~/db/schema";
import type { PaymentMethod } from "~/lib/validation/checkout";
import { config } from "~/lib/config.server";

export interface PaymentOptions {
  cod: boolean;
  card: boolean;
  /** The store has a charge-ready account but this server has no Stripe keys. */
  cardNotConfigured: boolean;
}

export const stripeConfigured = () => Boolean(config().stripe.secretKey);

export async function loadPaymentOptions(tx: Tx, storeId: string): Promise<PaymentOptions> {
  const [settings] = await tx
    .select({ cod: storeSettings.cashOnDeliveryEnabled })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  const [store] = await tx
    .select({ chargesEnabled: stores.stripeChargesEnabled, accountId: stores.stripeAccountId })
    .from(stores)
    .where(eq(stores.id, storeId));
  const connected = Boolean(store?.chargesEnabled && store.accountId);
  return {
    cod: settings?.cod ?? true,
    card: connected && stripeConfigured(),
    cardNotConfigured: connected && !stripeConfigured(),
  };
}

export const offers = (options: PaymentOptions, method: PaymentMethod) => options[method];

/** The store's Cash On Delivery rules, in minor units. */
export interface CodRule {
  feeCents: number;
  /** COD is offered for order totals (before its fee) up to this; null: no limit. */
  maxTotalCents: number | null;
  verifiedOnly: boolean;
}

export const NO_COD_RULE: CodRule = { feeCents: 0, maxTotalCents: null, verifiedOnly: false };

export async function loadCodRule(tx: Tx, storeId: string): Promise<CodRule> {
  const [row] = await tx
    .select({
      feeCents: storeSettings.codFeeCents,
      maxTotalCents: storeSettings.codMaxTotalCents,
      verifiedOnly: storeSettings.codVerifiedOnly,
    })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  return row ?? NO_COD_RULE;
}

/** Why Cash On Delivery is not offered to this shopper for this cart (the checkout says it). */
export type CodRefusal =
  | { kind: "over-max"; maxTotalCents: number }
  | { kind: "unverified" }
  /** The chosen shipping rate does not offer Cash On Delivery (issue 33). */
  | { kind: "rate"; nameEn: string; nameAr: string }
  /** The mobile number is not one of the address's country (issue 34, decision 040). */
  | { kind: "phone" }
  /** The store's "No Cash On Delivery after N refusals": this phone has refused that often. */
  | { kind: "refusals" };

/**
 * The ceiling is on the order's total before the COD fee (what the shopper saw before choosing
 * how to pay); a shopper who never verified an email (or no shopper at all) is refused when the
 * store asks for a verified one.
 */
export function codRefusal(
  rule: CodRule,
  totalCents: number,
  shopper: { emailVerified: boolean } | null,
): CodRefusal | null {
  if (rule.maxTotalCents !== null && totalCents > rule.maxTotalCents)
    return { kind: "over-max", maxTotalCents: rule.maxTotalCents };
  if (rule.verifiedOnly && !shopper?.emailVerified) return { kind: "unverified" };
  return null;
}

/** Whether the shopper's email is verified (a sign-in link used, a password reset by email). */
export async function shopperVerification(
  tx: Tx,
  storeId: string,
  userId: string,
): Promise<{ emailVerified: boolean } | null> {
  const [row] = await tx
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
  return row ? { emailVerified: row.verifiedAt !== null } : null;
}
