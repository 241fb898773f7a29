-- Staff's tenant list (issue 12, item 4): search, a status filter and keyset pages over every store,
-- one store's detail, and suspend/reactivate. Platform-wide, so SECURITY DEFINER functions, as in
-- 0001; the app role still cannot update a store's status itself.
CREATE FUNCTION platform_search_stores(
    p_query text, p_filter text, p_cursor_at text, p_cursor_id uuid, p_before boolean, p_limit integer)
  RETURNS TABLE (
    id uuid, slug text, name text, status text, custom_domain text, custom_domain_verified boolean,
    package_name text, subscription_status text, subscription_current_period_end timestamptz,
    created_at timestamptz, created_key text, product_count bigint, order_count bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.id, s.slug, s.name, s.status, s.custom_domain, s.custom_domain_verified_at IS NOT NULL,
           p.name_en, s.subscription_status, s.subscription_current_period_end, s.created_at,
           -- The cursor keeps every microsecond: a millisecond Date would skip rows (issue 10).
           s.created_at::text,
           (SELECT count(*) FROM products x WHERE x.store_id = s.id),
           (SELECT count(*) FROM orders o WHERE o.store_id = s.id)
      FROM stores s LEFT JOIN packages p ON p.id = s.package_id
     WHERE (p_query IS NULL
            OR s.name ILIKE '%' || p_query || '%'
            OR s.slug ILIKE '%' || p_query || '%'
            OR s.custom_domain ILIKE '%' || p_query || '%')
       AND (p_filter IS NULL
            OR (p_filter = 'suspended' AND s.status = 'suspended')
            OR (p_filter = 'active' AND s.status = 'active'
                AND (s.subscription_current_period_end IS NULL OR s.subscription_current_period_end > now()))
            OR (p_filter = 'expired' AND s.status = 'active' AND s.subscription_current_period_end <= now()))
       AND (p_cursor_id IS NULL
            OR (p_before AND (s.created_at, s.id) > (p_cursor_at::timestamptz, p_cursor_id))
            OR (NOT p_before AND (s.created_at, s.id) < (p_cursor_at::timestamptz, p_cursor_id)))
     ORDER BY CASE WHEN p_before THEN s.created_at END ASC, CASE WHEN p_before THEN s.id END ASC,
              s.created_at DESC, s.id DESC
     LIMIT p_limit
  $$;
--> statement-breakpoint
CREATE FUNCTION platform_store_detail(p_id uuid)
  RETURNS TABLE (
    id uuid, slug text, name text, status text, custom_domain text, custom_domain_verified boolean,
    package_name text, subscription_status text, subscription_current_period_end timestamptz,
    stripe_customer_id text, created_at timestamptz, user_count bigint, product_count bigint,
    order_count bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT s.id, s.slug, s.name, s.status, s.custom_domain, s.custom_domain_verified_at IS NOT NULL,
           p.name_en, s.subscription_status, s.subscription_current_period_end, s.stripe_customer_id,
           s.created_at,
           (SELECT count(*) FROM users u WHERE u.store_id = s.id),
           (SELECT count(*) FROM products x WHERE x.store_id = s.id),
           (SELECT count(*) FROM orders o WHERE o.store_id = s.id)
      FROM stores s LEFT JOIN packages p ON p.id = s.package_id
     WHERE s.id = p_id
  $$;
--> statement-breakpoint
-- The stores trigger (0001) tells every instance's tenant cache: the notice shows at once.
CREATE FUNCTION platform_set_store_status(p_id uuid, p_status text)
  RETURNS boolean
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    WITH changed AS (
      UPDATE stores SET status = p_status, updated_at = now()
       WHERE id = p_id AND p_status IN ('active', 'suspended')
      RETURNING 1)
    SELECT count(*) > 0 FROM changed
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_search_stores(text, text, text, uuid, boolean, integer), platform_store_detail(uuid),
  platform_set_store_status(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_search_stores(text, text, text, uuid, boolean, integer), platform_store_detail(uuid),
  platform_set_store_status(uuid, text) TO storefront_app;
--> statement-breakpoint
-- Staff accounts are managed by staff (/platform/staff); their sessions go with them (cascade).
GRANT INSERT, DELETE ON platform_staff TO storefront_app;
