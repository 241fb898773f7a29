CREATE TABLE "audit_log" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_email" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"entity_label" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_preset" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("store_id","actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_key" ON "staff_roles" USING btree ("store_id",lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_fk" FOREIGN KEY ("store_id","staff_role_id") REFERENCES "public"."staff_roles"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_preset" CHECK ("users"."staff_preset" is null or "users"."staff_preset" in ('owner', 'manager', 'orders', 'support', 'catalogue', 'accountant'));--> statement-breakpoint
-- hand-written below
-- Row-level security on the new tenant tables, as drizzle/0001_rls.sql does for the others.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['staff_roles', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id())',
      t);
    EXECUTE format('CREATE POLICY owner_maintenance ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON staff_roles TO storefront_app;
--> statement-breakpoint
-- The audit log is append-only for the app (decision 041): no UPDATE, no DELETE.
GRANT SELECT, INSERT ON audit_log TO storefront_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM storefront_app;
--> statement-breakpoint
-- Every existing admin becomes an Owner: nobody loses access.
UPDATE users SET staff_preset = 'owner' WHERE is_admin;
