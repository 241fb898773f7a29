ALTER TABLE "email_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."next_attempt_at" is not null;--> statement-breakpoint
-- The stores with mail due for delivery, for the outbox sweep (the app role sees no store's
-- outbox without naming the store, as for every platform-wide read).
CREATE FUNCTION platform_stores_with_due_email()
  RETURNS TABLE (store_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT e.store_id FROM email_outbox e
     WHERE e.next_attempt_at IS NOT NULL AND e.next_attempt_at <= now()
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_due_email() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_due_email() TO storefront_app;
