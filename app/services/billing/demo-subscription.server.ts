/**
 * The demo's plan as a real subscription (issue 21): when the app talks to the project's Stripe
 * test server (STRIPE_API_BASE and a key are set), a demo store on a live plan (the seeded Dye &
 * Shade Co. on Growth) gets a Stripe customer and a subscription to that plan's price there, and
 * its subscription columns are written from that subscription the way every billing webhook
 * writes them (applySubscription). So /admin/billing, the getting-started checklist, "Manage
 * billing" and the portal all see one state that Stripe holds.
 *
 * The test server keeps everything in memory, so this runs at every start (server.ts), like the
 * demo's connected account: a subscription the server still knows is kept whatever its status
 * (the owner may have cancelled it in the portal); one it forgot is replaced, with a new customer
 * if that was forgotten too. A store on a trial, an expired or cancelled plan, or no plan is left
 * as it is. Against Stripe itself (no STRIPE_API_BASE), or without keys, nothing happens; a test
 * server that does not answer is reported and skipped, never stopping the app from starting.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stores } from "~/db/schema";
import { config } from "~/lib/config.server";
import { storeIdBySlug } from "~/services/store/tenancy.server";
import { getStripe, stripeConfigured, type Stripe } from "~/services/stripe/stripe-client.server";
import { getPackage, type PackageRow } from "./packages.server";
import { onLivePlan } from "~/services/store/subscription-gate.server";
import { applySubscription, subscriptionRow } from "./subscriptions.server";

export type DemoSubscriptionOutcome =
  | { slug: string; kind: "kept" | "created"; subscriptionId: string; plan: string }
  | { slug: string; kind: "no-store" | "no-plan" };

/** Only the project's test server: a real subscription is never started behind an owner's back. */
export const demoBillingAvailable = () => stripeConfigured() && Boolean(config().stripe.apiBase);

const isMissing = (error: unknown) => (error as { code?: string }).code === "resource_missing";

async function known<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * The plan's price on the server: its Stripe price id when the server knows it, else the price
 * made for the plan earlier (metadata.packageId), else a new one at the plan's amount.
 */
async function planPrice(stripe: Stripe, plan: PackageRow): Promise<string> {
  const named = plan.stripePriceId ? await known(() => stripe.prices.retrieve(plan.stripePriceId!)) : null;
  if (named?.active && named.recurring) return named.id;
  const listed = await stripe.prices.list({ active: true, type: "recurring", limit: 100 });
  const made = listed.data.find(
    (price) =>
      price.metadata?.packageId === plan.id &&
      price.unit_amount === plan.priceCents &&
      price.currency === plan.currency.toLowerCase() &&
      price.recurring?.interval === plan.interval,
  );
  if (made) return made.id;
  const created = await stripe.prices.create({
    currency: plan.currency.toLowerCase(),
    unit_amount: plan.priceCents,
    recurring: { interval: plan.interval },
    product_data: { name: plan.nameEn },
    metadata: { packageId: plan.id },
  });
  return created.id;
}

export async function subscribeDemoStore(slug: string): Promise<DemoSubscriptionOutcome> {
  const storeId = await storeIdBySlug(slug);
  if (!storeId) return { slug, kind: "no-store" };
  const row = await subscriptionRow(storeId);
  const stripe = getStripe();
  const plan = row?.packageId ? await getPackage(row.packageId) : null;
  if (!row || !plan) return { slug, kind: "no-plan" };

  const kept = row.subscriptionId
    ? await known(() => stripe.subscriptions.retrieve(row.subscriptionId!))
    : null;
  if (kept) return { slug, kind: "kept", subscriptionId: kept.id, plan: plan.nameEn };
  if (!onLivePlan(row)) return { slug, kind: "no-plan" };

  const customer =
    (row.customerId ? await known(() => stripe.customers.retrieve(row.customerId!)) : null) ?? null;
  const customerId =
    customer && !("deleted" in customer && customer.deleted)
      ? customer.id
      : (
          await stripe.customers.create(
            { name: row.name, metadata: { storeId } },
            { idempotencyKey: `store-customer-${storeId}` },
          )
        ).id;
  // The store's customer first, so the subscription's own webhooks find it (not a forgotten one).
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx
      .update(stores)
      .set({ stripeCustomerId: customerId, stripeSubscriptionId: null })
      .where(eq(stores.id, storeId)),
  );
  const metadata = { storeId, packageId: plan.id };
  const subscription = await stripe.subscriptions.create(
    { customer: customerId, items: [{ price: await planPrice(stripe, plan) }], metadata },
    { idempotencyKey: `demo-subscription-${storeId}-${customerId}` },
  );
  await db.withStore(storeId, (tx) => applySubscription(tx, storeId, subscription));
  return { slug, kind: "created", subscriptionId: subscription.id, plan: plan.nameEn };
}

/** Subscribes each demo store on a live plan; returns lines for the start-up log (none when skipped). */
export async function subscribeDemoStores(slugs: readonly string[]): Promise<string[]> {
  if (!demoBillingAvailable()) return [];
  const lines: string[] = [];
  for (const slug of slugs) {
    try {
      const outcome = await subscribeDemoStore(slug);
      if (outcome.kind === "kept" || outcome.kind === "created")
        lines.push(
          `Billing: ${slug} ${outcome.kind === "kept" ? "keeps" : "subscribed to"} ${outcome.plan} (${outcome.subscriptionId})`,
        );
    } catch (error) {
      lines.push(
        `Billing: ${slug} not subscribed, the Stripe test server at ${config().stripe.apiBase} did not answer (${(error as Error).message})`,
      );
    }
  }
  return lines;
}
