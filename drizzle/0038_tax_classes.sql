-- Issue 35: a product's VAT class. Every existing product is standard, so every total is unchanged.
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class" CHECK ("products"."tax_class" in ('standard', 'zero-rated', 'exempt'));