CREATE TABLE "open_rule_counts" (
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"analyzer" text NOT NULL,
	"severity" text NOT NULL,
	"control_code" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "open_rule_counts_run_id_rule_id_severity_pk" PRIMARY KEY("run_id","rule_id","severity")
);
--> statement-breakpoint
ALTER TABLE "open_rule_counts" ADD CONSTRAINT "open_rule_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_rule_counts" ADD CONSTRAINT "open_rule_counts_run_id_policy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."policy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "findings_open_ranked_by_run" ON "findings" USING btree ("run_id",(case "severity" when 'critical' then 0 when 'high' then 1 when 'med' then 2 else 3 end),"file_path","line") WHERE "findings"."status" = 'fail' and "findings"."waiver_id" is null;