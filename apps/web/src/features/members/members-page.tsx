// Members (/members): who belongs to the current organization and with which role. Admins invite
// by e-mail with a role (the link is shown to copy when mail is off, or sent when it is on),
// change roles, remove members, withdraw invitations and set four-eyes approval of waivers;
// everyone may leave, except the last admin (the server says why).
import type { Role } from "@rampart/contracts/auth";
import type { Invitation, Member } from "@rampart/contracts/members";
import type { Tenant } from "@rampart/contracts/tenants";
import { Copy, LogOut, Trash2, UserPlus, Users } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { NoTenantState } from "../../components/no-tenant-state";
import { OptionsSelect } from "../../components/options-select";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { TextField } from "../../components/text-field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/format-date";
import { useSession } from "../../session/api/get-me";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useChangeMember } from "./api/change-member";
import { useInvitations } from "./api/get-invitations";
import { useMembers } from "./api/get-members";
import { useInviteMember } from "./api/invite-member";
import { useLeaveTenant } from "./api/leave-tenant";
import { useRevokeInvitation } from "./api/revoke-invitation";
import { useUpdateFourEyes } from "./api/update-four-eyes";
import { PendingWaivers } from "./pending-waivers";

const ROLE_LABELS: Record<Role, string> = { admin: "Admin", member: "Member", auditor: "Auditor" };

