DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_status_payment_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("store_id","payment_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("store_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_payment_idx" ON "orders" USING btree ("store_id","status","payment_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);