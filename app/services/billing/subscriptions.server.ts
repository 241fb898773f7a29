/**
 * A store's subscription to the platform (DESIGN §5, issue 12): what /admin/billing shows, plan
 * checkout (Stripe Checkout in subscription mode) and the billing portal, and the one way the
 * store's subscription columns are written: from the subscription as Stripe has it now, so events
 * that arrive late, twice or out of order all leave the same state behind.
 */
import { eq, sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "~/db/client.server";
import { packages, stores } from "~/db/schema";
import { getStripe, stripeConfigured, type Stripe } from "~/services/stripe/stripe-client.server";
import { storeOrigin } from "~/services/store/store-origin.server";
import { onLivePlan } from "~/services/store/subscription-gate.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import { BILLING_PATH } from "./billing-path";
import { getPackage, listPackages, type PackageRow } from "./packages.server";

export { BILLING_PATH };

/** Stripe keeps these subscriptions billing (past_due: retrying a failed payment). */
const ALIVE = new Set(["trialing", "active", "past_due"]);
/** The trial's end is announced this many days before (Stripe's trial_will_end is 3 days too). */
export const TRIAL_WARNING_DAYS = 3;

type OriginStore = Pick<TenantStore, "id" | "name" | "slug" | "customDomain" | "matchedBy">;

export interface BillingView {
  configured: boolean;
  plan: Pick<PackageRow, "id" | "nameEn" | "nameAr" | "priceCents" | "currency"> | null;
  status: string | null;
  /** ISO timestamp, or null when the store has no period end (open). */
  periodEnd: string | null;
  /** The period end has passed: the store is behind the gate until it renews. */
  expired: boolean;
  hasCustomer: boolean;
  hasSubscription: boolean;
  /** A live Stripe subscription (trialing, active, past_due): plans change in the portal. */
  subscribed: boolean;
  /** On `plan` now (onLivePlan): that plan is "Your current plan", never offered to buy. */
  onPlan: boolean;
  packages: PackageRow[];
}

/** The store's plan and Stripe subscription columns, as the billing webhooks write them. */
export async function subscriptionRow(storeId: string) {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        name: stores.name,
        packageId: stores.packageId,
        customerId: stores.stripeCustomerId,
        subscriptionId: stores.stripeSubscriptionId,
        status: stores.subscriptionStatus,
        periodEnd: stores.subscriptionCurrentPeriodEnd,
      })
      .from(stores)
      .where(eq(stores.id, storeId)),
  );
  return row ?? null;
}

export async function getBilling(storeId: string): Promise<BillingView> {
  const [row, offered] = await Promise.all([subscriptionRow(storeId), listPackages({ activeOnly: true })]);
  const plan = row?.packageId ? await getPackage(row.packageId) : null;
  return {
    configured: stripeConfigured(),
    plan: plan
      ? {
          id: plan.id,
          nameEn: plan.nameEn,
          nameAr: plan.nameAr,
          priceCents: plan.priceCents,
          currency: plan.currency,
        }
      : null,
    status: row?.status ?? null,
    periodEnd: row?.periodEnd?.toISOString() ?? null,
    expired: Boolean(row?.periodEnd && row.periodEnd.getTime() <= Date.now()),
    hasCustomer: Boolean(row?.customerId),
    hasSubscription: Boolean(row?.subscriptionId),
    subscribed: Boolean(row?.subscriptionId && row.status && ALIVE.has(row.status)),
    onPlan: onLivePlan(row),
    packages: offered,
  };
}

/** What the admin frame warns about: a failed payment being retried, or a trial about to end. */
export type BillingAlert = { kind: "past-due" } | { kind: "trial-ending"; periodEnd: string } | null;

export async function billingAlert(storeId: string, now = new Date()): Promise<BillingAlert> {
  const row = await subscriptionRow(storeId);
  if (row?.status === "past_due") return { kind: "past-due" };
  const end = row?.periodEnd;
  if (row?.status === "trialing" && end && end > now) {
    if (end.getTime() - now.getTime() <= TRIAL_WARNING_DAYS * 86_400_000) {
      return { kind: "trial-ending", periodEnd: end.toISOString() };
    }
  }
  return null;
}

export type PlanCheckout =
  | { ok: true; url: string }
  | { ok: false; reason: "no-such-plan" | "not-configured" | "already-subscribed" | "current-plan" };

/**
 * Stripe Checkout in subscription mode for one of the plans on offer. The store's Stripe customer
 * is created once (idempotency key: the store's id) and kept, so the portal and every later
 * subscription find the same one. Metadata names the store and plan on the session and on the
 * subscription, so every billing event finds its way back.
 */
