-- Issue 18: keys Citus can distribute (every key between tenant tables carries store_id), and
-- custom-domain claims that never block another store (only a verified domain is unique).
CREATE TABLE "platform_stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
-- Events of no store move to their own platform table; the rest are keyed by store first.
INSERT INTO "platform_stripe_events" ("id", "type", "account", "received_at", "processed_at")
  SELECT "id", "type", "account", "received_at", "processed_at" FROM "stripe_events" WHERE "store_id" IS NULL;
--> statement-breakpoint
DELETE FROM "stripe_events" WHERE "store_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "stripe_events" DROP CONSTRAINT "stripe_events_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "stripe_events" DROP CONSTRAINT "stripe_events_pkey";--> statement-breakpoint
ALTER TABLE "stripe_events" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_store_id_id_pk" PRIMARY KEY("store_id","id");--> statement-breakpoint
-- Citus cannot SET NULL a distribution column: an event goes with its store.
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "orders_checkout_session_key";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_key" ON "orders" USING btree ("store_id","stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "custom_domain_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Claims made before this column existed count from their last change.
UPDATE "stores" SET "custom_domain_claimed_at" = coalesce("custom_domain_verified_at", "updated_at")
 WHERE "custom_domain" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "stores_custom_domain_key";--> statement-breakpoint
CREATE UNIQUE INDEX "stores_custom_domain_key" ON "stores" USING btree (lower("custom_domain")) WHERE "stores"."custom_domain_verified_at" is not null;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_stripe_events TO storefront_app;
--> statement-breakpoint
GRANT UPDATE (custom_domain_claimed_at) ON stores TO storefront_app;
--> statement-breakpoint
-- The store that verified a domain, if any: another store's row is invisible to the app role.
CREATE FUNCTION platform_custom_domain_owner(p_domain text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT s.id FROM stores s
         WHERE lower(s.custom_domain) = lower(p_domain) AND s.custom_domain_verified_at IS NOT NULL $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_custom_domain_owner(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_custom_domain_owner(text) TO storefront_app;
--> statement-breakpoint
-- The periodic re-check skips claims that lapsed (unverified for 7 days).
CREATE OR REPLACE FUNCTION platform_stores_with_domain()
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT s.id FROM stores s
         WHERE s.custom_domain IS NOT NULL
           AND (s.custom_domain_verified_at IS NOT NULL
                OR s.custom_domain_claimed_at > now() - interval '7 days')
         ORDER BY s.custom_domain_checked_at NULLS FIRST $$;
