CREATE TABLE "api_idempotency_keys" (
	"store_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_keys_store_id_token_id_key_pk" PRIMARY KEY("store_id","token_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "api_tokens_hash_key" UNIQUE("store_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_token_fk" FOREIGN KEY ("store_id","token_id") REFERENCES "public"."api_tokens"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Row-level security on the new tenant tables, as 0037 does for staff_invitations.
ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON api_tokens TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON api_tokens TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON api_tokens TO storefront_app;
--> statement-breakpoint
ALTER TABLE api_idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_idempotency_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON api_idempotency_keys TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON api_idempotency_keys TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON api_idempotency_keys TO storefront_app;
