-- Memberships: a user reads their own, but writes them only in a tenant's context (the
-- application's member routes, after their role checks) or while creating the tenant. Before,
-- a user's context could insert a membership of its own user into any tenant.
DROP POLICY tenant_isolation ON memberships;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON memberships
  USING (
    tenant_id = rampart_setting_uuid('rampart.tenant_id')
    OR tenant_id = rampart_setting_uuid('rampart.created_tenant_id'))
  WITH CHECK (
    tenant_id = rampart_setting_uuid('rampart.tenant_id')
    OR tenant_id = rampart_setting_uuid('rampart.created_tenant_id'));
--> statement-breakpoint
CREATE POLICY own_memberships ON memberships FOR SELECT
  USING (user_id = rampart_setting_uuid('rampart.user_id'));
