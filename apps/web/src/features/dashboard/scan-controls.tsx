// The scan trigger: a repository choice when the tenant has more than one, and the button that
// reads 'Running...' (with the live file count) and is disabled while a scan runs.
import type { Repository } from "@rampart/contracts/repositories";
import { plural } from "@rampart/contracts/words";
import { Play } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { useTriggerScan } from "./api/trigger-scan";

export function ScanControls({ tenantId, repositories }: { tenantId: string; repositories: Repository[] }) {
  const scan = useTriggerScan();
  const [chosen, setChosen] = useState<string | null>(null);
  const repositoryId = repositories.some((repository) => repository.id === chosen)
    ? chosen
    : (repositories[0]?.id ?? null);
  const running = scan.isPending;
  const label = running
    ? scan.filesScanned
      ? `Running... ${plural(scan.filesScanned, "file")}`
      : "Running..."
    : "Run Policy Scan";

  return (
    <div className="flex flex-wrap items-center gap-2">
      {repositories.length > 1 && repositoryId ? (
        <Select value={repositoryId} onValueChange={setChosen} disabled={running}>
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
        disabled={running}
        onClick={() => scan.mutate({ tenantId, ...(repositoryId ? { repo: repositoryId } : {}) })}
      >
        <Play aria-hidden="true" />
        <span aria-live="polite">{label}</span>
      </Button>
    </div>
  );
}
