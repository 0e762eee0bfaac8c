CREATE TABLE "sbom_artifacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"format" text NOT NULL,
	"sbom_hash" text NOT NULL,
	"sbom_data" jsonb NOT NULL,
	"component_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sbom_artifacts" ADD CONSTRAINT "sbom_artifacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sbom_artifacts" ADD CONSTRAINT "sbom_artifacts_run_id_policy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."policy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sbom_artifacts_tenant_created" ON "sbom_artifacts" USING btree ("tenant_id","created_at");