-- Row-level security, roles and platform functions (DESIGN §4). Hand-written: drizzle-kit
-- cannot express FORCE ROW LEVEL SECURITY or SECURITY DEFINER functions.
--
-- storefront_app: the role every request query runs as. On PostgreSQL the app pool logs in as it
-- (APP_DATABASE_URL), so no statement can step back to the owner; on PGlite, which has one
-- user, db.withStore / db.withPlatform switch to it with SET LOCAL ROLE. It owns nothing and
-- has no BYPASSRLS, so it can neither disable RLS nor see another store's rows. The migrating
-- role owns the tables and keeps full access through an explicit policy, so seeding and
-- migrations work without superuser rights. LOGIN without a password only admits it where the
-- server's own auth rules (trust, peer) already would.
-- Roles are cluster-wide, so several databases (test runs) may race to create it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'storefront_app') THEN
    BEGIN
      CREATE ROLE storefront_app LOGIN NOBYPASSRLS NOSUPERUSER NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'storefront_app') THEN
    BEGIN
      ALTER ROLE storefront_app LOGIN;
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'storefront_app', 'MEMBER') THEN
    EXECUTE format('GRANT storefront_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO storefront_app;
--> statement-breakpoint
CREATE FUNCTION app_current_store_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.store_id', true), '')::uuid $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  key_column text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'stores', 'images', 'image_variants', 'store_settings', 'users', 'sessions',
    'verification_tokens', 'categories', 'products', 'product_images', 'reviews',
    'cart_items', 'wishlist_items', 'shipping_addresses', 'orders', 'order_items',
    'order_events', 'sales', 'sale_targets', 'contact_requests', 'email_outbox'
  ] LOOP
    key_column := CASE WHEN t = 'stores' THEN 'id' ELSE 'store_id' END;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO storefront_app USING (%I = app_current_store_id()) WITH CHECK (%I = app_current_store_id())',
      t, key_column, key_column);
    EXECUTE format('CREATE POLICY owner_maintenance ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO storefront_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A store may not create, rename or delete stores from inside its own scope.
REVOKE INSERT, DELETE ON stores FROM storefront_app;
--> statement-breakpoint
REVOKE UPDATE ON stores FROM storefront_app;
--> statement-breakpoint
GRANT UPDATE (name, currency, default_locale, custom_domain, custom_domain_verified_at,
  domain_verify_token, last_order_number, updated_at) ON stores TO storefront_app;
--> statement-breakpoint
-- Platform tables: no tenant column; reachable by the app role through plain grants.
GRANT SELECT ON packages TO storefront_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON platform_staff TO storefront_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_sessions, rate_limits, stripe_events TO storefront_app;
--> statement-breakpoint
-- Platform-wide reads go through these functions, never through a bypass role in request code.
CREATE FUNCTION platform_store_by_host(p_slug text, p_domain text)
  RETURNS TABLE (
    id uuid, slug text, name text, status text, currency text, default_locale text,
    custom_domain text, subscription_current_period_end timestamptz, matched_by text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    -- A verified custom domain wins over a platform subdomain (DESIGN §2).
    SELECT * FROM (
    SELECT s.id, s.slug, s.name, s.status, s.currency, s.default_locale, s.custom_domain,
           s.subscription_current_period_end, 'domain' AS matched_by
      FROM stores s
     WHERE p_domain IS NOT NULL
       AND lower(s.custom_domain) = lower(p_domain)
       AND s.custom_domain_verified_at IS NOT NULL
    UNION ALL
    SELECT s.id, s.slug, s.name, s.status, s.currency, s.default_locale, s.custom_domain,
           s.subscription_current_period_end, 'slug'
      FROM stores s
     WHERE p_slug IS NOT NULL AND s.slug = lower(p_slug)
    ) found
    ORDER BY matched_by = 'slug'
    LIMIT 1
  $$;
--> statement-breakpoint
CREATE FUNCTION platform_list_stores()
  RETURNS TABLE (
    id uuid, slug text, name text, status text, custom_domain text,
    custom_domain_verified boolean, subscription_current_period_end timestamptz,
    created_at timestamptz, user_count bigint, product_count bigint, order_count bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.id, s.slug, s.name, s.status, s.custom_domain,
           s.custom_domain_verified_at IS NOT NULL, s.subscription_current_period_end,
           s.created_at,
           (SELECT count(*) FROM users u WHERE u.store_id = s.id),
           (SELECT count(*) FROM products p WHERE p.store_id = s.id),
           (SELECT count(*) FROM orders o WHERE o.store_id = s.id)
      FROM stores s
     ORDER BY s.created_at
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_store_by_host(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_list_stores() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_store_by_host(text, text), platform_list_stores() TO storefront_app;
--> statement-breakpoint
-- Every instance keeps an LRU of host → store; a change to what it caches is broadcast so each
-- instance drops the entry (DESIGN §2). Triggers fire for any writer, app or admin script.
CREATE FUNCTION notify_store_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed record;
  BEGIN
    IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
    -- TG_ARGV[0] names the column that holds the store id (id on stores, store_id elsewhere).
    PERFORM pg_notify('store_changed', to_jsonb(changed) ->> TG_ARGV[0]);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER stores_changed
  AFTER INSERT OR UPDATE OF slug, name, status, currency, default_locale, custom_domain,
    custom_domain_verified_at, subscription_current_period_end OR DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION notify_store_changed('id');
--> statement-breakpoint
CREATE TRIGGER store_settings_changed
  AFTER INSERT OR UPDATE OR DELETE ON store_settings
  FOR EACH ROW EXECUTE FUNCTION notify_store_changed('store_id');
