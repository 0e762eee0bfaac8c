-- The evidence tables hold against the application's own role. Before this, any role with write
-- rights could set rampart.ledger_delete and delete evidence, and TRUNCATE skipped the row
-- triggers of most of them. Now deleting evidence (erasing a tenant, resetting a demo) also needs
-- membership of a maintenance role that the application role never has; the migrating owner
-- gets it, and the server uses it only through its maintenance connection (the owner's).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rampart_ledger_maintainer') THEN
    CREATE ROLE rampart_ledger_maintainer NOLOGIN NOINHERIT;
  END IF;
-- Roles are cluster-wide: another database of the same server may create it at the same moment.
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT pg_has_role(current_user, 'rampart_ledger_maintainer', 'MEMBER') THEN
    EXECUTE format('GRANT rampart_ledger_maintainer TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- One guard for every append-only table (later migrations put it on their own tables): UPDATE
-- and TRUNCATE are refused; DELETE passes only for a maintainer who said so in its transaction.
-- Both the current and the session user must be maintainers: a delete cascading from the tenants
-- row runs as the table's owner, whoever deleted that row.
CREATE FUNCTION rampart_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    AND current_setting('rampart.ledger_delete', true) = 'on'
    AND pg_has_role(current_user, 'rampart_ledger_maintainer', 'MEMBER')
    AND pg_has_role(session_user, 'rampart_ledger_maintainer', 'MEMBER') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS evidence_artifacts_append_only ON evidence_artifacts;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_entries_append_only ON audit_log_entries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_entries_no_truncate ON audit_log_entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS rampart_refuse_ledger_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS rampart_refuse_audit_log_change();
--> statement-breakpoint
CREATE TRIGGER evidence_artifacts_append_only
  BEFORE UPDATE OR DELETE ON evidence_artifacts
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER evidence_artifacts_no_truncate
  BEFORE TRUNCATE ON evidence_artifacts
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_entries_append_only
  BEFORE UPDATE OR DELETE ON audit_log_entries
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_entries_no_truncate
  BEFORE TRUNCATE ON audit_log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_checkpoints_append_only
  BEFORE UPDATE OR DELETE ON ledger_checkpoints
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_checkpoints_no_truncate
  BEFORE TRUNCATE ON ledger_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_verifications_append_only
  BEFORE UPDATE OR DELETE ON ledger_verifications
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_verifications_no_truncate
  BEFORE TRUNCATE ON ledger_verifications
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_change();
--> statement-breakpoint
-- The instance log refuses everything, erasure included; TRUNCATE skipped its row trigger.
CREATE TRIGGER instance_log_no_truncate
  BEFORE TRUNCATE ON instance_log
  FOR EACH STATEMENT EXECUTE FUNCTION rampart_refuse_instance_log_change();
--> statement-breakpoint
-- What the application role is granted is set at each start (packages/db/src/client.ts); no one
-- else but the owner may truncate, add triggers or reference these tables either.
REVOKE TRUNCATE, TRIGGER, REFERENCES ON evidence_artifacts, audit_log_entries, ledger_checkpoints,
  ledger_verifications, instance_log FROM PUBLIC;
