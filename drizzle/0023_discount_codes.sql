CREATE TABLE "cart_discount_codes" (
	"store_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_discount_codes_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discount_code_targets" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"category_id" uuid,
	"product_id" uuid,
	CONSTRAINT "discount_code_targets_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "discount_code_targets_one_target" CHECK (num_nonnulls("discount_code_targets"."category_id", "discount_code_targets"."product_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_shopper_limit" integer,
	"scope" text DEFAULT 'store' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" ~ '^[A-Za-z0-9_-]{1,40}$'),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percentage', 'fixed', 'free_shipping')),
	CONSTRAINT "discount_codes_scope" CHECK ("discount_codes"."scope" in ('store', 'categories', 'products')),
	CONSTRAINT "discount_codes_value_range" CHECK (("discount_codes"."kind" = 'percentage' and "discount_codes"."value" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."value" > 0) or ("discount_codes"."kind" = 'free_shipping' and "discount_codes"."value" = 0)),
	CONSTRAINT "discount_codes_limits_positive" CHECK ("discount_codes"."min_subtotal_cents" >= 0 and "discount_codes"."uses" >= 0 and coalesce("discount_codes"."usage_limit", 1) > 0 and coalesce("discount_codes"."per_shopper_limit", 1) > 0),
	CONSTRAINT "discount_codes_window_order" CHECK ("discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "discount_redemptions_order_key" UNIQUE("store_id","order_id"),
	CONSTRAINT "discount_redemptions_amount_nonnegative" CHECK ("discount_redemptions"."amount_cents" >= 0)
);
--> statement-breakpoint
-- The reports sum code_discount_cents too: the covering index is rebuilt with it (index-only scans).
DROP INDEX "orders_report_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_user_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_code_fk" FOREIGN KEY ("store_id","discount_code_id") REFERENCES "public"."discount_codes"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_targets" ADD CONSTRAINT "discount_code_targets_code_fk" FOREIGN KEY ("store_id","discount_code_id") REFERENCES "public"."discount_codes"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_targets" ADD CONSTRAINT "discount_code_targets_category_fk" FOREIGN KEY ("store_id","category_id") REFERENCES "public"."categories"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_targets" ADD CONSTRAINT "discount_code_targets_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_fk" FOREIGN KEY ("store_id","discount_code_id") REFERENCES "public"."discount_codes"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_targets_code_idx" ON "discount_code_targets" USING btree ("store_id","discount_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("store_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_created_idx" ON "discount_codes" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discount_redemptions_user_idx" ON "discount_redemptions" USING btree ("store_id","discount_code_id","user_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_email_idx" ON "discount_redemptions" USING btree ("store_id","discount_code_id","email");--> statement-breakpoint
CREATE INDEX "orders_report_idx" ON "orders" USING btree ("store_id","created_at","status","payment_status","total_cents","subtotal_cents","discount_cents","shipping_cents","total_quantity","id","code_discount_cents");
--> statement-breakpoint
-- Row-level security on the new tenant tables, as drizzle/0001_rls.sql does for the others.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['discount_codes', 'discount_code_targets', 'discount_redemptions', 'cart_discount_codes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id())',
      t);
    EXECUTE format('CREATE POLICY owner_maintenance ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO storefront_app', t);
  END LOOP;
END $$;
