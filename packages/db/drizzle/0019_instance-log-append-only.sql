-- The instance's own log is append-only without exception: it records tenant erasures, so
-- nothing, not even erasing a tenant, may change or remove an entry.
CREATE FUNCTION rampart_refuse_instance_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the instance log is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER instance_log_append_only
  BEFORE UPDATE OR DELETE ON instance_log
  FOR EACH ROW EXECUTE FUNCTION rampart_refuse_instance_log_change();
