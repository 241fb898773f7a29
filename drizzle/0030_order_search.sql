-- The admin's orders search (by the shopper's name or email, or a line's product name in either
-- language or SKU; issue 39) read every order and every line of the store: 1.2 s at 100k orders
-- under load, whatever was found. Trigram indexes on those texts find the matches instead. The
-- texts of a row are joined by a unit separator (U+001F, which no search typed in a box
-- contains, so a pattern never matches across two of them).
--
-- Trigrams only, no store_id column: with it (btree_gin) an index's cost counts every row of the
-- store and the planner never picks it. A rare text is found across all stores and kept to the
-- store by the row's store_id; for a common one the planner reads the store's rows instead.
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (
  (lower("ship_full_name") || E'\x1f' || lower("ship_email")) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX "order_items_search_trgm_idx" ON "order_items" USING gin (
  (lower("name_en") || E'\x1f' || lower("name_ar") || E'\x1f' || lower(coalesce("sku", ''))) gin_trgm_ops
);
--> statement-breakpoint
-- The statement as text with literals, planned for the actual store, pattern and number; a
-- function of its own so tests can EXPLAIN it. UNION ALL under a LIMIT: each branch stops once
-- the limit is reached (an order may come twice; the caller counts that against the limit).
CREATE FUNCTION order_search_query(p_store uuid, p_pattern text, p_number integer, p_limit integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT format(
      'SELECT o.id FROM public.orders o WHERE o.store_id = %1$L::uuid'
      ' AND (lower(o.ship_full_name) || E''\x1f'' || lower(o.ship_email)) LIKE %2$L'
      ' UNION ALL SELECT l.order_id FROM public.order_items l WHERE l.store_id = %1$L::uuid'
      ' AND (lower(l.name_en) || E''\x1f'' || lower(l.name_ar) || E''\x1f'' || lower(coalesce(l.sku, ''''))) LIKE %2$L'
      '%3$s LIMIT %4$s',
      p_store, p_pattern,
      CASE WHEN p_number IS NULL THEN ''
        ELSE format(' UNION ALL SELECT o.id FROM public.orders o WHERE o.store_id = %L::uuid AND o.number = %s', p_store, p_number)
      END,
      p_limit)
  $$;
--> statement-breakpoint
-- Why a function: under row-level security the planner will not use a non-leakproof LIKE as an
-- index condition (0002). Ids of the current store's orders whose shopper's name or email, or a
-- line, matches the lower-cased LIKE pattern, or whose number is p_number; at most p_limit; none
-- without a store (app.store_id unset) or a pattern. The list keeps its store condition.
CREATE FUNCTION order_search_ids(p_pattern text, p_number integer, p_limit integer) RETURNS TABLE (id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET enable_seqscan = off
  ROWS 100
  AS $$
  DECLARE
    store uuid := app_current_store_id();
  BEGIN
    IF store IS NULL OR p_pattern IS NULL OR p_pattern = '' OR p_limit IS NULL OR p_limit < 1 THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE order_search_query(store, p_pattern, p_number, p_limit);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_search_query(uuid, text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_search_ids(text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_search_ids(text, integer, integer) TO storefront_app;
