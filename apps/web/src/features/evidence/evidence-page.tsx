// Evidence Graph (/evidence): the export form, the chain's verification status with Verify Chain,
// the signing key for offline checks, filters, and the hash-linked ledger of blocks.

import { Info, Waypoints, X } from "lucide-react";
import { useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { FilterButtons } from "../../components/filter-buttons";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { PageNarrator } from "../../components/page-narrator";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { type ArtifactTypeFilter, EVIDENCE_LIMIT, useEvidence } from "./api/get-evidence";
import { useVerifyEvidenceChain } from "./api/verify-evidence-chain";
import { ChainStatusCard } from "./chain-status-card";
import { ExportForm } from "./export-form";
import { ARTIFACT_TYPE_LABELS, LedgerChain } from "./ledger-chain";
import { PublicKeyCard } from "./public-key-card";

const TYPE_FILTERS: readonly ArtifactTypeFilter[] = [
  "all",
  "run",
  "finding",
  "fix_pr",
  "evidence_export",
  "attestation",
  "provenance",
  "evidence_file",
  "evidence_review",
  "policy_approval",
  "policy_acknowledgement",
];
const TYPE_FILTER_LABELS: Record<ArtifactTypeFilter, string> = { all: "All types", ...ARTIFACT_TYPE_LABELS };

function ControlChip({ control }: { control: string }) {
  const [, navigate] = useLocation();
  const hintId = useId();
  return (
    <Badge className="h-9 gap-2 px-3 text-sm">
      <HintTooltip
        id={hintId}
        hint="Only the evidence of runs that evaluated this control, and of fix PRs for its findings."
        className="items-center gap-1.5"
      >
        <span aria-describedby={hintId}>Control {control}</span>
        <Info className="size-3.5" aria-hidden="true" />
      </HintTooltip>
      <button
        type="button"
        aria-label={`Remove control filter ${control}`}
        onClick={() => navigate("/evidence")}
        className="rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </Badge>
  );
}

export function EvidencePage() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const params = new URLSearchParams(useSearch());
  const control = params.get("control");
  // ?entry={index} (the advisor's citations) marks that block of the ledger.
  const entry = /^\d{1,9}$/.test(params.get("entry") ?? "") ? Number(params.get("entry")) : null;
  const [type, setType] = useState<ArtifactTypeFilter>("all");
  const evidence = useEvidence(tenantLoading ? null : tenantId, type, control);
  const verify = useVerifyEvidenceChain(tenantId);

  return (
    <Page>
      <PageHeader
        title="Evidence Graph"
        subtitle="The hash-linked evidence ledger and its export"
        showExport={false}
      />
      <ExportForm tenantId={tenantId} />
      <Card>
        <CardContent className="flex flex-wrap items-center gap-4 pt-5">
          <FilterButtons
            label="Artifact type"
            options={TYPE_FILTERS}
            value={type}
            onChange={setType}
            labels={TYPE_FILTER_LABELS}
          />
          {control ? <ControlChip control={control} /> : null}
        </CardContent>
      </Card>
      {tenantLoading || (tenantId !== null && evidence.isPending) ? (
        <div role="status" aria-label="Loading evidence" className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : evidence.isError ? (
        <ErrorPanel
          title="Failed to Load Evidence"
          message="Unable to retrieve evidence. Please check your connection and try again."
          onRetry={() => void evidence.refetch()}
        />
      ) : !evidence.data ? (
        <EmptyState icon={Waypoints} title="No evidence yet" description="No tenant is selected." />
      ) : (
        <>
          {tenantId ? (
            <PageNarrator
              tenantId={tenantId}
              page="evidence"
              filters={{ type, limit: EVIDENCE_LIMIT, control }}
              title="Evidence summary"
            />
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <ChainStatusCard
              chain={evidence.data.chain}
              verifying={verify.isPending}
              onVerify={() => verify.mutate()}
            />
            <PublicKeyCard />
          </div>
          {evidence.data.artifacts.length === 0 ? (
            <EmptyState
              icon={Waypoints}
              title="No evidence yet"
              description={
                control
                  ? `No ${type === "all" ? "" : `${TYPE_FILTER_LABELS[type]} `}blocks for control ${control} in the ledger yet.`
                  : type === "all"
                    ? "Evidence blocks are appended when policy runs complete. Run a scan from the dashboard."
                    : `No ${TYPE_FILTER_LABELS[type]} blocks in the ledger yet.`
              }
            />
          ) : (
            <section aria-label="Ledger chain" className="flex flex-col gap-2">
              <p className="text-xs text-muted-foreground">
                Newest first; each block names the hash of the block it follows.
              </p>
              {entry !== null && !evidence.data.artifacts.some((artifact) => artifact.index === entry) ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Block #{entry} is not among the blocks shown
                  {control || type !== "all" ? " with these filters" : ""}.
                </p>
              ) : null}
              <LedgerChain
                artifacts={evidence.data.artifacts}
                genesisHash={evidence.data.genesisHash}
                highlightIndex={entry}
              />
            </section>
          )}
        </>
      )}
    </Page>
  );
}
