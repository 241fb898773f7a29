ALTER TABLE "orders" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refused_on_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_max_refusals" integer;--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("store_id","phone_e164") WHERE "orders"."phone_e164" is not null;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_max_refusals" CHECK ("store_settings"."cod_max_refusals" is null or "store_settings"."cod_max_refusals" between 1 and 99);