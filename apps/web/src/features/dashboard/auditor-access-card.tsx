// The dashboard's Auditor Access card: whether external auditors may read evidence and compliance
// reports for this tenant. An auditor sees the setting but cannot change it.
import { Eye } from "lucide-react";
import { useId } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { useTenant } from "../../session/api/get-tenant";
import { useUpdateTenantSettings } from "./api/update-tenant-settings";

export function AuditorAccessCard({ tenantId, readOnly }: { tenantId: string; readOnly: boolean }) {
  const tenant = useTenant(tenantId);
  const update = useUpdateTenantSettings();
  const switchId = useId();
  const descriptionId = useId();
  const enabled = tenant.data?.auditorAccessEnabled ?? false;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-6">
        <div className="flex items-start gap-3">
          <Eye className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-1.5">
            <CardTitle>Auditor Access</CardTitle>
            <CardDescription id={descriptionId}>
              External auditors get read-only access to evidence and compliance reports.
              {readOnly ? " Only an admin can change this." : ""}
            </CardDescription>
          </div>
        </div>
        {tenant.isPending ? (
          <Skeleton className="h-6 w-28" />
        ) : tenant.isError ? (
          <p className="text-sm text-danger">Could not load the setting</p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              checked={enabled}
              disabled={readOnly || update.isPending}
              aria-describedby={descriptionId}
              onCheckedChange={(checked) => update.mutate({ tenantId, auditorAccessEnabled: checked })}
            />
            <Label htmlFor={switchId} className="w-16">
              {enabled ? "Enabled" : "Disabled"}
            </Label>
          </div>
        )}
      </CardHeader>
    </Card>
  );
}
