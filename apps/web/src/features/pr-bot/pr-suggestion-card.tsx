// One fix pull request: number, title, repository and branch, display status, when it was opened,
// the explainer (its description), whether it adds tests, and a link to it on the code host.

import type { PrSuggestion } from "@rampart/contracts/fixes";
import { ExternalLink, FlaskConical, GitBranch } from "lucide-react";
import { Markdown } from "../../components/markdown";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { formatDateTime } from "../../lib/format-date";
import { PR_STATUS_BADGE, prDisplayStatus } from "./pr-status";

export function PrSuggestionCard({ suggestion }: { suggestion: PrSuggestion }) {
  const status = prDisplayStatus(suggestion);
  const heading = `#${suggestion.number} ${suggestion.title}`;
  return (
    <li aria-label={heading}>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="font-semibold break-words">
                <span className="text-muted-foreground tabular-nums">#{suggestion.number}</span>{" "}
                {suggestion.title}
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <span>{suggestion.repo}</span>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1 font-mono">
                  <GitBranch className="size-3" aria-hidden="true" />
                  {suggestion.branchName}
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={suggestion.createdAt}>{formatDateTime(suggestion.createdAt)}</time>
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {/* §4's status never says "closed"; without this a PR closed unmerged would read as pending. */}
              {suggestion.state === "closed" && !suggestion.merged ? (
                <Badge variant="muted">Closed</Badge>
              ) : null}
              <Badge variant={PR_STATUS_BADGE[status]} data-testid="pr-status">
                {status}
              </Badge>
            </div>
          </div>
          <Markdown className="text-sm">{suggestion.aiExplainer}</Markdown>
          <div className="flex flex-wrap items-center justify-between gap-3 text-xs">
            <span
              className={
                suggestion.testsAdded
                  ? "inline-flex items-center gap-1 text-success"
                  : "inline-flex items-center gap-1 text-muted-foreground"
              }
            >
              <FlaskConical className="size-3.5" aria-hidden="true" />
              {suggestion.testsAdded ? "Tests added" : "No tests added"}
            </span>
            {suggestion.url ? (
              <a
                href={suggestion.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                View pull request #{suggestion.number}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
