CREATE TABLE "login_attempts" (
	"account_key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempts_window" ON "login_attempts" USING btree ("window_started_at");