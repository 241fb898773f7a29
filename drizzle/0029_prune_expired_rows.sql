-- Rows that nothing reads once they are old, and that nothing else ever deletes (issue 40): signed-in
-- sessions and staff sessions a day past their expiry, verification tokens (reset, sign-in link,
-- verify, hand-off) a day past theirs, Stripe events (webhook idempotency) 30 days after they
-- arrived (Stripe retries an event for 3 days), and mail the outbox is done with (sent, logged or
-- given up) after 90 days. The app role sees no store's rows without naming the store, so one
-- platform-wide function prunes them, at most `batch` rows of each table per call: the sweep
-- calls again while a table had more, so no call holds locks for long.
CREATE FUNCTION platform_prune_expired_rows(batch integer)
  RETURNS TABLE (kind text, deleted integer)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    n integer;
  BEGIN
    DELETE FROM sessions s USING (
      SELECT store_id, id FROM sessions WHERE expires_at < now() - interval '1 day' LIMIT batch
    ) old WHERE s.store_id = old.store_id AND s.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'sessions'; deleted := n; RETURN NEXT;

    DELETE FROM platform_sessions p USING (
      SELECT id FROM platform_sessions WHERE expires_at < now() - interval '1 day' LIMIT batch
    ) old WHERE p.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'platform_sessions'; deleted := n; RETURN NEXT;

    DELETE FROM verification_tokens v USING (
      SELECT store_id, id FROM verification_tokens WHERE expires_at < now() - interval '1 day' LIMIT batch
    ) old WHERE v.store_id = old.store_id AND v.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'verification_tokens'; deleted := n; RETURN NEXT;

    DELETE FROM stripe_events e USING (
      SELECT store_id, id FROM stripe_events WHERE received_at < now() - interval '30 days' LIMIT batch
    ) old WHERE e.store_id = old.store_id AND e.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'stripe_events'; deleted := n; RETURN NEXT;

    DELETE FROM platform_stripe_events e USING (
      SELECT id FROM platform_stripe_events WHERE received_at < now() - interval '30 days' LIMIT batch
    ) old WHERE e.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'platform_stripe_events'; deleted := n; RETURN NEXT;

    -- Still queued or due for another attempt (next_attempt_at set) stays, however old.
    DELETE FROM email_outbox m USING (
      SELECT store_id, id FROM email_outbox
       WHERE next_attempt_at IS NULL AND status <> 'queued' AND created_at < now() - interval '90 days'
       LIMIT batch
    ) old WHERE m.store_id = old.store_id AND m.id = old.id;
    GET DIAGNOSTICS n = ROW_COUNT;
    kind := 'email_outbox'; deleted := n; RETURN NEXT;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_prune_expired_rows(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_prune_expired_rows(integer) TO storefront_app;
