// The per-control results every posture number reads (Control Status, the Control Detail modal,
// the posture score and its history, compliance, evidence reports): each control is evidenced only
// by what tests it. Controls that rules evidence come from the runs' control results; controls the
// container image scan evidences (CTR-VUL-01) come from the tenant's images, and rows that older
// runs recorded for them from repository rules are dropped. Pure.
import {
  type ControlResult,
  type ControlVerdict,
  controlsEvidencedBy,
  controlVerdicts,
} from "@rampart/policy";
import type { Evidence } from "../runs/run-record.ts";

export interface ControlEvidence {
  controlCode: string;
  passes: number;
  failures: number;
  evidence: Evidence;
  /** The run that recorded it; null for the images' result. */
  runId: string | null;
}

/** One upload of a container image and how its scan went. */
export interface ImageScan {
  id: string;
  imageRef: string;
  state: "queued" | "running" | "completed" | "failed";
  createdAt: Date;
  scannedAt: Date | null;
  /** Vulnerabilities the scan found (0 until it completed). */
  vulnerabilities: number;
}

const IMAGE_SCAN_CONTROLS = () => new Set(controlsEvidencedBy("image-scan").map((control) => control.code));

/**
 * The images that stand for each image reference at `asOf`: its latest completed scan, as the
 * Container Images page lists their vulnerabilities (a re-upload of `app:1.2` replaces the
 * earlier one's).
 */
export function currentImages(scans: readonly ImageScan[], asOf: Date): ImageScan[] {
  const current = new Map<string, ImageScan>();
  for (const scan of scans) {
    if (scan.state !== "completed" || !scan.scannedAt || scan.scannedAt >= asOf) continue;
    const kept = current.get(scan.imageRef);
    if (!kept || kept.scannedAt! < scan.scannedAt) current.set(scan.imageRef, scan);
  }
  return [...current.values()];
}

/**
 * The image scan's result for each control it evidences: each vulnerability of a current image is
 * a failure, each current image without one a passed check. A reference whose every upload failed
 * to scan makes the evidence failed (the control is then not evaluated unless something failed);
 * without any scanned or failed image there is no result: not evaluated.
 */
export function imageScanResults(scans: readonly ImageScan[], asOf: Date): ControlEvidence[] {
  const current = currentImages(scans, asOf);
  const scannedRefs = new Set(current.map((scan) => scan.imageRef));
  const unreadable = scans.some(
    (scan) => scan.state === "failed" && scan.createdAt < asOf && !scannedRefs.has(scan.imageRef),
  );
  if (current.length === 0 && !unreadable) return [];
  const evidence: Evidence = unreadable ? "failed" : "succeeded";
  return [...IMAGE_SCAN_CONTROLS()].map((controlCode) => ({
    controlCode,
    passes: current.filter((scan) => scan.vulnerabilities === 0).length,
    failures: current.reduce((sum, scan) => sum + scan.vulnerabilities, 0),
    evidence,
    runId: null,
  }));
}

/** The runs' results of rule-evidenced controls and the images' results of image-scan controls. */
export function controlEvidence(
  runResults: readonly ControlEvidence[],
  scans: readonly ImageScan[],
  asOf: Date,
): ControlEvidence[] {
  const byImages = IMAGE_SCAN_CONTROLS();
  return [...runResults.filter((row) => !byImages.has(row.controlCode)), ...imageScanResults(scans, asOf)];
}

/** The results as the policy's evaluator reads them. */
export function asControlResults(rows: readonly ControlEvidence[]): ControlResult[] {
  return rows.map((row) => ({
    code: row.controlCode,
    analyzersEvidenced: row.evidence,
    passes: row.passes,
    failures: row.failures,
  }));
}

/**
 * Each control's verdict over the given results (the latest run of each repository and the
 * images): the policy's one decision (controlVerdicts), which the Compliance page's
 * evaluateFramework makes too, so the control table, the posture score and the Compliance page
 * never disagree on whether a control was evaluated.
 */
export function verdictsOf(rows: readonly ControlEvidence[]): ReadonlyMap<string, ControlVerdict> {
  return controlVerdicts(asControlResults(rows));
}
