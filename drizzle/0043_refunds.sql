CREATE TABLE "credit_note_counters" (
	"store_id" uuid NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counters_store_id_pk" PRIMARY KEY("store_id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"cod_fee_cents" integer DEFAULT 0 NOT NULL,
	"extra_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"vat_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "credit_notes_store_number_key" UNIQUE("store_id","number"),
	CONSTRAINT "credit_notes_store_refund_key" UNIQUE("store_id","refund_id"),
	CONSTRAINT "credit_notes_number_positive" CHECK ("credit_notes"."number" > 0),
	CONSTRAINT "credit_notes_total_nonpositive" CHECK ("credit_notes"."total_cents" <= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "refund_lines_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "refund_lines_quantity_positive" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"request_token" text,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"cod_fee_cents" integer DEFAULT 0 NOT NULL,
	"extra_cents" integer DEFAULT 0 NOT NULL,
	"reason_code" text NOT NULL,
	"reason_text" text,
	"note_to_shopper" text,
	"method" text NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"stripe_refund_id" text,
	"failure_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "code_discount_cents" integer;--> statement-breakpoint
ALTER TABLE "credit_note_counters" ADD CONSTRAINT "credit_note_counters_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_fk" FOREIGN KEY ("store_id","invoice_id") REFERENCES "public"."invoices"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_item_fk" FOREIGN KEY ("store_id","order_item_id") REFERENCES "public"."order_items"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("store_id","refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("store_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_stripe_refund_key" ON "refunds" USING btree ("store_id","stripe_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_token_key" ON "refunds" USING btree ("store_id","request_token");
--> statement-breakpoint
-- hand-written below
-- Row-level security on the four new tenant tables, as 0040 does for invoices.
ALTER TABLE refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refunds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refunds TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
ALTER TABLE refund_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refund_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refund_lines TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
ALTER TABLE credit_note_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE credit_note_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON credit_note_counters TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE credit_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON credit_notes TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON refunds TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY owner_maintenance ON refund_lines TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY owner_maintenance ON credit_note_counters TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY owner_maintenance ON credit_notes TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
-- A refund's status moves pending → succeeded/failed; its lines never change once written.
GRANT SELECT, INSERT, UPDATE ON refunds TO storefront_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON refund_lines TO storefront_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON credit_note_counters TO storefront_app;
--> statement-breakpoint
-- An issued credit note is never changed or deleted by the app, like an invoice.
GRANT SELECT, INSERT ON credit_notes TO storefront_app;
