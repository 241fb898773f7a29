CREATE TABLE "staff_invitations" (
	"store_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"staff_preset" text,
	"staff_role_id" uuid,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "staff_invitations_role" CHECK (("staff_invitations"."staff_preset" is null) <> ("staff_invitations"."staff_role_id" is null))
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_store_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_role_fk" FOREIGN KEY ("store_id","staff_role_id") REFERENCES "public"."staff_roles"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("store_id",lower("email"));--> statement-breakpoint
-- hand-written below
-- Row-level security on the new tenant table, as 0032 does for staff_roles.
ALTER TABLE staff_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON staff_invitations TO storefront_app USING (store_id = app_current_store_id()) WITH CHECK (store_id = app_current_store_id());
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_maintenance ON staff_invitations TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON staff_invitations TO storefront_app;
