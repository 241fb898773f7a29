/**
 * What the services tell the metrics (decision 021): events, counted by whoever listens. The
 * services call these hooks and know nothing of Prometheus; server/metrics installs the
 * listener when METRICS_PORT is set, and without it every hook does nothing.
 */
export interface MetricsListener {
  orderPlaced(paymentMethod: string): void;
  /**
   * A Stripe delivery's outcome and where it was recorded: `store` (the store's stripe_events),
   * `platform` (platform_stripe_events: platform billing events of no store, events of no
   * store), `none` (not recorded: rejected, retry, error).
   */
  webhookEvent(outcome: string, ledger: string): void;
  email(status: string): void;
}

let listener: Partial<MetricsListener> = {};

export function listenToMetrics(next: Partial<MetricsListener>): void {
  listener = next;
}

export const metrics: MetricsListener = {
  orderPlaced: (paymentMethod) => listener.orderPlaced?.(paymentMethod),
  webhookEvent: (outcome, ledger) => listener.webhookEvent?.(outcome, ledger),
  email: (status) => listener.email?.(status),
};
