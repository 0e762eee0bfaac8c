// Policies (/compliance/policies): the organization's policies with the version in force and how
// many members acknowledged it, and the starter templates to adopt. A policy's page
// (/compliance/policies/:policyId) renders its Markdown, lists its versions, lets the team draft a
// new version, an admin approve one, and members acknowledge the version in force — an
// acknowledgement is evidence for the controls the policy serves.
import type { PolicyDetail, PolicySummary, PolicyTemplate } from "@rampart/contracts/policies";
import { Check, FileText } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Markdown } from "../../components/markdown";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { Textarea } from "../../components/ui/textarea";
import { serverErrorMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/format-date";
import {
  useAcknowledgePolicy,
  useAdoptPolicy,
  useApprovePolicyVersion,
  useCreatePolicyVersion,
} from "./api/change-policy";
import { usePolicies, usePolicy, usePolicyTemplates } from "./api/get-policies";
import type { ComplianceAbilities } from "./compliance-role";
import { BackLink, detailLoadState } from "./detail-frame";

function TemplateList({
  tenantId,
  templates,
  adoptedKeys,
  canAdopt,
}: {
  tenantId: string;
  templates: PolicyTemplate[];
  adoptedKeys: ReadonlySet<string>;
  canAdopt: boolean;
}) {
  const adopt = useAdoptPolicy(tenantId);
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Policy templates" className="grid gap-3 md:grid-cols-2">
        {templates.map((template) => (
          <li key={template.key} className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium">{template.title}</span>
              {adoptedKeys.has(template.key) ? (
                <Badge variant="success">Adopted</Badge>
              ) : canAdopt ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Adopt ${template.title}`}
                  disabled={adopt.isPending}
                  onClick={() => adopt.mutate(template.key)}
                >
                  Adopt
                </Button>
              ) : null}
            </div>
            <p className="text-muted-foreground">{template.description}</p>
            {template.controls.length > 0 ? (
              <p className="font-mono text-xs text-muted-foreground">{template.controls.join(", ")}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {adopt.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(adopt.error) ?? "The template could not be adopted."}
        </p>
      ) : null}
    </div>
  );
}

function PolicyTable({ policies }: { policies: PolicySummary[] }) {
  return (
    <Table aria-label="Policies">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Policy</TableHead>
          <TableHead scope="col">In force</TableHead>
          <TableHead scope="col">Latest</TableHead>
          <TableHead scope="col">Acknowledged</TableHead>
          <TableHead scope="col">Controls</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {policies.map((policy) => (
          <TableRow key={policy.id}>
            <TableCell>
              <Link
                href={`/compliance/policies/${policy.id}`}
                className="font-medium text-primary hover:underline"
              >
                {policy.title}
              </Link>
              {policy.acknowledgedByMe ? (
                <Badge variant="success" className="ml-2">
                  Acknowledged
                </Badge>
              ) : null}
            </TableCell>
            <TableCell>
              {policy.currentVersion === null ? (
                <Badge variant="muted">Not approved</Badge>
              ) : (
                `Version ${policy.currentVersion}`
              )}
            </TableCell>
            <TableCell>Version {policy.latestVersion}</TableCell>
            <TableCell className="tabular-nums">
              {policy.currentVersion === null ? "—" : `${policy.acknowledged} of ${policy.members}`}
            </TableCell>
            <TableCell className="font-mono text-xs">{policy.controlCodes.join(", ") || "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PolicyList({ tenantId, abilities }: { tenantId: string; abilities: ComplianceAbilities }) {
  const policies = usePolicies(tenantId);
  const templates = usePolicyTemplates(abilities.canWrite);
  const adoptedKeys = new Set((policies.data ?? []).map((policy) => policy.templateKey ?? policy.key));
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Policies</CardTitle>
          <CardDescription>
            A policy is in force once an admin approves a version; members acknowledge the version in force.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {policies.isPending ? (
            <Skeleton className="h-32" />
          ) : policies.isError ? (
            <ErrorPanel
              title="Policies unavailable"
              message="Failed to load policies. Please try refreshing the page."
            />
          ) : policies.data.length === 0 ? (
            <EmptyState
              icon={FileText}
              title="No policies yet"
              description={abilities.canWrite ? "Adopt a starter template below." : undefined}
            />
          ) : (
            <PolicyTable policies={policies.data} />
          )}
        </CardContent>
      </Card>
      {abilities.canWrite ? (
        <Card>
          <CardHeader>
            <CardTitle>Starter templates</CardTitle>
            <CardDescription>
              Adopting a template copies its text as a draft version 1 to edit and approve.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {templates.isPending ? (
              <Skeleton className="h-32" />
            ) : templates.isError ? (
              <ErrorPanel
                title="Templates unavailable"
                message="Failed to load policy templates. Please try refreshing the page."
              />
            ) : (
              <TemplateList
                tenantId={tenantId}
                templates={templates.data}
                adoptedKeys={adoptedKeys}
                canAdopt={abilities.canWrite}
              />
            )}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function NewVersionEditor({
  tenantId,
  detail,
  onDone,
}: {
  tenantId: string;
  detail: PolicyDetail;
  onDone: () => void;
}) {
  const latest = detail.versions.reduce((newest, version) =>
    version.version > newest.version ? version : newest,
  );
  const [body, setBody] = useState(latest.body);
  const create = useCreatePolicyVersion(tenantId, detail.policy.id);
  const bodyId = useId();
  return (
    <form
      aria-label="New version"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) create.mutate(body, { onSuccess: onDone });
      }}
    >
      <Label htmlFor={bodyId}>Policy text (Markdown)</Label>
      <Textarea
        id={bodyId}
        required
        maxLength={200_000}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        className="min-h-64 font-mono text-xs"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending || !body.trim()}>
          {create.isPending ? "Saving..." : "Save draft"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {create.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(create.error) ?? "The version could not be saved."}
        </p>
      ) : null}
    </form>
  );
}

function AcknowledgePanel({ tenantId, policy }: { tenantId: string; policy: PolicySummary }) {
  const acknowledge = useAcknowledgePolicy(tenantId, policy.id);
  if (policy.currentVersion === null) return null;
  if (policy.acknowledgedByMe) {
    return (
      <Badge variant="success" className="self-start">
        <Check className="size-3" aria-hidden="true" />
        Acknowledged
      </Badge>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Button
        className="self-start"
        disabled={acknowledge.isPending}
        onClick={() => policy.currentVersion !== null && acknowledge.mutate(policy.currentVersion)}
      >
        Acknowledge version {policy.currentVersion}
      </Button>
      <p className="text-xs text-muted-foreground">You confirm you have read and will follow this version.</p>
      {acknowledge.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(acknowledge.error) ?? "The acknowledgement could not be recorded."}
        </p>
      ) : null}
    </div>
  );
}

function VersionTable({
  tenantId,
  detail,
  shown,
  onShow,
  canApprove,
}: {
  tenantId: string;
  detail: PolicyDetail;
  shown: number;
  onShow: (version: number) => void;
  canApprove: boolean;
}) {
  const approve = useApprovePolicyVersion(tenantId, detail.policy.id);
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="flex flex-col gap-2">
      <Table aria-label="Versions">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Version</TableHead>
            <TableHead scope="col">Written</TableHead>
            <TableHead scope="col">Approved</TableHead>
            <TableHead scope="col">Acknowledged</TableHead>
            <TableHead scope="col">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.id} aria-current={version.version === shown ? "true" : undefined}>
              <TableCell>
                Version {version.version}
                {version.version === detail.policy.currentVersion ? (
                  <Badge variant="success" className="ml-2">
                    In force
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {version.createdBy?.email ?? "—"}, {formatDate(version.createdAt)}
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {version.approvedAt
                  ? `${version.approvedBy?.email ?? "—"}, ${formatDateTime(version.approvedAt)}`
                  : "Draft"}
              </TableCell>
              <TableCell className="tabular-nums">{version.acknowledgedCount}</TableCell>
              <TableCell className="flex gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={version.version === shown}
                  onClick={() => onShow(version.version)}
                >
                  View
                </Button>
                {canApprove && version.approvedAt === null ? (
                  <Button
                    size="sm"
                    aria-label={`Approve version ${version.version}`}
                    disabled={approve.isPending}
                    onClick={() => approve.mutate(version.version)}
                  >
                    Approve
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {approve.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(approve.error) ?? "The version could not be approved."}
        </p>
      ) : null}
    </div>
  );
}

function PolicyDetailView({
  tenantId,
  policyId,
  abilities,
}: {
  tenantId: string;
  policyId: string;
  abilities: ComplianceAbilities;
}) {
  const detail = usePolicy(tenantId, policyId);
  const [chosenVersion, setChosenVersion] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const back = <BackLink href="/compliance/policies" label="All policies" />;
  const loading = detailLoadState(detail, back, { title: "Policy", lower: "policy" });
  if (loading || !detail.data) return loading;
  const { policy, versions, acknowledgements } = detail.data;
  const shown = chosenVersion ?? policy.currentVersion ?? policy.latestVersion;
  const shownVersion = versions.find((version) => version.version === shown);
  return (
    <>
      {back}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {policy.title}
            {policy.currentVersion === null ? (
              <Badge variant="muted">Not approved</Badge>
            ) : (
              <Badge variant="success">Version {policy.currentVersion} in force</Badge>
            )}
          </CardTitle>
          <CardDescription>
            Controls: {policy.controlCodes.join(", ") || "none"} · Owner: {policy.owner?.email ?? "none"} ·
            Acknowledged by {policy.acknowledged} of {policy.members} members
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {abilities.canWrite ? <AcknowledgePanel tenantId={tenantId} policy={policy} /> : null}
          {shownVersion ? (
            <article
              aria-label={`Version ${shownVersion.version}`}
              className="rounded-md border border-border p-4 text-sm"
            >
              <p className="mb-2 text-xs text-muted-foreground">
                Version {shownVersion.version}
                {shownVersion.approvedAt ? "" : " (draft)"} · SHA-256 {shownVersion.sha256.slice(0, 16)}…
              </p>
              <Markdown>{shownVersion.body}</Markdown>
            </article>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>Versions</CardTitle>
          {abilities.canWrite && !editing ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              New version
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {editing ? (
            <NewVersionEditor tenantId={tenantId} detail={detail.data} onDone={() => setEditing(false)} />
          ) : null}
          <VersionTable
            tenantId={tenantId}
            detail={detail.data}
            shown={shown}
            onShow={setChosenVersion}
            canApprove={abilities.isAdmin}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Acknowledgements</CardTitle>
        </CardHeader>
        <CardContent>
          {acknowledgements.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody acknowledged this policy yet.</p>
          ) : (
            <ul aria-label="Acknowledgements" className="flex flex-col gap-1 text-sm">
              {acknowledgements.map((entry) => (
                <li key={`${entry.user.id}/${entry.version}`}>
                  {entry.user.email} — version {entry.version}, {formatDateTime(entry.acknowledgedAt)}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export function PoliciesTab({
  tenantId,
  abilities,
  policyId,
}: {
  tenantId: string;
  abilities: ComplianceAbilities;
  policyId: string | null;
}) {
  return policyId ? (
    <PolicyDetailView tenantId={tenantId} policyId={policyId} abilities={abilities} />
  ) : (
    <PolicyList tenantId={tenantId} abilities={abilities} />
  );
}
