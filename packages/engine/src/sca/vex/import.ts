// Reads a VEX document of either format, told apart by shape: CycloneDX says `bomFormat`,
// OpenVEX has an `@context` and `statements`.
import { importCycloneDxVex } from "./cyclonedx-vex.ts";
import { type ImportResult, importOpenVex } from "./openvex.ts";

export function importVex(json: unknown): ImportResult {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return { ok: false, error: "a VEX document is a JSON object" };
  const document = json as Record<string, unknown>;
  if (document.bomFormat === "CycloneDX") return importCycloneDxVex(json);
  if ("@context" in document || "statements" in document) return importOpenVex(json);
  return {
    ok: false,
    error: "not a VEX document: expected OpenVEX (@context, statements) or CycloneDX (bomFormat)",
  };
}
