ALTER TABLE "orders" ADD COLUMN "confirm_remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_remind_hours" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_cancel_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_confirm_due_idx" ON "orders" USING btree ("confirm_cancel_at") WHERE "orders"."status" = 'awaiting_confirmation';--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_confirm_hours" CHECK ("store_settings"."cod_confirm_remind_hours" between 1 and 168 and "store_settings"."cod_confirm_cancel_hours" between 1 and 168 and "store_settings"."cod_confirm_remind_hours" < "store_settings"."cod_confirm_cancel_hours");--> statement-breakpoint
-- hand-written below
-- The stores with Cash On Delivery orders whose reminder or cancel is due at `at`, for the
-- confirmation sweep (decision 040; the app role sees no store's orders without naming the store,
-- as for every platform-wide read).
CREATE FUNCTION platform_stores_with_due_cod_confirmations(at timestamptz)
  RETURNS TABLE (store_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT o.store_id FROM orders o
     WHERE o.status = 'awaiting_confirmation'
       AND (o.confirm_cancel_at <= at OR o.confirm_remind_at <= at)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_due_cod_confirmations(timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_due_cod_confirmations(timestamptz) TO storefront_app;
