-- Audit log entries are append-only: nothing changes or removes one. The only exception is
-- deleting a whole tenant, which sets rampart.ledger_delete in its transaction (as for the ledger).
CREATE FUNCTION rampart_refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('rampart.ledger_delete', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit log entries are append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_entries_append_only
  BEFORE UPDATE OR DELETE ON audit_log_entries
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_audit_log_change();
--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it too.
CREATE TRIGGER audit_log_entries_no_truncate
  BEFORE TRUNCATE ON audit_log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_audit_log_change();
--> statement-breakpoint
-- The table grows forever, so every row stays small: the application caps these lengths too.
ALTER TABLE audit_log_entries ADD CONSTRAINT audit_log_entries_bounded CHECK (
  char_length(action) <= 120
  AND char_length(coalesce(target, '')) <= 200
  AND char_length(coalesce(actor_email, '')) <= 320
  AND char_length(method) <= 10
  AND char_length(route) <= 300
  AND char_length(client_address) <= 64
);
