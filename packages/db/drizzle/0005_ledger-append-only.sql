-- Evidence artifacts are append-only: the application never changes or removes one. The only
-- exception is deleting a whole tenant, which sets rampart.ledger_delete in its transaction.
CREATE FUNCTION rampart_refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('rampart.ledger_delete', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'evidence artifacts are append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER evidence_artifacts_append_only
  BEFORE UPDATE OR DELETE ON evidence_artifacts
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_ledger_change();
