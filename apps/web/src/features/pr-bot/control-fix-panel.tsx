// The fix flow for one control, opened by the control drawer's `/pr-bot?action=fix&control=`
// link: the control's failing findings (latest run of each repository) that have a mechanical
// fix, each with Create Fix PR, or with the pull request already fixing it; then those without a
// fix, with the reason, so the user knows what is left to do by hand. Waived findings are left out:
// they are accepted risks, not work.
import type { Finding } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { GitPullRequest, Wrench } from "lucide-react";
import { FixPullRequestLink } from "../../components/fix-pull-request-link";
import { SeverityBadge } from "../../components/severity-badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";
import { useCreateFindingFix } from "../../lib/create-finding-fix";
import { useControlFindings } from "./api/get-control-findings";

function location(finding: Finding): string {
  if (!finding.filePath) return finding.run.repo;
  return `${finding.run.repo} · ${finding.filePath}${finding.line ? `:${finding.line}` : ""}`;
}

function FixableFinding({ finding, readOnly }: { finding: Finding; readOnly: boolean }) {
  const createFix = useCreateFindingFix();
  return (
    <li aria-label={finding.message} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <SeverityBadge severity={finding.severity} />
          <span className="break-words">{finding.message}</span>
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">
          {finding.ruleId} · {location(finding)}
        </p>
      </div>
      {finding.fixPullRequest ? (
        <FixPullRequestLink pullRequest={finding.fixPullRequest} />
      ) : (
        <Button
          size="sm"
          disabled={readOnly || createFix.isPending || createFix.isSuccess}
          title={readOnly ? "Auditors have read-only access" : undefined}
          onClick={() => createFix.mutate(finding.id)}
        >
          <GitPullRequest aria-hidden="true" />
          {createFix.isPending ? "Creating PR..." : "Create Fix PR"}
        </Button>
      )}
    </li>
  );
}

export function ControlFixPanel({
  controlId,
  tenantId,
  readOnly,
}: {
  controlId: string;
  tenantId: string | null;
  readOnly: boolean;
}) {
  const query = useControlFindings(controlId, tenantId);
  const failing = (query.data?.findings ?? []).filter(
    (finding) => finding.status === "fail" && !finding.waived,
  );
  const fixable = failing.filter((finding) => finding.fix.available || finding.fixPullRequest);
  const manual = failing.filter((finding) => !finding.fix.available && !finding.fixPullRequest);

  return (
    <section aria-label={`Fix control ${controlId}`}>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-5">
          <h2 className="flex items-center gap-2 font-semibold">
            <Wrench className="size-4 text-primary" aria-hidden="true" />
            Fix <span className="font-mono">{controlId}</span>
            {query.data ? <span className="font-normal">{query.data.control.title}</span> : null}
          </h2>
          {query.isPending && tenantId !== null ? (
            <Skeleton className="h-16" aria-label="Loading the control's findings" />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-danger">
              {query.error instanceof ApiError && query.error.status === 404
                ? `There is no control ${controlId} in this organization.`
                : "Failed to load the control's findings. Please check your connection and try again."}
            </p>
          ) : failing.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No failing findings of this control in the latest runs: nothing to fix.
            </p>
          ) : (
            <>
              {fixable.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  None of its {plural(failing.length, "failing finding")} has an automated fix.
                </p>
              ) : (
                <ul aria-label="Fixable findings" className="divide-y divide-border">
                  {fixable.map((finding) => (
                    <FixableFinding key={finding.id} finding={finding} readOnly={readOnly} />
                  ))}
                </ul>
              )}
              {manual.length > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">
                    {plural(manual.length, "finding needs", "findings need")} a fix by hand
                  </summary>
                  <ul aria-label="Findings without an automated fix" className="mt-2 flex flex-col gap-2">
                    {manual.map((finding) => (
                      <li key={finding.id} className="text-xs">
                        <span className="font-medium">{finding.message}</span>{" "}
                        <span className="font-mono text-muted-foreground">{location(finding)}</span>
                        {finding.fix.available ? null : (
                          <span className="block text-muted-foreground">{finding.fix.reason}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