export async function startPlanCheckout(store: OriginStore, packageId: string): Promise<PlanCheckout> {
  const plan = await getPackage(packageId);
  if (!plan || !plan.active) return { ok: false, reason: "no-such-plan" };
  const row = await subscriptionRow(store.id);
  if (onLivePlan(row) && row?.packageId === plan.id) return { ok: false, reason: "current-plan" };
  if (!stripeConfigured()) return { ok: false, reason: "not-configured" };
  // A second Checkout would bill the store twice: a live subscription changes in the portal.
  if (row?.subscriptionId && row.status && ALIVE.has(row.status))
    return { ok: false, reason: "already-subscribed" };
  const stripe = getStripe();
  let customer = row?.customerId ?? null;
  if (!customer) {
    const created = await stripe.customers.create(
      { name: store.name, metadata: { storeId: store.id } },
      { idempotencyKey: `store-customer-${store.id}` },
    );
    customer = created.id;
    const db = await getDb();
    await db.withStore(store.id, (tx) =>
      tx
        .update(stores)
        .set({ stripeCustomerId: sql`coalesce(${stores.stripeCustomerId}, ${created.id})` })
        .where(eq(stores.id, store.id)),
    );
  }
  const origin = storeOrigin(store);
  const metadata = { storeId: store.id, packageId: plan.id };
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: store.id,
    line_items: [
      plan.stripePriceId
        ? { price: plan.stripePriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: plan.currency.toLowerCase(),
              unit_amount: plan.priceCents,
              recurring: { interval: plan.interval },
              product_data: { name: plan.nameEn },
            },
          },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: `${origin}${BILLING_PATH}?checkout=done`,
    cancel_url: `${origin}${BILLING_PATH}`,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { ok: true, url: session.url };
}

/** The billing portal for the store's customer; null when the store has none ('stripeId not found!'). */
export async function billingPortalUrl(store: OriginStore): Promise<string | null> {
  const row = await subscriptionRow(store.id);
  if (!row?.customerId || !stripeConfigured()) return null;
  const portal = await getStripe().billingPortal.sessions.create({
    customer: row.customerId,
    return_url: `${storeOrigin(store)}${BILLING_PATH}`,
  });
  return portal.url;
}

/** The billing period end of a subscription: its first item's, since API version 2025-03-31. */
function periodEndOf(subscription: Stripe.Subscription): number | null {
  const item = subscription.items.data[0];
  const end = item?.current_period_end ?? null;
  if (ALIVE.has(subscription.status)) return end;
  // Ended (canceled, unpaid…): the store closes when the subscription ended, not at a period end
  // Stripe would no longer bill, and no later than now: a test clock ahead of our clock ends a
  // subscription at a future time, yet an ended subscription must not keep the store open.
  const nowSeconds = Math.floor(Date.now() / 1000);
  const ended = Math.min(subscription.ended_at ?? subscription.canceled_at ?? nowSeconds, nowSeconds);
  return end === null ? ended : Math.min(end, ended);
}

export type SyncOutcome = "applied" | "ignored";

/**
 * Writes the store's subscription columns from `subscription` as Stripe has it now, inside the
 * caller's transaction (the webhook's, scoped to the store). A subscription other than the
 * store's current one may replace it only while it is alive: an old plan's cancellation never
 * closes a store that moved to a new one.
 */
export async function applySubscription(
  tx: Tx,
  storeId: string,
  subscription: Stripe.Subscription,
): Promise<SyncOutcome> {
  const [store] = await tx
    .select({ subscriptionId: stores.stripeSubscriptionId, customerId: stores.stripeCustomerId })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for("update");
  if (!store) return "ignored";
  const customer =
    typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  if (store.customerId && store.customerId !== customer) return "ignored";
  if (store.subscriptionId && store.subscriptionId !== subscription.id && !ALIVE.has(subscription.status)) {
    return "ignored";
  }
  const end = periodEndOf(subscription);
  const packageId = await packageOf(tx, subscription);
  await tx
    .update(stores)
    .set({
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionCurrentPeriodEnd: end === null ? null : new Date(end * 1000),
      ...(packageId ? { packageId } : {}),
    })
    .where(eq(stores.id, storeId));
  return "applied";
}

/** The plan a subscription is for: named in its metadata, else found by its price id. */
async function packageOf(tx: Tx, subscription: Stripe.Subscription): Promise<string | null> {
  const named = subscription.metadata?.packageId;
  const priceId = subscription.items.data[0]?.price?.id ?? null;
  const [found] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      sql`${packages.id}::text = ${named ?? ""} or (${priceId}::text is not null and ${packages.stripePriceId} = ${priceId})`,
    )
    .orderBy(sql`${packages.id}::text = ${named ?? ""} desc`)
    .limit(1);
  return found?.id ?? null;
}

/** The store a Stripe customer belongs to (platform-wide: RLS hides other stores' rows). */
export async function storeIdByCustomer(customerId: string): Promise<string | null> {
  const db = await getDb();
  const found = await db.withPlatform((tx) =>
    tx.execute(sql`select id from platform_store_by_stripe_customer(${customerId})`),
  );
  return rowsOf<{ id: string }>(found)[0]?.id ?? null;
}

/**
 * SPEC §7's subscription check: the period end (seconds) of the store with this Stripe customer,
 * for that store's admin (`storeId` given: only its own customer) or staff (any). Null → 404.
 */
export async function checkSubscription(
  customerId: string,
  asker: { storeId: string } | { staff: true },
): Promise<{ current_period_end: number } | null> {
  if (!/^cus_[A-Za-z0-9]{1,250}$/.test(customerId)) return null;
  const db = await getDb();
  const found = await db.withPlatform((tx) =>
    tx.execute(
      sql`select id, subscription_current_period_end from platform_store_by_stripe_customer(${customerId})`,
    ),
  );
  const row = rowsOf<{ id: string; subscription_current_period_end: string | Date | null }>(found)[0];
  if (!row) return null;
  if ("storeId" in asker && asker.storeId !== row.id) return null;
  const end = row.subscription_current_period_end;
  return { current_period_end: end ? Math.floor(new Date(end).getTime() / 1000) : 0 };
}
