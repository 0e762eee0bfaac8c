CREATE TABLE "container_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"vulnerability_id" text NOT NULL,
	"aliases" text[] NOT NULL,
	"severity" text NOT NULL,
	"cvss_score" double precision,
	"package_name" text NOT NULL,
	"ecosystem" text NOT NULL,
	"installed_version" text,
	"fixed_version" text,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"image_ref" text NOT NULL,
	"base_image" text,
	"os" text,
	"package_count" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"upload_path" text,
	"upload_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sbom_artifacts" ALTER COLUMN "run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sbom_artifacts" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "container_findings" ADD CONSTRAINT "container_findings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_findings" ADD CONSTRAINT "container_findings_image_id_container_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."container_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_images" ADD CONSTRAINT "container_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_images" ADD CONSTRAINT "container_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_findings_tenant" ON "container_findings" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "container_findings_image" ON "container_findings" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "container_images_tenant_created" ON "container_images" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "sbom_artifacts" ADD CONSTRAINT "sbom_artifacts_image_id_container_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."container_images"("id") ON DELETE cascade ON UPDATE no action;