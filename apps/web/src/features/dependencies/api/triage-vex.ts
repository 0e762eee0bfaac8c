// Triage a dependency finding as a VEX statement (POST /api/tenants/{tenantId}/vex/triage). A
// not_affected or fixed decision takes the finding out of the open counts at once, so every view
// that counts findings is refreshed.
import type { VexStatementResponse, VexTriageBody } from "@rampart/contracts/vex";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiGetBlob, apiSend, serverErrorMessage } from "../../../lib/api";
import { saveBlob } from "../../../lib/browser";

export interface TriageVexInput extends VexTriageBody {
  tenantId: string;
}

export function triageVex({ tenantId, ...body }: TriageVexInput): Promise<VexStatementResponse> {
  return apiSend<VexStatementResponse>("POST", `/api/tenants/${tenantId}/vex/triage`, body);
}

export function useTriageVex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triageVex,
    onSuccess: async (statement, { tenantId }) => {
      toast({
        title: "Decision Recorded",
        description: `${statement.vulnerabilityId} is now ${statement.status.replaceAll("_", " ")}.`,
      });
      await Promise.all(
        ["sca", "summary", "runs", "controls", "risks", "risk-heatmap"].map((segment) =>
          queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId, segment] }),
        ),
      );
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Triage Failed",
        description: serverErrorMessage(error) ?? "The decision could not be recorded. Please try again.",
      });
    },
  });
}

export type VexExportFormat = "openvex" | "cyclonedx";

export function vexFileName(format: VexExportFormat): string {
  return format === "openvex" ? "vex.openvex.json" : "vex.cdx.json";
}

/** Downloads the tenant's decisions (GET /api/tenants/{tenantId}/vex?format=…); errors are toasted. */
export async function downloadVex(tenantId: string, format: VexExportFormat): Promise<void> {
  try {
    const blob = await apiGetBlob(["/api/tenants", tenantId, "vex", { format }]);
    saveBlob(blob, vexFileName(format));
  } catch (error) {
    toast({
      variant: "destructive",
      title: "Export Failed",
      description: serverErrorMessage(error) ?? "The VEX document could not be downloaded.",
    });
  }
}
