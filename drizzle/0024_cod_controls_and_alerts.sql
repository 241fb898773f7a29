ALTER TABLE "store_settings" ADD COLUMN "cod_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_max_total_cents" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_amounts" CHECK ("store_settings"."cod_fee_cents" >= 0 and ("store_settings"."cod_max_total_cents" is null or "store_settings"."cod_max_total_cents" > 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee_nonnegative" CHECK ("orders"."cod_fee_cents" >= 0);
