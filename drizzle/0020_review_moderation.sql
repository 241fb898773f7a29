ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "review_moderation" text DEFAULT 'publish' NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_store_created_idx" ON "reviews" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_store_status_created_idx" ON "reviews" USING btree ("store_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_known" CHECK ("reviews"."status" in ('published', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_review_moderation" CHECK ("store_settings"."review_moderation" in ('publish', 'hold'));