CREATE TABLE "message_outbox" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_outbox_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "message_outbox_channel" CHECK ("message_outbox"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_created_idx" ON "message_outbox" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."next_attempt_at" is not null;--> statement-breakpoint
-- hand-written below
-- Row-level security on the new tenant table, as 0037 does for staff_invitations.
ALTER TABLE message_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE message_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_outbox TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON message_outbox TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON message_outbox TO storefront_app;
--> statement-breakpoint
-- The stores with SMS/WhatsApp messages due, for the message sweep (as platform_stores_with_due_email).
CREATE FUNCTION platform_stores_with_due_messages()
  RETURNS TABLE (store_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT m.store_id FROM message_outbox m
     WHERE m.next_attempt_at IS NOT NULL AND m.next_attempt_at <= now()
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_due_messages() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_due_messages() TO storefront_app;
