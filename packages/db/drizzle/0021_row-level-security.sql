-- Row-level security: the second wall behind the application's tenant checks. The application
-- role sees a tenant's rows only when the connection's settings name a user who is a member of it,
-- or the job's tenant (docs/adr/0003-row-level-security.md). The role that runs
-- the migrations (the owner) keeps an explicit policy of its own for instance-wide maintenance.

-- A setting as a uuid; unset and empty both mean none.
CREATE FUNCTION rampart_setting_uuid(setting text) RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting(setting, true), '')::uuid $$;
--> statement-breakpoint

-- Every tenant the current context may touch: the signed-in user's memberships (each user's demo
-- organization is one of them), a job's tenant, and a tenant created in this transaction (so that registration can add its
-- first membership). It reads memberships and tenants under their own policies, which read only
-- settings, so the policies never recurse.
CREATE FUNCTION rampart_visible_tenant_ids() RETURNS SETOF uuid
  LANGUAGE sql STABLE AS $$
    SELECT tenant_id FROM public.memberships WHERE user_id = rampart_setting_uuid('rampart.user_id')
    UNION ALL SELECT rampart_setting_uuid('rampart.tenant_id')
    UNION ALL SELECT rampart_setting_uuid('rampart.created_tenant_id')
  $$;
--> statement-breakpoint

-- The transaction that creates a tenant may fill it: its id is remembered until commit.
CREATE FUNCTION rampart_remember_created_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('rampart.created_tenant_id', NEW.id::text, true);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_remember_created BEFORE INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION rampart_remember_created_tenant();
--> statement-breakpoint

-- Turns row-level security on for one table with a tenant_id column. A new tenant table calls it
-- in its own custom migration: SELECT rampart_isolate_tenant_table('my_table');
CREATE FUNCTION rampart_isolate_tenant_table(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (tenant_id IN (SELECT rampart_visible_tenant_ids())) '
      'WITH CHECK (tenant_id IN (SELECT rampart_visible_tenant_ids()))',
    target);
  EXECUTE format('CREATE POLICY owner_maintenance ON %s TO %I USING (true) WITH CHECK (true)', target, current_user);
END;
$$;
--> statement-breakpoint

-- Tenants: the same rule on the tenant's own id.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants
  USING (
    id IN (SELECT tenant_id FROM public.memberships WHERE user_id = rampart_setting_uuid('rampart.user_id'))
    OR id = rampart_setting_uuid('rampart.tenant_id')
    OR id = rampart_setting_uuid('rampart.created_tenant_id'))
  WITH CHECK (
    id IN (SELECT tenant_id FROM public.memberships WHERE user_id = rampart_setting_uuid('rampart.user_id'))
    OR id = rampart_setting_uuid('rampart.tenant_id')
    OR id = rampart_setting_uuid('rampart.created_tenant_id'));
--> statement-breakpoint
CREATE POLICY owner_maintenance ON tenants TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint

-- Memberships: a user's own, or those of the job's tenant or of a tenant being created. Other
-- members of one's tenants are read in that tenant's context, after the application's check.
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE memberships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON memberships
  USING (
    user_id = rampart_setting_uuid('rampart.user_id')
    OR tenant_id = rampart_setting_uuid('rampart.tenant_id')
    OR tenant_id = rampart_setting_uuid('rampart.created_tenant_id'))
  WITH CHECK (
    user_id = rampart_setting_uuid('rampart.user_id')
    OR tenant_id = rampart_setting_uuid('rampart.tenant_id')
    OR tenant_id = rampart_setting_uuid('rampart.created_tenant_id'));
--> statement-breakpoint
CREATE POLICY owner_maintenance ON memberships TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint

-- Every other table with a tenant_id column at this point.
DO $$
DECLARE
  table_name text;
BEGIN
  FOR table_name IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'
      AND c.table_name <> 'memberships'
    ORDER BY c.table_name
  LOOP
    PERFORM rampart_isolate_tenant_table(format('public.%I', table_name)::regclass);
  END LOOP;
END;
$$;
