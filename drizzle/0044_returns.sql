CREATE TABLE "return_request_lines" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"return_request_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_request_lines_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "return_request_lines_quantities" CHECK ("return_request_lines"."quantity" > 0 and "return_request_lines"."received_quantity" between 0 and "return_request_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason_code" text NOT NULL,
	"comment" text,
	"staff_message" text,
	"refund_id" uuid,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "return_requests_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "return_requests_state" CHECK ("return_requests"."state" in ('requested', 'approved', 'declined', 'received', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "return_window_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_request_fk" FOREIGN KEY ("store_id","return_request_id") REFERENCES "public"."return_requests"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_item_fk" FOREIGN KEY ("store_id","order_item_id") REFERENCES "public"."order_items"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_request_lines_request_idx" ON "return_request_lines" USING btree ("store_id","return_request_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("store_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_state_idx" ON "return_requests" USING btree ("store_id","state","created_at");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_return_window" CHECK ("store_settings"."return_window_days" between 0 and 365);--> statement-breakpoint
-- hand-written below
-- Row-level security on the two new tenant tables, as 0043 does for refunds.
ALTER TABLE return_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE return_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON return_requests TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
ALTER TABLE return_request_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE return_request_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON return_request_lines TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON return_requests TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY owner_maintenance ON return_request_lines TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
-- A request's state moves forward and its lines count what came back; neither is deleted by the app.
GRANT SELECT, INSERT, UPDATE ON return_requests TO storefront_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON return_request_lines TO storefront_app;
