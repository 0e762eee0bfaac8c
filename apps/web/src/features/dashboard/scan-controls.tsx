// The scan trigger: a repository choice when the tenant has more than one (the last choice is
// remembered per tenant), and the button that reads 'Running...' (with the live file count) and is
// disabled while a scan runs. With nothing it could scan (no repository, or an auditor's
// read-only view) the button is disabled and says why, linking to where repositories are added.
import type { Repository } from "@rampart/contracts/repositories";
import { plural } from "@rampart/contracts/words";
import { Play } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { useChosenRepository } from "../../scans/chosen-repository";
import { useTriggerScan } from "../../scans/trigger-scan";

export function ScanControls({
  tenantId,
  repositories,
  readOnly = false,
}: {
  tenantId: string;
  /** Undefined while they load: the button waits, without a hint. */
  repositories: Repository[] | undefined;
  /** An auditor's view: scanning is not theirs to do. */
  readOnly?: boolean;
}) {
  const scan = useTriggerScan();
  const [repositoryId, choose] = useChosenRepository(tenantId, repositories ?? []);
  const loading = repositories === undefined;
  const hintId = useId();
  const running = scan.isPending;
  const label = running
    ? scan.filesScanned
      ? `Running... ${plural(scan.filesScanned, "file")}`
      : "Running..."
    : "Run Policy Scan";
  const hint = readOnly ? (
    "Auditors have read-only access: scans are started by the organization's members."
  ) : !loading && repositoryId === null ? (
    <>
      No repository to scan yet.{" "}
      <Link href="/runs" className="text-primary hover:underline">
        Add a repository
      </Link>{" "}
      on the Policy Runs page first.
    </>
  ) : null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {repositories && repositories.length > 1 && repositoryId ? (
        <Select value={repositoryId} onValueChange={choose} disabled={running || readOnly}>
          <SelectTrigger aria-label="Repository to scan" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {repositories.map((repository) => (
              <SelectItem key={repository.id} value={repository.id}>
                {repository.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
      <Button
        disabled={running || loading || hint !== null}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => (repositoryId ? scan.mutate({ tenantId, repo: repositoryId }) : undefined)}
      >
        <Play aria-hidden="true" />
        <span aria-live="polite">{label}</span>
      </Button>
    </div>
  );
}
