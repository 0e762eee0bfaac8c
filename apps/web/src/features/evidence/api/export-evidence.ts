// Download an evidence export (GET /api/tenants/{tenantId}/evidence/export?from&to&format) and
// save it as evidence-export-{from}-to-{to}.{format}. The server's refusal (e.g. a range whose
// start is after its end) is shown as it is; other failures get the spec's generic text.
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiGetBlob, serverErrorMessage } from "../../../lib/api";
import { saveBlob } from "../../../lib/browser";

export type ExportFormat = "json" | "pdf";

export interface ExportEvidenceInput {
  tenantId: string;
  /** YYYY-MM-DD, both days inclusive. */
  from: string;
  to: string;
  format: ExportFormat;
}

export const EXPORT_FAILED_FALLBACK = "Unable to export evidence. Please try again.";

export function exportFileName({ from, to, format }: Omit<ExportEvidenceInput, "tenantId">): string {
  return `evidence-export-${from}-to-${to}.${format}`;
}

export async function exportEvidence(input: ExportEvidenceInput): Promise<string> {
  const { tenantId, from, to, format } = input;
  const blob = await apiGetBlob(["/api/tenants", tenantId, "evidence", "export", { from, to, format }]);
  const fileName = exportFileName(input);
  saveBlob(blob, fileName);
  return fileName;
}

export function useExportEvidence() {
  return useMutation({
    mutationFn: exportEvidence,
    onSuccess: (fileName) => {
      toast({ title: "Evidence Exported", description: `Saved ${fileName}.` });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: serverErrorMessage(error) ?? EXPORT_FAILED_FALLBACK,
      });
    },
  });
}
