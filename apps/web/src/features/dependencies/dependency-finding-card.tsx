// One vulnerable dependency: advisory, score, package, fix, license, where it is declared, its
// VEX decision if any, Triage, and the Create Fix PR button (disabled with the reason when a fix
// cannot be automated), or the pull request once one fixes it.
import type { ScaFinding } from "@rampart/contracts/sca";
import { ClipboardCheck, GitPullRequest } from "lucide-react";
import { useId } from "react";
import { FixPullRequestLink } from "../../components/fix-pull-request-link";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { HintTooltip } from "../../components/ui/hint-tooltip";
import { fixUnavailableReason } from "./sca-rules";
import { STATUS_LABELS } from "./triage-dialog";

function declaredAt(finding: ScaFinding): string {
  if (!finding.filePath) return "Location unknown";
  return finding.line ? `${finding.filePath}:${finding.line}` : finding.filePath;
}

export function DependencyFindingCard({
  finding,
  creatingFix,
  onCreateFix,
  onTriage,
}: {
  finding: ScaFinding;
  creatingFix: boolean;
  onCreateFix: () => void;
  onTriage: () => void;
}) {
  const hintId = useId();
  const unavailable = fixUnavailableReason(finding);
  const aliases = finding.aliases.filter((alias) => alias !== finding.cveId);
  return (
    <li
      aria-label={`${finding.cveId} in ${finding.packageName}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-mono font-semibold">{finding.cveId}</h3>
            <SeverityBadge severity={finding.severity} />
            <span className="text-sm text-muted-foreground">
              CVSS{" "}
              <span className="font-semibold text-foreground tabular-nums">{finding.cvssScore ?? "—"}</span>
            </span>
          </div>
          {aliases.length > 0 ? (
            <p className="mt-0.5 font-mono text-xs text-subtle-foreground">{aliases.join(", ")}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="muted">{finding.ecosystem}</Badge>
          <Badge variant={finding.direct ? "default" : "muted"}>
            {finding.direct ? "direct" : "transitive"}
          </Badge>
          {finding.dev ? <Badge variant="muted">dev</Badge> : null}
        </div>
      </div>
      <p className="text-sm">{finding.description}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">Package</dt>
          <dd className="break-all font-mono">
            {finding.packageName}@{finding.packageVersion}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Fixed version</dt>
          <dd className={finding.fixedVersion ? "font-mono text-success" : "text-muted-foreground"}>
            {finding.fixedVersion ?? "No fix available"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">License</dt>
          {finding.license ? (
            <dd>{finding.license}</dd>
          ) : (
            <dd>
              Unknown
              {finding.licenseUnknownReason ? (
                <span className="block text-xs text-muted-foreground">{finding.licenseUnknownReason}</span>
              ) : null}
            </dd>
          )}
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Declared in</dt>
          <dd className="break-all font-mono text-xs">
            {declaredAt(finding)} · {finding.repo}
          </dd>
        </div>
      </dl>
      {finding.vex ? (
        <p className="text-sm text-muted-foreground">
          <Badge variant="muted">VEX: {STATUS_LABELS[finding.vex.status]}</Badge>{" "}
          {finding.vex.actionStatement ?? finding.vex.impactStatement ?? ""} ({finding.vex.author})
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="outline" onClick={onTriage}>
          <ClipboardCheck aria-hidden="true" />
          Triage
        </Button>
        {finding.fixPullRequest ? (
          <FixPullRequestLink pullRequest={finding.fixPullRequest} />
        ) : unavailable ? (
          <HintTooltip id={hintId} hint={unavailable}>
            <Button size="sm" disabled aria-describedby={hintId}>
              <GitPullRequest aria-hidden="true" />
              Create Fix PR
            </Button>
          </HintTooltip>
        ) : (
          <Button size="sm" disabled={creatingFix} onClick={onCreateFix}>
            <GitPullRequest aria-hidden="true" />
            {creatingFix ? "Creating PR..." : "Create Fix PR"}
          </Button>
        )}
      </div>
    </li>
  );
}
