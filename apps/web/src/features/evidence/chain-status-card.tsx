// The chain's verdict from its last end-to-end verification (Verified / Invalid with the failing
// block and reason, or 'Not verified yet'), and a Verify Chain button that re-verifies it now.
import type { ChainStatus } from "@rampart/contracts/evidence";
import { ShieldCheck } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ageLabel } from "../../lib/age-label";
import { abbreviate } from "../../lib/run-labels";

export function ChainStatusBadge({ chain }: { chain: ChainStatus }) {
  if (!chain.lastVerifiedAt) return <Badge variant="muted">Not verified yet</Badge>;
  return (
    <Badge variant={chain.isValid ? "success" : "danger"}>{chain.isValid ? "Verified" : "Invalid"}</Badge>
  );
}

export function ChainStatusCard({
  chain,
  verifying,
  onVerify,
}: {
  chain: ChainStatus;
  verifying: boolean;
  onVerify: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <CardTitle>Chain Integrity</CardTitle>
          <ChainStatusBadge chain={chain} />
        </div>
        <Button size="sm" variant="outline" disabled={verifying} onClick={onVerify}>
          <ShieldCheck aria-hidden="true" />
          {verifying ? "Verifying..." : "Verify Chain"}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {chain.lastVerifiedAt && !chain.isValid && chain.failure ? (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger-muted/60 p-3 text-danger">
            Broken at block #{chain.failure.index}: {chain.failure.reason}
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Chain Length</dt>
            <dd className="tabular-nums">{chain.chainLength}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Last Verified</dt>
            <dd>{chain.lastVerifiedAt ? ageLabel(chain.lastVerifiedAt) : "Not verified yet"}</dd>
          </div>
          <div className="col-span-2 md:col-span-1">
            <dt className="text-xs text-muted-foreground">Latest Hash</dt>
            <dd className="font-mono text-xs" title={chain.lastHash ?? undefined}>
              {chain.lastHash ? abbreviate(chain.lastHash, 16) : "No hash available"}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
