CREATE TABLE "drift_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"sync_id" uuid,
	"drift_type" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"attribute" text,
	"iac_expected" jsonb,
	"actual_state" jsonb,
	"severity" text NOT NULL,
	"security_relevant" boolean NOT NULL,
	"controls" text[] NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"triggered_by" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"commit_sha" text,
	"drift_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'dev' NOT NULL,
	"declared" jsonb,
	"observed" jsonb,
	"credential" text,
	"uploaded_state" jsonb,
	"uploaded_state_at" timestamp with time zone,
	"sync_schedule" text,
	"drift_state" text DEFAULT 'unknown' NOT NULL,
	"drift_stats" jsonb,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drift_findings" ADD CONSTRAINT "drift_findings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_findings" ADD CONSTRAINT "drift_findings_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_findings" ADD CONSTRAINT "drift_findings_sync_id_environment_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."environment_syncs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_syncs" ADD CONSTRAINT "environment_syncs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_syncs" ADD CONSTRAINT "environment_syncs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drift_findings_environment" ON "drift_findings" USING btree ("tenant_id","environment_id");--> statement-breakpoint
CREATE INDEX "environment_syncs_environment" ON "environment_syncs" USING btree ("tenant_id","environment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "environments_tenant_name" ON "environments" USING btree ("tenant_id","name");--> statement-breakpoint
-- Row-level security: environments, their syncs and their drift are their tenant's.
SELECT rampart_isolate_tenant_table('environments');--> statement-breakpoint
SELECT rampart_isolate_tenant_table('environment_syncs');--> statement-breakpoint
SELECT rampart_isolate_tenant_table('drift_findings');
