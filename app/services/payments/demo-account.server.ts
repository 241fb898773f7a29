/**
 * The demo with card payments (README, issue 9): when the app talks to the project's Stripe test
 * server (STRIPE_API_BASE and a key are set), the demo stores get a connected account that can
 * take charges there, as if their owner had gone through Payment Options, so 'Pay With Stripe'
 * works at once. The test server keeps accounts in memory only, so this runs at every start: an
 * account the server still knows is kept (it may be one the owner connected), one it forgot is
 * replaced. Against Stripe itself (no STRIPE_API_BASE), or without keys, nothing happens; a test
 * server that does not answer is reported and skipped, never stopping the app from starting.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stores } from "~/db/schema";
import { storeIdBySlug } from "~/services/store/tenancy.server";
import { getStripe, stripeConfigured, type Stripe } from "~/services/stripe/stripe-client.server";
import { config } from "~/lib/config.server";

export type DemoAccountOutcome =
  { slug: string; kind: "kept" | "created"; accountId: string } | { slug: string; kind: "no-store" };

/**
 * Only the project's test server: a real Stripe account is never created behind an owner's back.
 * STRIPE_DEMO_CONNECT=0 turns it off (the browser tests connect a store through Payment Options).
 */
export const demoStripeAvailable = () =>
  stripeConfigured() && Boolean(config().stripe.apiBase) && config().stripe.demoConnect;

/** The account the test server still knows and that can take charges, or null. */
async function usableAccount(stripe: Stripe, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  try {
    const account = await stripe.accounts.retrieve(accountId);
    return account.charges_enabled ? account.id : null;
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") return null;
    throw error;
  }
}

/** A new account, onboarded through the test server's hosted form (as the owner would submit it). */
async function onboardedAccount(stripe: Stripe, storeId: string, slug: string): Promise<string> {
  const account = await stripe.accounts.create({ type: "express", metadata: { storeId } });
  const back = `http://${slug}.localhost/`;
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: "account_onboarding",
    refresh_url: back,
    return_url: back,
  });
  const submitted = await fetch(link.url, { method: "POST", redirect: "manual" });
  if (submitted.status !== 303) throw new Error(`onboarding form answered ${submitted.status}`);
  return account.id;
}

export async function connectDemoStore(slug: string): Promise<DemoAccountOutcome> {
  const storeId = await storeIdBySlug(slug);
  if (!storeId) return { slug, kind: "no-store" };
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx.select({ accountId: stores.stripeAccountId }).from(stores).where(eq(stores.id, storeId)),
  );
  const stripe = getStripe();
  const kept = await usableAccount(stripe, row?.accountId ?? null);
  const accountId = kept ?? (await onboardedAccount(stripe, storeId, slug));
  await db.withStore(storeId, (tx) =>
    tx
      .update(stores)
      .set({ stripeAccountId: accountId, stripeChargesEnabled: true })
      .where(eq(stores.id, storeId)),
  );
  return { slug, kind: kept ? "kept" : "created", accountId };
}

/** Connects each demo store that exists; returns lines for the start-up log (none when skipped). */
export async function connectDemoStores(slugs: readonly string[]): Promise<string[]> {
  if (!demoStripeAvailable()) return [];
  const lines: string[] = [];
  for (const slug of slugs) {
    try {
      const outcome = await connectDemoStore(slug);
      if (outcome.kind !== "no-store")
        lines.push(
          `Pay With Stripe: ${slug} ${outcome.kind === "kept" ? "uses" : "connected"} ${outcome.accountId}`,
        );
    } catch (error) {
      lines.push(
        `Pay With Stripe: ${slug} not connected, the Stripe test server at ${config().stripe.apiBase} did not answer (${(error as Error).message})`,
      );
    }
  }
  return lines;
}
