// Download an attestation bundle (GET /api/attest/bundle/{id}?format=json|pdf) and save it as
// attestation-{first 8 characters of the id}.{format}. Per the spec a failed download is only logged.
import { apiGetBlob } from "../../../lib/api";
import { saveBlob } from "../../../lib/browser";

export type BundleFormat = "json" | "pdf";

export function attestationFileName(id: string, format: BundleFormat): string {
  return `attestation-${id.slice(0, 8)}.${format}`;
}

export async function downloadAttestation(id: string, format: BundleFormat): Promise<void> {
  try {
    const blob = await apiGetBlob(["/api/attest/bundle", id, { format }]);
    saveBlob(blob, attestationFileName(id, format));
  } catch (error) {
    console.error("Attestation download failed", error);
  }
}
