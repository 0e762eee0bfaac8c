// The ledger as a chain of blocks, newest first: each block links to the block it follows (the one
// whose hash is its prevHash, when that block is in view); the block after the genesis hash is
// marked 'Genesis Block'.
import type { EvidenceArtifact } from "@rampart/contracts/evidence";
import { ArrowDown, Boxes } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format-date";
import { abbreviate } from "../../lib/run-labels";
import { scrollIntoView } from "../../lib/scroll-into-view";

export const ARTIFACT_TYPE_LABELS: Record<EvidenceArtifact["artifactType"], string> = {
  run: "Run",
  finding: "Findings",
  fix_pr: "Fix PR",
  evidence_export: "Evidence export",
  attestation: "Attestation",
  provenance: "Provenance",
  evidence_file: "Evidence file",
  evidence_review: "Evidence review",
  policy_approval: "Policy approval",
  policy_acknowledgement: "Policy acknowledgement",
};

const STATUS_VARIANTS: Record<string, "success" | "danger" | "muted"> = {
  pass: "success",
  fail: "danger",
};

export function blockAnchorId(index: number): string {
  return `evidence-block-${index}`;
}

function PreviousLink({
  artifact,
  previous,
  genesisHash,
}: {
  artifact: EvidenceArtifact;
  previous: EvidenceArtifact | undefined;
  genesisHash: string;
}) {
  if (artifact.prevHash === genesisHash) {
    return (
      <span className="flex items-center gap-2">
        <Badge variant="default">Genesis Block</Badge>
        <span className="font-mono text-xs text-subtle-foreground" title={artifact.prevHash}>
          {abbreviate(artifact.prevHash, 12)}
        </span>
      </span>
    );
  }
  const short = abbreviate(artifact.prevHash, 16);
  return (
    <span className="flex items-center gap-1.5">
      <span className="text-xs text-muted-foreground">Previous</span>
      {previous ? (
        <a
          href={`#${blockAnchorId(previous.index)}`}
          title={artifact.prevHash}
          aria-label={`Previous block #${previous.index} ${short}`}
          className="font-mono text-xs text-primary underline-offset-4 hover:underline"
        >
          {short}
        </a>
      ) : (
        <span className="font-mono text-xs" title={`${artifact.prevHash} (block not in view)`}>
          {short}
        </span>
      )}
    </span>
  );
}

export function LedgerChain({
  artifacts,
  genesisHash,
  highlightIndex = null,
}: {
  artifacts: EvidenceArtifact[];
  genesisHash: string;
  /** The block a link names (?entry=, the advisor's citations): marked and scrolled to. */
  highlightIndex?: number | null;
}) {
  const byHash = new Map(artifacts.map((artifact) => [artifact.hash, artifact]));
  return (
    <ol aria-label="Evidence ledger" className="flex flex-col items-stretch">
      {artifacts.map((artifact, position) => {
        const status = artifact.metadata.status;
        return (
          <li
            key={artifact.id}
            id={blockAnchorId(artifact.index)}
            aria-label={`Block #${artifact.index}`}
            aria-current={artifact.index === highlightIndex ? "true" : undefined}
            ref={artifact.index === highlightIndex ? scrollIntoView : undefined}
          >
            <div
              className={cn(
                "flex flex-col gap-2 rounded-lg border border-border bg-card p-4 target:border-primary",
                artifact.index === highlightIndex && "border-primary ring-2 ring-primary",
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex items-center gap-2">
                  <Boxes className="size-4 text-primary" aria-hidden="true" />
                  <span className="font-semibold tabular-nums">#{artifact.index}</span>
                  <Badge variant="muted">{ARTIFACT_TYPE_LABELS[artifact.artifactType]}</Badge>
                  {status ? <Badge variant={STATUS_VARIANTS[status] ?? "muted"}>{status}</Badge> : null}
                </div>
                <time dateTime={artifact.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(artifact.createdAt)}
                </time>
              </div>
              <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
                <span className="flex items-center gap-1.5">
                  <span className="text-xs text-muted-foreground">Hash</span>
                  <span className="font-mono text-xs" title={artifact.hash}>
                    {abbreviate(artifact.hash, 16)}
                  </span>
                </span>
                <PreviousLink
                  artifact={artifact}
                  previous={byHash.get(artifact.prevHash)}
                  genesisHash={genesisHash}
                />
                {artifact.runId ? (
                  <Link
                    href={`/runs?run=${artifact.runId}`}
                    className="font-mono text-xs text-primary underline-offset-4 hover:underline"
                  >
                    Run {abbreviate(artifact.runId, 8)}
                  </Link>
                ) : null}
                {artifact.metadata.repo ? (
                  <span className="text-xs text-muted-foreground">{artifact.metadata.repo}</span>
                ) : null}
              </div>
            </div>
            {position < artifacts.length - 1 ? (
              <div className="flex justify-center py-1 text-subtle-foreground" aria-hidden="true">
                <ArrowDown className="size-4" />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
