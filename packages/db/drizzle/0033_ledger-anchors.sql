-- External anchors of each tenant's ledger (witness cosignatures and RFC 3161 timestamp tokens on
-- its checkpoints) and the alerts raised when the chain stops matching them. All three tables
-- are append-only under rampart_refuse_change() (0032), like the checkpoints themselves, and
-- tenant-isolated like every tenant table.
CREATE TABLE "ledger_cosignatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"checkpoint_id" uuid NOT NULL,
	"witness" text NOT NULL,
	"line" text NOT NULL,
	"cosigned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_timestamps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"checkpoint_id" uuid NOT NULL,
	"token" bytea NOT NULL,
	"serial" text NOT NULL,
	"gen_time" timestamp with time zone NOT NULL,
	"tsa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"checkpoint_id" uuid,
	"tree_size" integer,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_cosignatures" ADD CONSTRAINT "ledger_cosignatures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_cosignatures" ADD CONSTRAINT "ledger_cosignatures_checkpoint_id_ledger_checkpoints_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."ledger_checkpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_timestamps" ADD CONSTRAINT "ledger_timestamps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_timestamps" ADD CONSTRAINT "ledger_timestamps_checkpoint_id_ledger_checkpoints_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."ledger_checkpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_alerts" ADD CONSTRAINT "ledger_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_cosignatures_checkpoint_witness" ON "ledger_cosignatures" USING btree ("checkpoint_id","witness");--> statement-breakpoint
CREATE INDEX "ledger_cosignatures_tenant_witness" ON "ledger_cosignatures" USING btree ("tenant_id","witness");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_timestamps_checkpoint" ON "ledger_timestamps" USING btree ("checkpoint_id");--> statement-breakpoint
CREATE INDEX "ledger_alerts_tenant_detected" ON "ledger_alerts" USING btree ("tenant_id","detected_at");--> statement-breakpoint
SELECT rampart_isolate_tenant_table('ledger_cosignatures');--> statement-breakpoint
SELECT rampart_isolate_tenant_table('ledger_timestamps');--> statement-breakpoint
SELECT rampart_isolate_tenant_table('ledger_alerts');--> statement-breakpoint
CREATE TRIGGER ledger_cosignatures_append_only BEFORE UPDATE OR DELETE ON ledger_cosignatures
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_cosignatures_no_truncate BEFORE TRUNCATE ON ledger_cosignatures
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_timestamps_append_only BEFORE UPDATE OR DELETE ON ledger_timestamps
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_timestamps_no_truncate BEFORE TRUNCATE ON ledger_timestamps
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_alerts_append_only BEFORE UPDATE OR DELETE ON ledger_alerts
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_alerts_no_truncate BEFORE TRUNCATE ON ledger_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
