// Download one provenance document (GET /api/provenance/{id}): the DSSE envelope as stored, saved
// as provenance-{first 8 characters of the id}.json. Failures are logged like attestation downloads.
import { apiGetBlob } from "../../../lib/api";
import { saveBlob } from "../../../lib/browser";

export function provenanceFileName(id: string): string {
  return `provenance-${id.slice(0, 8)}.json`;
}

export async function downloadProvenance(id: string): Promise<void> {
  try {
    const blob = await apiGetBlob(["/api/provenance", id]);
    saveBlob(blob, provenanceFileName(id));
  } catch (error) {
    console.error("Provenance download failed", error);
  }
}