function InviteForm({ tenantId }: { tenantId: string }) {
  const invite = useInviteMember(tenantId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const emailId = useId();
  const roleLabelId = useId();
  const result = invite.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail("") });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex-1">
          <TextField id={emailId} label="Email" type="email" required value={email} onChange={setEmail} />
        </div>
        <div className="flex flex-col gap-2 md:w-40">
          <Label id={roleLabelId}>Role</Label>
          <OptionsSelect labelId={roleLabelId} labels={ROLE_LABELS} value={role} onChange={setRole} />
        </div>
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" />
          {invite.isPending ? "Inviting..." : "Invite"}
        </Button>
      </form>
      {invite.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(invite.error) ?? "The invitation could not be created."}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
          {result.mailed ? (
            <p>Invitation sent to {result.invitation.email}.</p>
          ) : (
            <>
              <p>
                Mail is not configured: send this link to {result.invitation.email} yourself. It works once
                and is shown only now.
              </p>
              <div className="flex items-center gap-2">
                <Input aria-label="Invitation link" readOnly value={result.link} className="min-w-0 flex-1" />
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void navigator.clipboard
                      .writeText(result.link)
                      .then(() => toast({ title: "Link copied" }))
                      .catch(() => toast({ variant: "destructive", title: "Copy failed" }))
                  }
                >
                  <Copy aria-hidden="true" />
                  Copy link
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function MemberRow({
  member,
  tenantId,
  isAdmin,
  isSelf,
}: {
  member: Member;
  tenantId: string;
  isAdmin: boolean;
  isSelf: boolean;
}) {
  const change = useChangeMember(tenantId);
  const roleLabelId = useId();
  return (
    <TableRow>
      <TableCell>
        <span id={roleLabelId} className="font-medium">
          {member.name}
        </span>
        {isSelf ? <span className="text-muted-foreground"> (you)</span> : null}
      </TableCell>
      <TableCell className="text-muted-foreground">{member.email}</TableCell>
      <TableCell>
        {isAdmin ? (
          <div className="w-36">
            <OptionsSelect
              labelId={roleLabelId}
              labels={ROLE_LABELS}
              value={member.role}
              onChange={(role) => change.mutate({ userId: member.userId, role })}
            />
          </div>
        ) : (
          <Badge variant="muted">{ROLE_LABELS[member.role]}</Badge>
        )}
      </TableCell>
      <TableCell className="text-muted-foreground">{formatDate(member.joinedAt)}</TableCell>
      <TableCell className="text-right">
        {isAdmin && !isSelf ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${member.email}`}
            disabled={change.isPending}
            onClick={() => change.mutate({ userId: member.userId, remove: true })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function InvitationsTable({ tenantId, invitations }: { tenantId: string; invitations: Invitation[] }) {
  const revoke = useRevokeInvitation(tenantId);
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitations yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Email</TableHead>
          <TableHead scope="col">Role</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Expires</TableHead>
          <TableHead scope="col" className="text-right">
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((invitation) => (
          <TableRow key={invitation.id}>
            <TableCell>{invitation.email}</TableCell>
            <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>
            <TableCell>
              <Badge variant={invitation.status === "pending" ? "success" : "muted"}>
                {invitation.status}
              </Badge>
            </TableCell>
            <TableCell className="text-muted-foreground">{formatDate(invitation.expiresAt)}</TableCell>
            <TableCell className="text-right">
              {invitation.status === "pending" ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  Withdraw
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function FourEyesSetting({ tenant }: { tenant: Tenant }) {
  const update = useUpdateFourEyes(tenant.id);
  const switchId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor={switchId}>Four-eyes approval of waivers</Label>
        <p className="text-sm text-muted-foreground">
          When on, a waiver waits until a second admin or member approves it; without it, only admins accept
          risk.
        </p>
      </div>
      <Switch
        id={switchId}
        checked={tenant.fourEyesWaivers}
        disabled={update.isPending}
        onCheckedChange={(checked) => update.mutate(checked)}
      />
    </div>
  );
}

export function MembersPage() {
  const { tenantId, tenant, isLoading } = useCurrentTenant();
  const { user } = useSession();
  const isAdmin = tenant?.role === "admin";
  const canSeeMembers = tenant?.role === "admin" || tenant?.role === "member";
  const members = useMembers(tenantId, canSeeMembers);
  const invitations = useInvitations(tenantId, isAdmin);
  const leave = useLeaveTenant();

  return (
    <Page>
      <PageHeader
        title="Members"
        subtitle="People, roles and invitations of this organization"
        showExport={false}
      />
      {!isLoading && !tenantId ? <NoTenantState /> : null}
      {tenant && tenant.role === null ? (
        <EmptyState icon={Users} title="No members" description="The demo organization has no members." />
      ) : null}
      {tenant && tenant.role !== null ? (
        <>
          <Card>
            <CardHeader className="flex-row items-center justify-between gap-4">
              <div>
                <CardTitle>Members of {tenant.name}</CardTitle>
                <CardDescription>Your role: {ROLE_LABELS[tenant.role]}</CardDescription>
              </div>
              <Button variant="outline" disabled={leave.isPending} onClick={() => leave.mutate(tenant.id)}>
                <LogOut aria-hidden="true" />
                Leave organization
              </Button>
            </CardHeader>
            {canSeeMembers ? (
              <CardContent>
                {members.isPending ? <Skeleton className="h-24 w-full" /> : null}
                {members.isError ? (
                  <ErrorPanel
                    title="Failed to Load Members"
                    message={members.error.message}
                    onRetry={() => void members.refetch()}
                  />
                ) : null}
                {members.isSuccess ? (
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead scope="col">Name</TableHead>
                        <TableHead scope="col">Email</TableHead>
                        <TableHead scope="col">Role</TableHead>
                        <TableHead scope="col">Joined</TableHead>
                        <TableHead scope="col" className="text-right">
                          Actions
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {members.data.map((member) => (
                        <MemberRow
                          key={member.userId}
                          member={member}
                          tenantId={tenant.id}
                          isAdmin={isAdmin}
                          isSelf={member.userId === user?.id}
                        />
                      ))}
                    </TableBody>
                  </Table>
                ) : null}
              </CardContent>
            ) : null}
          </Card>
          {canSeeMembers && tenant.fourEyesWaivers ? <PendingWaivers tenantId={tenant.id} /> : null}
          {isAdmin ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>Invite a member</CardTitle>
                  <CardDescription>
                    Auditors read evidence and compliance reports only, while auditor access is enabled.
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-6">
                  <InviteForm tenantId={tenant.id} />
                  {invitations.isSuccess ? (
                    <InvitationsTable tenantId={tenant.id} invitations={invitations.data} />
                  ) : null}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Approvals</CardTitle>
                </CardHeader>
                <CardContent>
                  <FourEyesSetting tenant={tenant} />
                </CardContent>
              </Card>
            </>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
