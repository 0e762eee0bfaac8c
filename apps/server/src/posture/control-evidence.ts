// The per-control results every posture number reads (Control Status, the Control Detail modal,
// the posture score and its history, compliance, evidence reports): each control is evidenced only
// by what tests it. Controls that rules evidence come from the runs' control results; controls the
// container image scan evidences (CTR-VUL-01) come from the tenant's images, and controls drift
// evidences (ENV-DRIFT-01/02) from the environments' latest syncs; rows that older runs recorded
// for either from repository rules are dropped. Pure.
import type { DriftStats } from "@rampart/contracts/environments";
import {
  type ControlResult,
  type ControlVerdict,
  controlsEvidencedBy,
  controlVerdicts,
} from "@rampart/policy";
import { driftTypesOf } from "../environments/drift-controls.ts";
import type { Evidence } from "../runs/run-record.ts";

export interface ControlEvidence {
  controlCode: string;
  passes: number;
  failures: number;
  evidence: Evidence;
  /** The run that recorded it; null for the images' and the environments' results. */
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

/** One finished sync of an environment: how it ended and, when completed, the drift it found. */
export interface EnvironmentSyncResult {
  environmentId: string;
  state: "completed" | "failed";
  finishedAt: Date;
  /** Null for a failed sync. */
  driftStats: DriftStats | null;
}

const IMAGE_SCAN_CONTROLS = () => new Set(controlsEvidencedBy("image-scan").map((control) => control.code));
const DRIFT_CONTROLS = () => new Set(controlsEvidencedBy("environment-drift").map((control) => control.code));

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

/**
 * The environments' result for each control drift evidences, from each environment's latest sync
 * finished before `asOf` (what its Drift Detected / In Sync badge showed then): each drift of a
 * kind the control counts is a failure, each environment without any a passed check. An
 * environment whose latest sync failed makes the evidence failed (its drift is unknown, so the
 * control is not evaluated unless drift was found elsewhere); without any finished sync there is
 * no result: not evaluated.
 */
export function environmentDriftResults(
  syncs: readonly EnvironmentSyncResult[],
  asOf: Date,
): ControlEvidence[] {
  const latest = new Map<string, EnvironmentSyncResult>();
  for (const sync of syncs) {
    // A completed sync recorded before syncs kept their drift counts says nothing either way.
    if (sync.finishedAt >= asOf || (sync.state === "completed" && !sync.driftStats)) continue;
    const kept = latest.get(sync.environmentId);
    if (!kept || kept.finishedAt < sync.finishedAt) latest.set(sync.environmentId, sync);
  }
  if (latest.size === 0) return [];
  const current = [...latest.values()];
  const evidence: Evidence = current.some((sync) => sync.state === "failed") ? "failed" : "succeeded";
  return [...DRIFT_CONTROLS()].map((controlCode) => {
    const types = driftTypesOf(controlCode);
    const drifts = current
      .filter((sync) => sync.state === "completed")
      .map((sync) => types.reduce((sum, type) => sum + (sync.driftStats?.[type] ?? 0), 0));
    return {
      controlCode,
      passes: drifts.filter((count) => count === 0).length,
      failures: drifts.reduce((sum, count) => sum + count, 0),
      evidence,
      runId: null,
    };
  });
}

/** What evidences the controls no repository rule can: the tenant's images and environments. */
export interface OutsideEvidence {
  imageScans: readonly ImageScan[];
  environmentSyncs: readonly EnvironmentSyncResult[];
}

/**
 * The runs' results of rule-evidenced controls, the images' results of image-scan controls and
 * the environments' results of drift controls.
 */
export function controlEvidence(
  runResults: readonly ControlEvidence[],
  outside: OutsideEvidence,
  asOf: Date,
): ControlEvidence[] {
  const notByRules = new Set([...IMAGE_SCAN_CONTROLS(), ...DRIFT_CONTROLS()]);
  return [
    ...runResults.filter((row) => !notByRules.has(row.controlCode)),
    ...imageScanResults(outside.imageScans, asOf),
    ...environmentDriftResults(outside.environmentSyncs, asOf),
  ];
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
