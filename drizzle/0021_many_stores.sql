CREATE INDEX "stores_created_idx" ON "stores" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stores_status_created_idx" ON "stores" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "stores_search_trgm_idx" ON "stores" USING gin (("name" || ' ' || "slug" || ' ' || coalesce("custom_domain", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_trial_notice_idx" ON "stores" USING btree ("subscription_current_period_end") WHERE "stores"."subscription_status" = 'trialing' and "stores"."stripe_subscription_id" is null and "stores"."trial_ending_notified_at" is null;--> statement-breakpoint
CREATE INDEX "stores_domain_check_idx" ON "stores" USING btree ("custom_domain_checked_at" NULLS FIRST) WHERE "stores"."custom_domain" is not null;
--> statement-breakpoint
-- Staff's tenant list at any number of stores (issue 25, decision 025). The 0012 version was one
-- SQL statement with `p_query IS NULL OR …` conditions and a CASE in its ORDER BY: one plan for
-- every shape of request, so no index could serve its order or its search and every page read and
-- sorted every store. This one writes the statement for the request's shape (only the conditions
-- that apply, the order in the direction asked) and runs it with EXECUTE … USING, which plans it
-- with the values bound: the newest-first and state-filtered pages walk stores_created_idx or
-- stores_status_created_idx from the cursor, and a search either reads stores_search_trgm_idx or,
-- when its words are common, walks the order's index until the page is full, whichever the
-- statistics say is cheaper for those words. Same signature, same rows, same order.
--
-- A search is the three ILIKE conditions (name, address, domain) as before, plus the same pattern
-- on the three texts joined, which any row matching one of them matches too: that condition is
-- what the trigram index answers (an OR of three trigram indexes is costed above reading the
-- table, and ILIKE over the table costs ~100 ms at 20,000 stores), the three decide.
-- The statement for one shape of request, with $1 the search pattern, ($2, $3) the cursor and $4
-- the limit; NULL for a filter that does not exist. A function of its own so tests can EXPLAIN
-- what the list runs (PREPARE … EXPLAIN EXECUTE plans with the values, as EXECUTE … USING does).
CREATE FUNCTION platform_search_stores_sql(
    p_search boolean, p_filter text, p_cursor boolean, p_before boolean)
  RETURNS text
  LANGUAGE plpgsql IMMUTABLE SET search_path = public
  AS $$
  DECLARE
    v_direction text := CASE WHEN p_before THEN 'ASC' ELSE 'DESC' END;
    v_where text := '';
  BEGIN
    IF p_search THEN
      v_where := v_where || $w$ AND (s.name || ' ' || s.slug || ' ' || coalesce(s.custom_domain, '')) ILIKE $1
        AND (s.name ILIKE $1 OR s.slug ILIKE $1 OR s.custom_domain ILIKE $1)$w$;
    END IF;
    IF p_filter = 'suspended' THEN
      v_where := v_where || $w$ AND s.status = 'suspended'$w$;
    ELSIF p_filter = 'active' THEN
      v_where := v_where || $w$ AND s.status = 'active'
        AND (s.subscription_current_period_end IS NULL OR s.subscription_current_period_end > now())$w$;
    ELSIF p_filter = 'expired' THEN
      v_where := v_where || $w$ AND s.status = 'active' AND s.subscription_current_period_end <= now()$w$;
    ELSIF p_filter IS NOT NULL THEN
      RETURN NULL;
    END IF;
    IF p_cursor THEN
      v_where := v_where || CASE WHEN p_before THEN ' AND (s.created_at, s.id) > ($2, $3)'
                                 ELSE ' AND (s.created_at, s.id) < ($2, $3)' END;
    END IF;
    RETURN format(
      $f$SELECT s.id, s.slug, s.name, s.status, s.custom_domain, s.custom_domain_verified_at IS NOT NULL,
                p.name_en, s.subscription_status, s.subscription_current_period_end, s.created_at,
                s.created_at::text,
                (SELECT count(*) FROM products x WHERE x.store_id = s.id),
                (SELECT count(*) FROM orders o WHERE o.store_id = s.id)
           FROM stores s LEFT JOIN packages p ON p.id = s.package_id
          WHERE true%s
          ORDER BY s.created_at %s, s.id %s
          LIMIT $4$f$, v_where, v_direction, v_direction);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_search_stores_sql(boolean, text, boolean, boolean) FROM PUBLIC;
--> statement-breakpoint
-- Same signature, rows and order as 0012's; created_key keeps every microsecond of the cursor (a
-- millisecond Date would skip rows, issue 10).
CREATE OR REPLACE FUNCTION platform_search_stores(
    p_query text, p_filter text, p_cursor_at text, p_cursor_id uuid, p_before boolean, p_limit integer)
  RETURNS TABLE (
    id uuid, slug text, name text, status text, custom_domain text, custom_domain_verified boolean,
    package_name text, subscription_status text, subscription_current_period_end timestamptz,
    created_at timestamptz, created_key text, product_count bigint, order_count bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    v_cursor_at timestamptz;
    v_sql text;
  BEGIN
    IF p_cursor_id IS NOT NULL THEN
      -- A cursor whose time does not parse (a tampered link) is no cursor: the first page.
      BEGIN
        v_cursor_at := p_cursor_at::timestamptz;
      EXCEPTION WHEN others THEN
        v_cursor_at := NULL;
      END;
    END IF;
    v_sql := platform_search_stores_sql(
      p_query IS NOT NULL, p_filter, v_cursor_at IS NOT NULL, coalesce(p_before, false));
    IF v_sql IS NULL THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE v_sql USING '%' || p_query || '%', v_cursor_at, p_cursor_id, p_limit;
  END $$;
