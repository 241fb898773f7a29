CREATE TABLE "invoice_counters" (
	"store_id" uuid NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"last_hash" text,
	CONSTRAINT "invoice_counters_store_id_pk" PRIMARY KEY("store_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"simplified" boolean DEFAULT true NOT NULL,
	"seller_name_en" text NOT NULL,
	"seller_name_ar" text NOT NULL,
	"seller_address_en" text NOT NULL,
	"seller_address_ar" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"seller_country" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_country" text NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "invoices_store_order_key" UNIQUE("store_id","order_id"),
	CONSTRAINT "invoices_store_number_key" UNIQUE("store_id","number"),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Row-level security on the two new tenant tables, as 0037 does for staff_invitations.
ALTER TABLE invoice_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_counters TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON invoice_counters TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY owner_maintenance ON invoices TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON invoice_counters TO storefront_app;
--> statement-breakpoint
-- An invoice is never changed or deleted by the app (the chain hashes its content).
GRANT SELECT, INSERT ON invoices TO storefront_app;
