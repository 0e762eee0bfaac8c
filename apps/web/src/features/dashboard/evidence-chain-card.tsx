// Evidence Chain: the tenant's hash chain and its newest artifacts. The badge is the verdict of the
// last end-to-end verification (the server re-verifies every chain hourly); none before the first.
// Total Runs counts policy runs and Chain Length every entry (a run also adds a finding batch, and
// image scans and fix PRs add theirs), so the two differ on purpose.
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { EvidenceArtifact } from "@rampart/contracts/evidence";
import { Link2 } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ageLabel } from "../../lib/age-label";
import { abbreviate } from "../../lib/run-labels";

export const EVIDENCE_ARTIFACTS_SHOWN = 3;

export function EvidenceChainCard({
  chain,
  artifacts,
}: {
  chain: DashboardSummary["chainIntegrity"];
  artifacts: EvidenceArtifact[];
}) {
  const items = artifacts;
  const hasArtifacts = items.length > 0;
  const verified = chain.lastVerifiedAt !== null;
  return (
    <Card role="region" aria-label="Evidence Chain">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Evidence Chain</CardTitle>
        {hasArtifacts && verified ? (
          <Badge variant={chain.isValid ? "success" : "danger"}>
            {chain.isValid ? "Verified" : "Invalid"}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid grid-cols-2 gap-3">
          {hasArtifacts && verified ? (
            <div>
              <dt className="text-xs text-muted-foreground">Chain Status</dt>
              <dd className={chain.isValid ? "text-success" : "text-danger"}>
                {chain.isValid ? "OK" : "ERROR"}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-xs text-muted-foreground">Total Runs</dt>
            <dd className="tabular-nums">{chain.totalRuns}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Chain Length</dt>
            <dd className="tabular-nums">{chain.chainLength}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Last Verified</dt>
            <dd>{chain.lastVerifiedAt ? ageLabel(chain.lastVerifiedAt) : "Not verified yet"}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">Latest Hash</dt>
            <dd className="break-all font-mono text-xs">{chain.lastHash ?? "No hash available"}</dd>
          </div>
        </dl>
        {hasArtifacts ? (
          <ul aria-label="Recent evidence artifacts" className="flex flex-col gap-2">
            {items.slice(0, EVIDENCE_ARTIFACTS_SHOWN).map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-2 text-xs">
                <Badge variant="muted">{item.artifactType}</Badge>
                <span className="font-mono">{abbreviate(item.hash, 12)}</span>
                <span className="text-muted-foreground">{ageLabel(item.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Link2 className="size-4" aria-hidden="true" />
            No evidence artifacts available
          </p>
        )}
      </CardContent>
    </Card>
  );
}
