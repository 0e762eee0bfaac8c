// Where "Create Fix PR" was: the pull request that fixes the finding, with its state. A pull
// request on a code host links there; one on the local fix remote (no website) links to the PR
// Bot page, which lists it with its branch.
import type { FixPullRequestStatus, PrState } from "@rampart/contracts/fixes";
import { GitMerge, GitPullRequest } from "lucide-react";
import { Link } from "wouter";
import { Button } from "./ui/button";

const STATE_LABELS: Record<PrState, string> = { open: "open", merged: "merged", closed: "closed" };

export function FixPullRequestLink({ pullRequest }: { pullRequest: FixPullRequestStatus }) {
  const Icon = pullRequest.state === "merged" ? GitMerge : GitPullRequest;
  const label = (
    <>
      <Icon aria-hidden="true" />
      Fix PR #{pullRequest.number} · {STATE_LABELS[pullRequest.state]}
    </>
  );
  return (
    <Button asChild size="sm" variant="outline" title={pullRequest.branchName}>
      {pullRequest.url ? (
        <a href={pullRequest.url} target="_blank" rel="noreferrer">
          {label}
        </a>
      ) : (
        <Link href="/pr-bot">{label}</Link>
      )}
    </Button>
  );
}
