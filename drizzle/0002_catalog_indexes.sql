-- Catalogue listing indexes (issue 4, DESIGN §9). The CREATE INDEX statements are drizzle-kit's,
-- generated from schema.ts; the extensions and the search functions below are hand-written
-- (drizzle-kit manages neither).
--
-- pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+): the migrating role needs CREATE
-- on the database, not superuser. PGlite loads their files at startup (app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "products_category_best_seller_idx" ON "products" USING btree ("store_id","category_id","units_sold" DESC NULLS LAST,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_trending_idx" ON "products" USING btree ("store_id","category_id","units_sold_7d" DESC NULLS LAST,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_subcategory_best_seller_idx" ON "products" USING btree ("store_id","subcategory_id","units_sold" DESC NULLS LAST,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_subcategory_trending_idx" ON "products" USING btree ("store_id","subcategory_id","units_sold_7d" DESC NULLS LAST,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("store_id","search_text" gin_trgm_ops);
--> statement-breakpoint
-- Why search needs a function: under row-level security PostgreSQL applies the policy before any
-- predicate of the query that is not LEAKPROOF, so it will not use such a predicate as an index
-- condition (nor consult the column's statistics for it). ILIKE, like every operator a GIN index
-- serves, is not leakproof, so as storefront_app `search_text ILIKE '%word%'` can only test the
-- store's rows one by one, and products_search_trgm_idx would never be used for it.
-- catalog_search_ids runs as the table owner, whose policy is USING (true), and scopes itself to
-- the current store, so the planner is free to use the index. The listing asks it for the ids of a
-- search's matches and, when they are few, narrows its own queries to them; its ILIKE conditions
-- stay, so what it lists never depends on the function (app/services/catalog.server.ts).
--
-- The query is built as text with literals, so it is planned for the actual store and patterns
-- (every pattern an index condition); it has a function of its own so tests can EXPLAIN it.
CREATE FUNCTION catalog_search_query(p_store uuid, p_patterns text[], p_limit integer) RETURNS text
  LANGUAGE plpgsql IMMUTABLE
  AS $$
  DECLARE
    statement text := format('SELECT p.id FROM public.products p WHERE p.store_id = %L::uuid', p_store);
    pattern text;
  BEGIN
    FOREACH pattern IN ARRAY coalesce(p_patterns, '{}') LOOP
      statement := statement || format(' AND p.search_text ILIKE %L', pattern);
    END LOOP;
    IF p_limit IS NOT NULL THEN
      statement := statement || format(' LIMIT %s', p_limit);
    END IF;
    RETURN statement;
  END $$;
--> statement-breakpoint
-- Ids of the current store's products (active or not) whose search text matches every ILIKE
-- pattern, at most p_limit of them (all when null); none without a store (app.store_id unset)
-- or without patterns. No sequential scan: under a LIMIT the planner may expect a common word's
-- matches early in the table, but the store's rows may all lie at its end; the trigram index or
-- the primary key keeps the scan within the store.
CREATE FUNCTION catalog_search_ids(p_patterns text[], p_limit integer) RETURNS TABLE (id uuid)
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
    RETURN QUERY EXECUTE catalog_search_query(store, p_patterns, p_limit);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION catalog_search_query(uuid, text[], integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION catalog_search_ids(text[], integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION catalog_search_ids(text[], integer) TO storefront_app;
