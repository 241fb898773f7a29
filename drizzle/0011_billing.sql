-- Subscriptions (issue 12, step 3). Billing webhooks write a store's plan and subscription state as
-- the app role inside that store's scope, as the Connect webhook writes its account (0007).
GRANT UPDATE (package_id, stripe_customer_id, stripe_subscription_id, subscription_status,
  subscription_current_period_end) ON stores TO storefront_app;
--> statement-breakpoint
-- Staff manage the plans (/platform/packages); packages has no tenant column and no RLS.
GRANT INSERT, UPDATE ON packages TO storefront_app;
--> statement-breakpoint
-- A Stripe customer names one store; the platform's billing events (no Connect account, maybe no
-- metadata) and /api/check-subscription find it through this, never through a bypass role.
CREATE FUNCTION platform_store_by_stripe_customer(p_customer text)
  RETURNS TABLE (id uuid, subscription_current_period_end timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.id, s.subscription_current_period_end FROM stores s WHERE s.stripe_customer_id = p_customer
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_store_by_stripe_customer(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_store_by_stripe_customer(text) TO storefront_app;
