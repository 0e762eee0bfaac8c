CREATE TABLE "osv_advisories" (
	"id" text PRIMARY KEY NOT NULL,
	"modified" text,
	"withdrawn" text,
	"ecosystems" text[] NOT NULL,
	"aliases" text[] NOT NULL,
	"record" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osv_advisory_packages" (
	"ecosystem" text NOT NULL,
	"name" text NOT NULL,
	"advisory_id" text NOT NULL,
	CONSTRAINT "osv_advisory_packages_ecosystem_name_advisory_id_pk" PRIMARY KEY("ecosystem","name","advisory_id")
);
--> statement-breakpoint
ALTER TABLE "osv_advisory_packages" ADD CONSTRAINT "osv_advisory_packages_advisory_id_osv_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."osv_advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "osv_advisories_ecosystems" ON "osv_advisories" USING gin ("ecosystems");--> statement-breakpoint
CREATE INDEX "osv_advisory_packages_advisory" ON "osv_advisory_packages" USING btree ("advisory_id");