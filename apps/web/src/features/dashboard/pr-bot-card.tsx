// PR Bot Activity: fix pull requests as a timeline. The summary sends none until the GitHub
// integration lands, so today this shows its empty state; the rendering is ready for the data.
import type { PrActivity } from "@rampart/contracts/dashboard";
import { GitPullRequest } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ageLabel } from "../../lib/age-label";

export const PR_SUGGESTIONS_SHOWN = 4;

export interface PrSuggestion {
  id: string;
  branchName: string;
  createdAt: string;
  merged: boolean;
  accepted: boolean;
  testsAdded: boolean;
}

function isPrSuggestion(value: unknown): value is PrSuggestion {
  return typeof value === "object" && value !== null && "id" in value && "branchName" in value;
}

const FIX_BRANCH_PREFIX = "security/fix/";

export function suggestionTitle(branchName: string): string {
  const slug = branchName.startsWith(FIX_BRANCH_PREFIX)
    ? branchName.slice(FIX_BRANCH_PREFIX.length)
    : branchName;
  const title = slug.replace(/-/g, " ").trim();
  return title || "Security Fix";
}

export function suggestionStatus(suggestion: Pick<PrSuggestion, "merged" | "accepted">): string {
  if (suggestion.merged) return "Merged";
  if (suggestion.accepted) return "Review Pending";
  return "Draft";
}

export function PrBotCard({ suggestions, activity }: { suggestions: unknown[]; activity: PrActivity }) {
  const items = suggestions.filter(isPrSuggestion);
  return (
    <Card>
      <CardHeader>
        <CardTitle>PR Bot Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <GitPullRequest className="size-8" aria-hidden="true" />
            <p className="font-medium text-foreground">No PR Activity</p>
            <p>Fix pull requests appear here once the GitHub integration is connected.</p>
          </div>
        ) : (
          <>
            <ol className="flex flex-col gap-3 border-l border-border pl-4">
              {items.slice(0, PR_SUGGESTIONS_SHOWN).map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-3 text-sm">
                  <div>
                    <p className="font-medium capitalize">{suggestionTitle(item.branchName)}</p>
                    <p className="text-xs text-muted-foreground">
                      Created PR with automated fix{item.testsAdded ? " + test coverage" : ""} ·{" "}
                      {ageLabel(item.createdAt)}
                    </p>
                  </div>
                  <Badge variant={item.merged ? "success" : item.accepted ? "warning" : "muted"}>
                    {suggestionStatus(item)}
                  </Badge>
                </li>
              ))}
            </ol>
            {/* Counted by the server over the whole week, not from the few suggestions listed. */}
            <p className="mt-4 text-xs text-muted-foreground">
              Last 7 days · {activity.merged} merged · {activity.pending} pending
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
