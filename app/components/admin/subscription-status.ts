/** The Stripe subscription statuses that have a name in `billing.statuses`. */
const KNOWN_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
];

/** A subscription's status if it has a name to show (`billing.statuses.<status>`), else null. */
export function knownSubscriptionStatus(status: string | null): string | null {
  return status && KNOWN_STATUSES.includes(status) ? status : null;
}
