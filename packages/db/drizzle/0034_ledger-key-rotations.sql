-- The ledger signing key's rotations: each row is a statement, signed by the key it retires and the
-- key it introduces, that auditors follow from a pinned key to the current one. Append-only like
-- the rest of the evidence (rampart_refuse_change, 0032): a rotation once published stays.
CREATE TABLE "ledger_key_rotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"previous_fingerprint" text NOT NULL,
	"next_fingerprint" text NOT NULL,
	"statement" jsonb NOT NULL,
	"rotated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_key_rotations_previous_fingerprint_unique" UNIQUE("previous_fingerprint"),
	CONSTRAINT "ledger_key_rotations_next_fingerprint_unique" UNIQUE("next_fingerprint")
);
--> statement-breakpoint
CREATE TRIGGER ledger_key_rotations_append_only
  BEFORE UPDATE OR DELETE ON ledger_key_rotations
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_key_rotations_no_truncate
  BEFORE TRUNCATE ON ledger_key_rotations
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
