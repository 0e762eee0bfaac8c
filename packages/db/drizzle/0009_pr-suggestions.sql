CREATE TABLE "pr_number_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pr_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"finding_id" uuid,
	"finding_fingerprint" text NOT NULL,
	"rule_id" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"branch_name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"patch" text NOT NULL,
	"base_commit" text NOT NULL,
	"head_commit" text NOT NULL,
	"url" text,
	"state" text DEFAULT 'open' NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	"tests_added" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pr_number_counters" ADD CONSTRAINT "pr_number_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD CONSTRAINT "pr_suggestions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD CONSTRAINT "pr_suggestions_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD CONSTRAINT "pr_suggestions_run_id_policy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."policy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD CONSTRAINT "pr_suggestions_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pr_suggestions_tenant_number" ON "pr_suggestions" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "pr_suggestions_tenant_created" ON "pr_suggestions" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pr_suggestions_open_fingerprint" ON "pr_suggestions" USING btree ("tenant_id","repository_id","finding_fingerprint") WHERE "pr_suggestions"."state" = 'open';