ALTER TABLE "store_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_report_idx" ON "order_items" USING btree ("store_id","order_id","product_id","quantity","line_total_cents","unit_discount_cents");--> statement-breakpoint
CREATE INDEX "orders_report_idx" ON "orders" USING btree ("store_id","created_at","status","payment_status","total_cents","subtotal_cents","discount_cents","shipping_cents","total_quantity","id");--> statement-breakpoint
CREATE INDEX "orders_status_payment_idx" ON "orders" USING btree ("store_id","status","payment_status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("store_id","stock") WHERE "products"."active";