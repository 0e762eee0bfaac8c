// Which control each kind of drift bears on: a setting changed out of band fails ENV-DRIFT-01, a
// resource missing or running unmanaged fails ENV-DRIFT-02 (packages/policy/data/controls.yaml).
// The sync tags each drift finding with these, and posture counts each control's drift by them.
import type { DriftType } from "@rampart/contracts/environments";

export const DRIFT_CONTROLS: Readonly<Record<DriftType, readonly string[]>> = {
  config_change: ["ENV-DRIFT-01"],
  missing_resource: ["ENV-DRIFT-02"],
  unexpected_resource: ["ENV-DRIFT-02"],
};

/** The kinds of drift that fail a control (none for a control drift does not evidence). */
export function driftTypesOf(controlCode: string): DriftType[] {
  return (Object.keys(DRIFT_CONTROLS) as DriftType[]).filter((type) =>
    DRIFT_CONTROLS[type].includes(controlCode),
  );
}
