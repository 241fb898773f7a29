ALTER TABLE "stores" ADD COLUMN "custom_domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "custom_domain_error" text;--> statement-breakpoint
-- The custom-domain page records each DNS check in the store's own scope (issue 12, item 5).
GRANT UPDATE (custom_domain_checked_at, custom_domain_error) ON stores TO storefront_app;
--> statement-breakpoint
-- The periodic re-check walks every store with a domain; platform-wide, so a definer function.
CREATE FUNCTION platform_stores_with_domain()
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT s.id FROM stores s WHERE s.custom_domain IS NOT NULL ORDER BY s.custom_domain_checked_at NULLS FIRST $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_stores_with_domain() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_stores_with_domain() TO storefront_app;
