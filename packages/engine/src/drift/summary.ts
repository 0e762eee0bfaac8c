// What the server stores and shows about a set of drift items: the contract's counts, and a
// fingerprint that names one drift across syncs (the same resource, attribute and kind of drift),
// so a finding can be followed from sync to sync and marked resolved when it is gone.
import { createHash } from "node:crypto";
import type { DriftItem } from "./types.ts";

export interface DriftCounts {
  total: number;
  missing_resource: number;
  unexpected_resource: number;
  config_change: number;
  securityRelevant: number;
}

export function driftStats(items: readonly DriftItem[]): DriftCounts {
  const stats: DriftCounts = {
    total: 0,
    missing_resource: 0,
    unexpected_resource: 0,
    config_change: 0,
    securityRelevant: 0,
  };
  for (const item of items) {
    stats.total++;
    stats[item.driftType]++;
    if (item.securityRelevant) stats.securityRelevant++;
  }
  return stats;
}

/** sha256 of the drift's identity (not its values: a value drifting further is the same drift). */
export function driftFingerprint(
  item: Pick<DriftItem, "driftType" | "resourceType" | "resourceId" | "attribute">,
): string {
  const identity = JSON.stringify([item.driftType, item.resourceType, item.resourceId, item.attribute]);
  return createHash("sha256").update(identity).digest("hex");
}
