ALTER TABLE "packages" ADD COLUMN "allows_custom_domain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The plan that advertises "your own domain" includes it (decision 026); staff change it on /platform/packages.
UPDATE "packages" SET "allows_custom_domain" = true WHERE "code" = 'growth';
