ALTER TABLE "stores" ADD COLUMN "trial_ending_notified_at" timestamp with time zone;--> statement-breakpoint
-- Our own trial (no Stripe subscription yet) is announced by mail 3 days before its end (issue 12).
-- Every process runs the job; the UPDATE claims each store by setting the column, and a second
-- process blocked on the same row sees it set and skips it, so each trial is announced once.
CREATE FUNCTION platform_claim_trial_notices(p_now timestamptz, p_within interval)
  RETURNS TABLE (id uuid)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    UPDATE stores s SET trial_ending_notified_at = p_now
     WHERE s.subscription_status = 'trialing'
       AND s.stripe_subscription_id IS NULL
       AND s.status = 'active'
       AND s.trial_ending_notified_at IS NULL
       AND s.subscription_current_period_end > p_now
       AND s.subscription_current_period_end <= p_now + p_within
    RETURNING s.id
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_claim_trial_notices(timestamptz, interval) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_claim_trial_notices(timestamptz, interval) TO storefront_app;
