ALTER TABLE "orders" ADD COLUMN "checkout_token" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "shipping_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "free_shipping_threshold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_token_key" ON "orders" USING btree ("store_id","checkout_token");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_shipping_nonnegative" CHECK ("store_settings"."shipping_fee_cents" >= 0 and "store_settings"."free_shipping_threshold_cents" >= 0);