// One code finding: rule, severity, category, message, where it is (and where its untrusted input
// enters), how to fix it, and the Create Fix PR button when the rule left a patch to commit, or
// the pull request once one was opened.
import type { SastFinding } from "@rampart/contracts/sast";
import { GitPullRequest } from "lucide-react";
import { FixPullRequestLink } from "../../components/fix-pull-request-link";
import { Markdown } from "../../components/markdown";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { CATEGORY_LABELS } from "./sast-filters";

function location(finding: SastFinding): string {
  return finding.line ? `${finding.filePath}:${finding.line}` : finding.filePath;
}

export function CodeFindingCard({
  finding,
  creatingFix,
  onCreateFix,
}: {
  finding: SastFinding;
  creatingFix: boolean;
  onCreateFix: () => void;
}) {
  return (
    <li
      aria-label={`${finding.ruleId} at ${location(finding)}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-mono font-semibold">{finding.ruleId}</h3>
            <SeverityBadge severity={finding.severity} />
          </div>
          {finding.ruleTitle ? (
            <p className="mt-0.5 text-xs text-muted-foreground">{finding.ruleTitle}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="muted">{CATEGORY_LABELS[finding.category]}</Badge>
          {finding.cwe.map((cwe) => (
            <Badge key={cwe} variant="muted">
              {cwe}
            </Badge>
          ))}
        </div>
      </div>
      <p className="text-sm">{finding.message}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">Location</dt>
          <dd className="break-all font-mono text-xs">
            {location(finding)} · {finding.repo}
          </dd>
        </div>
        {finding.sourceLine !== null ? (
          <div>
            <dt className="text-xs text-muted-foreground">Untrusted input enters at</dt>
            <dd className="font-mono text-xs">line {finding.sourceLine}</dd>
          </div>
        ) : null}
      </dl>
      {finding.snippet ? (
        <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
          {finding.snippet}
        </pre>
      ) : null}
      {finding.fixSuggestion ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            Suggested fix{finding.fixDescription ? `: ${finding.fixDescription}` : ""}
          </summary>
          <figure aria-label="Suggested patch" className="mt-2">
            <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
              {finding.fixSuggestion}
            </pre>
          </figure>
        </details>
      ) : finding.remediation ? (
        <div className="text-sm text-muted-foreground">
          <p className="font-medium text-foreground">How to fix</p>
          <Markdown>{finding.remediation}</Markdown>
        </div>
      ) : null}
      {finding.fixPullRequest ? (
        <div className="flex justify-end">
          <FixPullRequestLink pullRequest={finding.fixPullRequest} />
        </div>
      ) : finding.fixSuggestion ? (
        <div className="flex justify-end">
          <Button size="sm" disabled={creatingFix} onClick={onCreateFix}>
            <GitPullRequest aria-hidden="true" />
            {creatingFix ? "Creating PR..." : "Create Fix PR"}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
