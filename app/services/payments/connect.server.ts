/**
 * Payment Options (DESIGN §5): Cash On Delivery on/off with its fee, ceiling and verified-email
 * rule (decision 030), and the store's Stripe Connect account
 * for Pay With Stripe. The account is created once (its metadata names the store, so its
 * `account.updated` events find their way back) and onboarded on Stripe's hosted page through
 * an account link whose return and refresh URLs are on the store's own host.
 */
import { changedFields, recordAudit } from "~/services/audit/audit.server";
import { loadCodConfirmSettings, type CodConfirmSettings } from "~/services/orders/cod-confirmation.server";
import { loadMaxRefusals } from "~/services/orders/cod-refusals.server";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stores, storeSettings } from "~/db/schema";
import { storeOrigin } from "~/services/store/store-origin.server";
import type { TenantStore } from "~/services/store/tenancy.server";
import type { CodSettingsInput } from "~/lib/validation/payment-options";
import { loadCodRule, type CodRule } from "~/services/orders/payment-options.server";
import { PAYMENT_OPTIONS_PATH } from "./payment-options-path";
import { getStripe, stripeConfigured } from "~/services/stripe/stripe-client.server";

/** What the page says about card payments, in the order a store goes through them. */
export type CardStatus = "not-configured" | "not-connected" | "pending" | "ready";

export interface PaymentOptionsView {
  cashOnDelivery: boolean;
  /** The Cash On Delivery rules (decision 030), minor units. */
  cod: CodRule;
  card: CardStatus;
  accountId: string | null;
  /** Shoppers confirm COD orders (issue 34). */
  confirm: CodConfirmSettings;
  /** "No Cash On Delivery after N refusals" (issue 34 item 6); null: off. */
  maxRefusals: number | null;
}

export async function getPaymentOptions(storeId: string): Promise<PaymentOptionsView> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [settings] = await tx
      .select({ cod: storeSettings.cashOnDeliveryEnabled })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const cod = await loadCodRule(tx, storeId);
    const confirm = await loadCodConfirmSettings(tx, storeId);
    const [store] = await tx
      .select({ accountId: stores.stripeAccountId, enabled: stores.stripeChargesEnabled })
      .from(stores)
      .where(eq(stores.id, storeId));
    const accountId = store?.accountId ?? null;
    const card: CardStatus = !stripeConfigured()
      ? "not-configured"
      : !accountId
        ? "not-connected"
        : store?.enabled
          ? "ready"
          : "pending";
    const maxRefusals = await loadMaxRefusals(tx, storeId);
    return { cashOnDelivery: settings?.cod ?? true, cod, confirm, maxRefusals, card, accountId };
  });
}

/** Cash On Delivery on/off and its rules, as the Payment Options form sends them (checked by its schema). */
export async function saveCodSettings(storeId: string, input: CodSettingsInput): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    const values = {
      cashOnDeliveryEnabled: input.cashOnDelivery,
      codFeeCents: input.codFee,
      codMaxTotalCents: input.codMaxTotal,
      codVerifiedOnly: input.codVerifiedOnly,
      codConfirm: input.codConfirm,
      codConfirmRemindHours: input.codConfirmRemindHours,
      codConfirmCancelHours: input.codConfirmCancelHours,
      codMaxRefusals: input.codMaxRefusals,
    };
    const [before] = await tx
      .select({
        cashOnDeliveryEnabled: storeSettings.cashOnDeliveryEnabled,
        codFeeCents: storeSettings.codFeeCents,
        codMaxTotalCents: storeSettings.codMaxTotalCents,
        codVerifiedOnly: storeSettings.codVerifiedOnly,
        codConfirm: storeSettings.codConfirm,
        codConfirmRemindHours: storeSettings.codConfirmRemindHours,
        codConfirmCancelHours: storeSettings.codConfirmCancelHours,
        codMaxRefusals: storeSettings.codMaxRefusals,
      })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const changes = changedFields(before, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, storeId, { action: "payments.cod", entityType: "payments", changes });
    }
    await tx
      .update(storeSettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(storeSettings.storeId, storeId));
  });
}

type OriginStore = Pick<TenantStore, "id" | "slug" | "customDomain" | "matchedBy">;

/**
 * The hosted onboarding page for the store's connected account, creating the account first
 * when the store has none (its idempotency key is the store's id: a double click makes one).
 */
export async function startOnboarding(store: OriginStore): Promise<string> {
  const stripe = getStripe();
  const db = await getDb();
  let { accountId } = await getPaymentOptions(store.id);
  if (!accountId) {
    const account = await stripe.accounts.create(
      { type: "express", metadata: { storeId: store.id } },
      { idempotencyKey: `store-account-${store.id}` },
    );
    accountId = account.id;
    await db.withStore(store.id, (tx) =>
      tx.update(stores).set({ stripeAccountId: account.id }).where(eq(stores.id, store.id)),
    );
  }
  const back = `${storeOrigin(store)}${PAYMENT_OPTIONS_PATH}`;
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${back}?onboarding=refresh`,
    return_url: `${back}?onboarding=return`,
  });
  return link.url;
}

/**
 * Back from onboarding: reads the account's state from Stripe rather than waiting for the
 * `account.updated` webhook, which keeps it current afterwards.
 */
export async function refreshAccount(storeId: string): Promise<void> {
  const { accountId } = await getPaymentOptions(storeId);
  if (!accountId || !stripeConfigured()) return;
  const account = await getStripe().accounts.retrieve(accountId);
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx.update(stores).set({ stripeChargesEnabled: account.charges_enabled }).where(eq(stores.id, storeId)),
  );
}
