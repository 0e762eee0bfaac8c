// Start a policy scan (POST /api/runs/trigger). The server answers 200 when the scan finished
// within its wait, or 202 with a scan id that we poll (GET /api/scans/{scanId}) until it completes
// or fails, reporting the growing file count as progress. Demo mode scans a sample for real too.
// Shared by the dashboard's scan button and the repositories' own scan buttons (Policy Runs).
import type { TriggerRunResponse } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../components/ui/use-toast";
import { ApiError, apiGet, apiSend, serverErrorMessage } from "../lib/api";

export const SCAN_POLL_INTERVAL_MS = 1000;
export const SCAN_FAILED_FALLBACK = "Failed to trigger policy scan";

export interface TriggerScanInput {
  tenantId: string;
  /** Repository id or name; the server defaults to the tenant's first repository. */
  repo?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function triggerScan(
  { tenantId, repo }: TriggerScanInput,
  onProgress: (filesScanned: number) => void = () => {},
  pollIntervalMs = SCAN_POLL_INTERVAL_MS,
): Promise<TriggerRunResponse> {
  let scan = await apiSend<TriggerRunResponse>("POST", "/api/runs/trigger", {
    tenantId,
    ...(repo ? { repo } : {}),
  });
  while (scan.state === "queued" || scan.state === "running") {
    onProgress(scan.filesScanned);
    await wait(pollIntervalMs);
    scan = await apiGet<TriggerRunResponse>(["/api/scans", scan.scanId]);
  }
  if (scan.state === "failed") throw new Error(scan.error || SCAN_FAILED_FALLBACK);
  return scan;
}

/** The spec's 'Scanned N files. Found M issues.', in the singular for a count of one. */
export function scanCompleteMessage(scan: Pick<TriggerRunResponse, "filesScanned" | "failed">): string {
  return `Scanned ${plural(scan.filesScanned, "file")}. Found ${plural(scan.failed, "issue")}.`;
}

export function scanErrorMessage(error: unknown): string {
  const fromServer = serverErrorMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError) return SCAN_FAILED_FALLBACK;
  return error instanceof Error && error.message ? error.message : SCAN_FAILED_FALLBACK;
}

/** The scan mutation plus the live file count while the server is scanning. */
export function useTriggerScan() {
  const queryClient = useQueryClient();
  const [filesScanned, setFilesScanned] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (input: TriggerScanInput) => triggerScan(input, setFilesScanned),
    // A failed scan is recorded as a run too (with its reason): the lists refresh either way.
    onSettled: async (_scan, _error, { tenantId }) => {
      setFilesScanned(null);
      await Promise.all(
        ["summary", "runs", "controls", "risks", "risk-heatmap"].map((segment) =>
          queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId, segment] }),
        ),
      );
    },
    onSuccess: (scan) => {
      toast({
        title: "Policy Scan Complete",
        description: scanCompleteMessage(scan),
      });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Scan Failed", description: scanErrorMessage(error) });
    },
  });
  return { ...mutation, filesScanned };
}
