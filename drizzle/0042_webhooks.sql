CREATE TABLE "events" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"topic" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_seq" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "events_seq_key" UNIQUE("store_id","seq")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"url" text NOT NULL,
	"topics" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_fk" FOREIGN KEY ("store_id","subscription_id") REFERENCES "public"."webhook_subscriptions"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("store_id","event_id") REFERENCES "public"."events"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_resource_idx" ON "events" USING btree ("store_id","resource_type","resource_id","resource_seq");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("store_id","subscription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."next_attempt_at" is not null;
--> statement-breakpoint
-- hand-written below
-- Row-level security on the new tenant tables, as 0041 does for api_tokens.
ALTER TABLE events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON events TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON events TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT ON events TO storefront_app;
--> statement-breakpoint
ALTER TABLE webhook_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_subscriptions TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON webhook_subscriptions TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_subscriptions TO storefront_app;
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON webhook_deliveries TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries TO storefront_app;
--> statement-breakpoint
-- The stores with webhook deliveries due, for the webhook sweep (as platform_stores_with_due_messages).
CREATE FUNCTION platform_stores_with_due_webhooks()
  RETURNS TABLE (store_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT d.store_id FROM webhook_deliveries d
     WHERE d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= now()
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_due_webhooks() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_due_webhooks() TO storefront_app;
--> statement-breakpoint
-- The delivery log and the events feed keep 30 days (decision 047); a delivery still due is kept,
-- and so is its event. Returns how many rows went.
CREATE FUNCTION platform_prune_webhook_log(keep interval)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    deliveries integer;
    old_events integer;
  BEGIN
    DELETE FROM webhook_deliveries d
     WHERE d.created_at < now() - keep AND d.next_attempt_at IS NULL;
    GET DIAGNOSTICS deliveries = ROW_COUNT;
    DELETE FROM events e
     WHERE e.created_at < now() - keep
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.store_id = e.store_id AND d.event_id = e.id);
    GET DIAGNOSTICS old_events = ROW_COUNT;
    RETURN deliveries + old_events;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_prune_webhook_log(interval) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_prune_webhook_log(interval) TO storefront_app;
