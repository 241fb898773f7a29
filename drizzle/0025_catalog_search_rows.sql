-- A search with few matches returns its matching rows, not their ids (issue 19, decision 023).
-- The listing asked catalog_search_ids for the ids and then read the same rows again by primary
-- key (matchedPageQuery): one trigram search plus ~280 primary-key probes for a common word in a
-- typical store. catalog_search_rows returns the columns a listing reads from the rows the
-- trigram search already fetched, and the listing takes its page and its count from them in one
-- statement (searchPageQuery in app/services/catalog/catalog.server.ts).
--
-- One builder for both functions' queries, so the two can never disagree on what matches.
CREATE FUNCTION catalog_search_statement(p_select text, p_store uuid, p_patterns text[], p_limit integer)
  RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    statement text := format('SELECT %s FROM public.products p WHERE p.store_id = %L::uuid', p_select, p_store);
    pattern text;
  BEGIN
    FOREACH pattern IN ARRAY coalesce(p_patterns, '{}') LOOP
      statement := statement || format(' AND p.search_text LIKE %L', lower(pattern));
    END LOOP;
    IF p_limit IS NOT NULL THEN
      statement := statement || format(' LIMIT %s', p_limit);
    END IF;
    RETURN statement;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_search_query(p_store uuid, p_patterns text[], p_limit integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT catalog_search_statement('p.id', p_store, p_patterns, p_limit) $$;
--> statement-breakpoint
-- The listing's columns, in catalog_search_rows' order and types.
CREATE FUNCTION catalog_search_rows_query(p_store uuid, p_patterns text[], p_limit integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT catalog_search_statement(
    'p.store_id, p.id, p.slug, p.name_en, p.name_ar, p.price_cents, p.stock, p.category_id, '
    'p.subcategory_id, p.shade_hex, p.color_family, p.active, p.display_price_cents, '
    'p.units_sold, p.units_sold_7d',
    p_store, p_patterns, p_limit) $$;
--> statement-breakpoint
-- The current store's products (active or not) whose search text matches every LIKE pattern,
-- at most p_limit of them (all when null), with what a listing needs of them: the same rows as
-- catalog_search_ids, scoped the same way (none without a store, app.store_id unset, or without
-- patterns; the trigram index or the primary key, never a sequential scan).
CREATE FUNCTION catalog_search_rows(p_patterns text[], p_limit integer)
  RETURNS TABLE (
    store_id uuid, id uuid, slug text, name_en text, name_ar text, price_cents integer,
    stock integer, category_id uuid, subcategory_id uuid, shade_hex text, color_family text,
    active boolean, display_price_cents integer, units_sold integer, units_sold_7d integer
  )
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET enable_seqscan = off
  ROWS 100
  AS $$
  DECLARE
    store uuid := app_current_store_id();
  BEGIN
    IF store IS NULL OR coalesce(cardinality(p_patterns), 0) = 0 THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE catalog_search_rows_query(store, p_patterns, p_limit);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION catalog_search_statement(text, uuid, text[], integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION catalog_search_rows_query(uuid, text[], integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION catalog_search_rows(text[], integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION catalog_search_rows(text[], integer) TO storefront_app;
