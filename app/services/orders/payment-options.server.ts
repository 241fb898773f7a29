/**
 * Which payment methods a store offers at checkout (DESIGN §5): Cash On Delivery when the store
 * enabled it; Pay With Stripe only when Stripe is configured on this server and the store's
 * connected account can take charges.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { stores, storeSettings } from "~/db/schema";
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
