-- Trending (units_sold_7d) kept by orders (issue 9): an order's quantities are counted while it
-- is neither cancelled nor 7 days old; the flag says whether they still are, so a cancel and the
-- hourly sweep that ages orders out each subtract an order once (the order row's lock decides).
ALTER TABLE "orders" ADD COLUMN "counted_in_trending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_counted_in_trending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."counted_in_trending";--> statement-breakpoint
-- Orders already there: counted exactly as the seed counted them.
UPDATE "orders" SET "counted_in_trending" = true
 WHERE "status" <> 'cancelled' AND "created_at" >= now() - interval '7 days';--> statement-breakpoint
-- The stores with orders to age out, for the sweep (the app role sees no store's orders without
-- naming the store, as for every platform-wide read).
CREATE FUNCTION platform_stores_with_aged_trending()
  RETURNS TABLE (store_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT o.store_id FROM orders o
     WHERE o.counted_in_trending AND o.created_at < now() - interval '7 days'
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_aged_trending() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_aged_trending() TO storefront_app;
