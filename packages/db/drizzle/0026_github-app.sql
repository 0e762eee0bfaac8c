CREATE TABLE "github_apps" (
	"app_id" bigint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"html_url" text NOT NULL,
	"owner_login" text,
	"client_id" text,
	"sealed_private_key" text NOT NULL,
	"sealed_webhook_secret" text NOT NULL,
	"sealed_client_secret" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"action" text,
	"installation_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pull_request_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"head_sha" text NOT NULL,
	"base_sha" text NOT NULL,
	"base_ref" text NOT NULL,
	"compare_sha" text,
	"head_scan_id" uuid,
	"base_scan_id" uuid,
	"base_run_id" uuid,
	"check_run_id" text,
	"state" text DEFAULT 'scanning' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "github_installation_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "pr_gate_severity" text DEFAULT 'high' NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "github_apps" ADD CONSTRAINT "github_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_scans" ADD CONSTRAINT "pull_request_scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_scans" ADD CONSTRAINT "pull_request_scans_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_scans" ADD CONSTRAINT "pull_request_scans_head_scan_id_scans_id_fk" FOREIGN KEY ("head_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_scans" ADD CONSTRAINT "pull_request_scans_base_scan_id_scans_id_fk" FOREIGN KEY ("base_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_scans" ADD CONSTRAINT "pull_request_scans_base_run_id_policy_runs_id_fk" FOREIGN KEY ("base_run_id") REFERENCES "public"."policy_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "github_apps_one" ON "github_apps" USING btree ((true));--> statement-breakpoint
CREATE INDEX "github_webhook_deliveries_received" ON "github_webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "pull_request_scans_pull" ON "pull_request_scans" USING btree ("tenant_id","repository_id","number","created_at");--> statement-breakpoint
CREATE INDEX "pull_request_scans_head_scan" ON "pull_request_scans" USING btree ("head_scan_id");--> statement-breakpoint
CREATE INDEX "pull_request_scans_base_scan" ON "pull_request_scans" USING btree ("base_scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_github_installation" ON "tenants" USING btree ("github_installation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_tenant_external" ON "repositories" USING btree ("tenant_id","source","external_id") WHERE "repositories"."external_id" is not null;--> statement-breakpoint
SELECT rampart_isolate_tenant_table('pull_request_scans');
