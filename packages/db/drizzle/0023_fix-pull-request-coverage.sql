DROP INDEX "pr_suggestions_open_fingerprint";--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD COLUMN "fix_key" text;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ADD COLUMN "fixed_fingerprints" text[];--> statement-breakpoint
-- Pull requests opened so far each fixed the one finding they were opened from.
UPDATE "pr_suggestions" SET "fix_key" = "finding_fingerprint", "fixed_fingerprints" = ARRAY["finding_fingerprint"];--> statement-breakpoint
ALTER TABLE "pr_suggestions" ALTER COLUMN "fix_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pr_suggestions" ALTER COLUMN "fixed_fingerprints" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pr_suggestions_open_fix" ON "pr_suggestions" USING btree ("tenant_id","repository_id","fix_key") WHERE "pr_suggestions"."state" = 'open';
