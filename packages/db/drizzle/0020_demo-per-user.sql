DROP INDEX "tenants_single_demo";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "demo_owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_demo_owner_user_id_users_id_fk" FOREIGN KEY ("demo_owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_demo_template" ON "tenants" USING btree ("is_demo") WHERE "tenants"."is_demo" and "tenants"."demo_owner_user_id" is null and "tenants"."last_active_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_demo_owner" ON "tenants" USING btree ("demo_owner_user_id");