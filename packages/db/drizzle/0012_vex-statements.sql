CREATE TABLE "vex_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"vulnerability_id" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"purl" text NOT NULL,
	"status" text NOT NULL,
	"justification" text,
	"impact_statement" text,
	"action_statement" text,
	"author" text NOT NULL,
	"statement_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vex_statements" ADD CONSTRAINT "vex_statements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vex_statements_tenant_idx" ON "vex_statements" USING btree ("tenant_id","statement_at");