/**
 * The platform's own Stripe events (no Connect account): store subscriptions (DESIGN §5,
 * issue 12). Each event is recorded once with its effect (stripe_events), and its effect is to
 * read the subscription as Stripe has it now and write that, so replays, duplicates and any order
 * of arrival end in the same state. A failed payment and a trial about to end also mail the
 * store's admins, after the event's transaction has committed (a rolled-back event mails nobody;
 * its redelivery will).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stores, storeSettings, users } from "~/db/schema";
import { BRAND_SETTINGS_COLUMNS } from "~/services/store/settings.server";
import { DEFAULT_LOCALE } from "~/lib/i18n";
import { sendEmail } from "~/services/email/email.server";
import { billingEmail, emailStore } from "~/services/email/email-templates.server";
import { getStripe, type Stripe } from "~/services/stripe/stripe-client.server";
import { recordStripeEvent, type HandledStripeEvent } from "~/services/stripe/stripe-events.server";
import { DEFAULT_BRANDING } from "~/services/store/tenancy.server";
import { applySubscription, BILLING_PATH, storeIdByCustomer } from "./subscriptions.server";

export type BillingOutcome = "applied" | "duplicate" | "ignored";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

interface Subject {
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
  notify?: "payment-failed" | "trial-ending";
}

/** What an event is about: its subscription, customer and the metadata we put on them. */
function subjectOf(event: Stripe.Event): Subject | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      return {
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        metadata: session.metadata ?? {},
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end": {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        metadata: subscription.metadata ?? {},
        notify: event.type === "customer.subscription.trial_will_end" ? "trial-ending" : undefined,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      return {
        subscriptionId: idOf(details?.subscription),
        customerId: idOf(invoice.customer),
        metadata: (details?.metadata as Record<string, string> | null) ?? {},
        notify: event.type === "invoice.payment_failed" ? "payment-failed" : undefined,
      };
    }
    default:
      return null;
  }
}

async function storeIdFor(subject: Subject): Promise<string | null> {
  const named = subject.metadata.storeId;
  if (named && UUID.test(named)) return named;
  return subject.customerId ? storeIdByCustomer(subject.customerId) : null;
}

export async function handleBillingEvent(event: Stripe.Event): Promise<HandledStripeEvent<BillingOutcome>> {
  const db = await getDb();
  const subject = subjectOf(event);
  const storeId = subject ? await storeIdFor(subject) : null;
  if (!subject || !storeId) {
    return db.withPlatform(async (tx) => ({
      outcome: (await recordStripeEvent(tx, event, null)) ? "ignored" : "duplicate",
      ledger: "platform",
    }));
  }
  // Read before the transaction: the network call should not hold the store's row lock.
  const subscription = subject.subscriptionId
    ? await getStripe().subscriptions.retrieve(subject.subscriptionId)
    : null;
  const handled = await db.withStore(storeId, async (tx): Promise<HandledStripeEvent<BillingOutcome>> => {
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
    const ledger = store ? "store" : "platform";
    if (!(await recordStripeEvent(tx, event, store ? storeId : null)))
      return { outcome: "duplicate", ledger };
    if (!store || !subscription) return { outcome: "ignored", ledger };
    return { outcome: await applySubscription(tx, storeId, subscription), ledger };
  });
  if (handled.outcome === "applied" && subject.notify) await mailAdmins(storeId, subject.notify);
  return handled;
}

/** The billing mail to each admin of the store, in their language, linking to /admin/billing. */
export async function mailAdmins(storeId: string, kind: "payment-failed" | "trial-ending"): Promise<void> {
  const db = await getDb();
  const { store, admins } = await db.withStore(storeId, async (tx) => {
    const [store] = await tx
      .select({
        name: stores.name,
        slug: stores.slug,
        customDomain: stores.customDomain,
        defaultLocale: stores.defaultLocale,
        ...BRAND_SETTINGS_COLUMNS,
      })
      .from(stores)
      .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(eq(stores.id, storeId));
    const admins = await tx
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.isAdmin, true));
    return { store, admins };
  });
  if (!store) return;
  const from = emailStore({
    name: store.name,
    slug: store.slug,
    customDomain: store.customDomain,
    // The canonical link: the platform subdomain (a custom domain counts only once verified).
    matchedBy: "slug",
    branding: {
      primaryColor: store.primaryColor ?? DEFAULT_BRANDING.primaryColor,
      secondaryColor: store.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
      logoImageId: store.logoImageId ?? null,
    },
  });
  for (const admin of admins) {
    // The admin's own language, else the store's.
    const locale = admin.locale ?? store.defaultLocale ?? DEFAULT_LOCALE;
    await sendEmail(
      storeId,
      billingEmail(kind, from, locale, admin.email, admin.name, `${from.origin}${BILLING_PATH}`),
    );
  }
}
