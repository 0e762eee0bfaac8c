CREATE TABLE "control_results" (
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"control_code" text NOT NULL,
	"passes" integer NOT NULL,
	"failures" integer NOT NULL,
	"evidence" text NOT NULL,
	CONSTRAINT "control_results_run_id_control_code_pk" PRIMARY KEY("run_id","control_code")
);
--> statement-breakpoint
CREATE TABLE "finding_tracks" (
	"tenant_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"rule_id" text NOT NULL,
	"severity" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"first_run_id" uuid NOT NULL,
	"last_run_id" uuid NOT NULL,
	"fixed_at" timestamp with time zone,
	"fixed_run_id" uuid,
	CONSTRAINT "finding_tracks_repository_id_fingerprint_pk" PRIMARY KEY("repository_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"analyzer" text NOT NULL,
	"control_code" text NOT NULL,
	"severity" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"file_path" text,
	"line" integer,
	"fingerprint" text NOT NULL,
	"waiver_id" uuid,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"repo" text NOT NULL,
	"commit_sha" text NOT NULL,
	"triggered_by" text NOT NULL,
	"status" text NOT NULL,
	"files_scanned" integer NOT NULL,
	"failed_count" integer NOT NULL,
	"analyzers" jsonb NOT NULL,
	"engine_version" text NOT NULL,
	"self_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repositories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"location" text NOT NULL,
	"default_branch" text,
	"scan_schedule" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"triggered_by" text NOT NULL,
	"ref" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"files_scanned" integer DEFAULT 0 NOT NULL,
	"run_id" uuid,
	"as_of" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"rule_id" text NOT NULL,
	"path_pattern" text,
	"fingerprint" text,
	"reason" text NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_results" ADD CONSTRAINT "control_results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_results" ADD CONSTRAINT "control_results_run_id_policy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."policy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_tracks" ADD CONSTRAINT "finding_tracks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_tracks" ADD CONSTRAINT "finding_tracks_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_run_id_policy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."policy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_results_tenant_control" ON "control_results" USING btree ("tenant_id","control_code");--> statement-breakpoint
CREATE INDEX "finding_tracks_tenant_fixed" ON "finding_tracks" USING btree ("tenant_id","fixed_at");--> statement-breakpoint
CREATE INDEX "findings_run" ON "findings" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "findings_tenant_control_created" ON "findings" USING btree ("tenant_id","control_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "findings_tenant_failed_created" ON "findings" USING btree ("tenant_id","created_at" DESC NULLS LAST) WHERE "findings"."status" = 'fail' and "findings"."waiver_id" is null;--> statement-breakpoint
CREATE INDEX "policy_runs_tenant_created" ON "policy_runs" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "policy_runs_repository_created" ON "policy_runs" USING btree ("repository_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_tenant_name" ON "repositories" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "scans_tenant_created" ON "scans" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "waivers_tenant_rule" ON "waivers" USING btree ("tenant_id","rule_id");