ALTER TABLE "policy_runs" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD COLUMN "reason" text;