/**
 * Whether a store is open (SPEC §4, DESIGN §2): a subscription period end that is set and not
 * later than now closes it; unset (never loaded, or the check failed) leaves it open. A store
 * staff suspended is closed too. Read from the tenant cache, whose entries every instance drops
 * when a store's period end or status changes (NOTIFY, decision 003), and compared with the
 * clock on every request, so a lapse needs no write to take effect. And whether it is on a plan
 * (onLivePlan), the one reading billing and the getting-started checklist share.
 */
import type { TenantStore } from "./tenancy.server";

export type StoreClosure = "expired" | "suspended";

export function storeClosure(
  store: Pick<TenantStore, "status" | "subscriptionCurrentPeriodEnd">,
  now: Date = new Date(),
): StoreClosure | null {
  if (store.status === "suspended") return "suspended";
  const end = store.subscriptionCurrentPeriodEnd;
  if (end && end.getTime() <= now.getTime()) return "expired";
  return null;
}

/**
 * The one reading of "the store is on a plan" (decision 026), for the billing page and the
 * getting-started checklist alike: a plan, a paid-for status and a period that has not ended. A
 * trial is not a chosen plan: the checklist keeps "Choose a plan" to do and billing offers the
 * trial's plan for sale. Whether Stripe holds a subscription for it (the seeded demo's plan has
 * none) is another matter.
 */
const ON_PLAN = new Set(["active", "past_due"]);
export function onLivePlan(
  row: { packageId: string | null; status: string | null; periodEnd: Date | null } | null | undefined,
  now = new Date(),
): boolean {
  return Boolean(
    row?.packageId &&
    row.status &&
    ON_PLAN.has(row.status) &&
    (!row.periodEnd || row.periodEnd.getTime() > now.getTime()),
  );
}
