// Attestations & Provenance (/attestations): summary cards, the signed compliance bundles with
// their downloads and contents, 'Generate Now', and the SLSA provenance section. Routed, not in the sidebar.
import type { Attestation } from "@rampart/contracts/attestations";
import { FileCheck2, Info, RefreshCw } from "lucide-react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/format-date";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useGenerateAttestation } from "./api/generate-attestation";
import { useAttestations } from "./api/get-attestations";
import { AttestationCard } from "./attestation-card";
import { ProvenanceSection } from "./provenance-section";

export interface AttestationSummary {
  total: number;
  anchored: number;
  /** 'MMM d, yyyy' of the newest (first) attestation, or 'N/A'. */
  latest: string;
}

export function attestationSummary(attestations: readonly Attestation[]): AttestationSummary {
  const first = attestations[0];
  return {
    total: attestations.length,
    anchored: attestations.filter((attestation) => attestation.blockchainAnchor).length,
    latest: first ? formatDate(first.createdAt) : "N/A",
  };
}

/**
 * What the 'Blockchain Verified' card (the spec's label) really counts: no blockchain is used, but
 * an anchor outside Rampart that the operator cannot rewrite.
 */
export const ANCHORED_HINT =
  "Attestations anchored outside Rampart: their ledger checkpoint carries a witness cosignature or an RFC 3161 timestamp. No blockchain is used.";

function SummaryCard({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  const hintId = `summary-hint-${label.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-5">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="flex items-center justify-between text-2xl font-semibold tabular-nums">
          {value}
          {hint ? (
            <HintTooltip id={hintId} hint={hint}>
              <Info
                className="size-4 text-muted-foreground"
                aria-describedby={hintId}
                aria-label="About this count"
              />
            </HintTooltip>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}

function GenerateNowButton({ tenantId }: { tenantId: string | null }) {
  const generate = useGenerateAttestation(tenantId);
  return (
    <Button onClick={() => generate.mutate()} disabled={tenantId === null || generate.isPending}>
      <RefreshCw className={generate.isPending ? "animate-spin" : undefined} aria-hidden="true" />
      Generate Now
    </Button>
  );
}

function LoadingSkeleton() {
  return (
    <div role="status" aria-label="Loading attestations" className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}

function AttestationsContent({
  tenantId,
  attestations,
}: {
  tenantId: string | null;
  attestations: Attestation[];
}) {
  const summary = attestationSummary(attestations);
  return (
    <>
      <section aria-label="Attestation summary" className="grid gap-4 md:grid-cols-3">
        <SummaryCard label="Total Attestations" value={summary.total} />
        <SummaryCard label="Blockchain Verified" value={summary.anchored} hint={ANCHORED_HINT} />
        <SummaryCard label="Latest Attestation" value={summary.latest} />
      </section>
      {attestations.length === 0 ? (
        <EmptyState
          icon={FileCheck2}
          title="No Attestations Yet"
          description="Compliance attestations will be generated automatically on a weekly schedule"
        >
          <GenerateNowButton tenantId={tenantId} />
        </EmptyState>
      ) : (
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2">
              <FileCheck2 className="size-4 text-primary" aria-hidden="true" />
              Compliance Attestations
            </CardTitle>
            <GenerateNowButton tenantId={tenantId} />
          </CardHeader>
          <CardContent>
            <ul aria-label="Compliance attestations" className="flex flex-col gap-3">
              {attestations.map((attestation) => (
                <AttestationCard key={attestation.id} attestation={attestation} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  );
}

export function AttestationsPage() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const attestations = useAttestations(tenantLoading ? null : tenantId);

  return (
    <Page>
      <PageHeader
        title="Attestations & Provenance"
        subtitle="Compliance bundles and supply chain provenance"
      />
      {tenantLoading || (tenantId !== null && attestations.isPending) ? (
        <LoadingSkeleton />
      ) : attestations.isError ? (
        <ErrorPanel
          title="Failed to Load Attestations"
          message="Unable to retrieve attestations. Please check your connection and try again."
          onRetry={() => void attestations.refetch()}
        />
      ) : (
        <AttestationsContent tenantId={tenantId} attestations={attestations.data ?? []} />
      )}
      <ProvenanceSection tenantId={tenantId} tenantLoading={tenantLoading} />
    </Page>
  );
}
