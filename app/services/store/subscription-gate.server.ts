/**
 * Whether a store is open (SPEC §4, DESIGN §2): a subscription period end that is set and not
 * later than now closes it; unset (never loaded, or the check failed) leaves it open. A store
 * staff suspended is closed too. Read from the tenant cache, whose entries every instance drops
 * when a store's period end or status changes (NOTIFY, decision 003), and compared with the
 * clock on every request, so a lapse needs no write to take effect.
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
