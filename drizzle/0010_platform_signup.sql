ALTER TABLE "verification_tokens" ADD COLUMN "host" text;--> statement-breakpoint
-- Store sign-up on the platform host (issue 12). The app role may not insert stores (0001), and a
-- new store's settings, owner and hand-off token belong to a scope that does not exist yet, so
-- one SECURITY DEFINER function writes them all in the caller's transaction. A slug that is
-- taken (or taken by a sign-up committing at the same moment: the unique index makes the second
-- wait, then do nothing) returns no row and writes nothing.
CREATE FUNCTION platform_create_store(
    p_store_id uuid, p_slug text, p_name text, p_locale text,
    p_user_id uuid, p_owner_email text, p_owner_name text, p_password_hash text,
    p_trial_days integer,
    p_token_id uuid, p_token_hash text, p_token_host text, p_token_ttl_seconds integer)
  RETURNS TABLE (store_id uuid, package_id uuid, trial_ends_at timestamptz)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    v_package uuid;
    v_trial_end timestamptz;
    v_created uuid;
  BEGIN
    -- The trial is of the cheapest plan on offer; with no plan on offer, no period end (open).
    SELECT p.id INTO v_package FROM packages p WHERE p.active ORDER BY p.price_cents, p.sort_order, p.id LIMIT 1;
    IF v_package IS NOT NULL THEN
      v_trial_end := now() + make_interval(days => p_trial_days);
    END IF;
    INSERT INTO stores (id, slug, name, default_locale, package_id, subscription_status,
                        subscription_current_period_end)
    VALUES (p_store_id, p_slug, p_name, p_locale, v_package,
            CASE WHEN v_package IS NULL THEN NULL ELSE 'trialing' END, v_trial_end)
    ON CONFLICT (slug) DO NOTHING
    RETURNING id INTO v_created;
    IF v_created IS NULL THEN
      RETURN;
    END IF;
    -- Column defaults are the product's defaults: #242F51 / #384878, Cash On Delivery on.
    INSERT INTO store_settings (store_id) VALUES (v_created);
    INSERT INTO users (store_id, id, email, name, password_hash, sign_in_method, is_admin, locale)
    VALUES (v_created, p_user_id, lower(p_owner_email), p_owner_name, p_password_hash, 'password', true, p_locale);
    INSERT INTO verification_tokens (store_id, id, user_id, email, purpose, token_hash, host, expires_at)
    VALUES (v_created, p_token_id, p_user_id, lower(p_owner_email), 'handoff', p_token_hash, p_token_host,
            now() + make_interval(secs => p_token_ttl_seconds));
    RETURN QUERY SELECT v_created, v_package, v_trial_end;
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_create_store(uuid, text, text, text, uuid, text, text, text, integer, uuid, text, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_create_store(uuid, text, text, text, uuid, text, text, text, integer, uuid, text, text, integer) TO storefront_app;
