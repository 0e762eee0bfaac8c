// The buttons under an expanded Active Findings row. "Create Fix PR" opens the finding's fix
// pull request, shows it once one exists, or is disabled with the server's reason in view;
// "Dismiss" opens the waiver dialog (which says when a second person must approve), or is
// disabled with the reason the user may not accept risk here. Reasons are shown, not hovered for.
import type { Finding } from "@rampart/contracts/runs";
import { GitPullRequest } from "lucide-react";
import { useId } from "react";
import { FixPullRequestLink } from "../../components/fix-pull-request-link";
import { Button } from "../../components/ui/button";
import { useCreateFindingFix } from "../../lib/create-finding-fix";
import type { DismissAvailability } from "./dismiss-availability";

export function FindingActions({
  finding,
  readOnly,
  dismiss,
  onDismiss,
}: {
  finding: Finding;
  /** An auditor's view: nothing can be changed. */
  readOnly: boolean;
  dismiss: DismissAvailability;
  onDismiss: () => void;
}) {
  const createFix = useCreateFindingFix();
  const fixHintId = useId();
  const dismissHintId = useId();
  const fixBlocked = readOnly
    ? "Auditors have read-only access"
    : finding.fix.available
      ? null
      : finding.fix.reason;
  const reasons = [
    ...(finding.fixPullRequest || !fixBlocked
      ? []
      : [{ id: fixHintId, button: "Create Fix PR", text: fixBlocked }]),
    ...(dismiss.available ? [] : [{ id: dismissHintId, button: "Dismiss", text: dismiss.reason }]),
  ];
  return (
    <div className="flex flex-col gap-2 border-t border-border p-3">
      <div className="flex flex-wrap justify-end gap-2">
        {finding.fixPullRequest ? (
          <FixPullRequestLink pullRequest={finding.fixPullRequest} />
        ) : (
          <Button
            size="sm"
            disabled={fixBlocked !== null || createFix.isPending}
            aria-describedby={fixBlocked ? fixHintId : undefined}
            onClick={() => createFix.mutate(finding.id)}
          >
            <GitPullRequest aria-hidden="true" />
            {createFix.isPending ? "Creating PR..." : "Create Fix PR"}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={!dismiss.available}
          aria-describedby={dismiss.available ? undefined : dismissHintId}
          onClick={onDismiss}
        >
          Dismiss
        </Button>
      </div>
      {reasons.map((reason) => (
        <p key={reason.id} id={reason.id} className="text-right text-xs text-muted-foreground">
          {/* The button's name is its own; the description is the reason alone. */}
          <span aria-hidden="true" className="font-medium">
            {reason.button}:{" "}
          </span>
          {reason.text}
        </p>
      ))}
    </div>
  );
}
