// Each control is evidenced only by what tests it: image-scan controls by the tenant's images,
// never by repository rules. CTR-VUL-01 "Container images have no known vulnerabilities" passed
// at 100 % on Dockerfile hygiene rules while the tenant's images had critical CVEs (issue 17).
// Drift controls by the environments' latest syncs (issue 19).
import { ruleById } from "@rampart/engine";
import { assertRulesReferenceKnownControls, controlsEvidencedBy, controlVerdicts } from "@rampart/policy";
import { describe, expect, it } from "vitest";
import {
  asControlResults,
  type ControlEvidence,
  controlEvidence,
  type EnvironmentSyncResult,
  environmentDriftResults,
  type ImageScan,
  imageScanResults,
} from "./control-evidence.ts";

describe("the rule registry and the control catalogue", () => {
  it("maps rules only to controls that rules evidence", () => {
    expect(() =>
      assertRulesReferenceKnownControls(
        [...ruleById().values()].map((rule) => ({ id: rule.id, controls: [...rule.controls] })),
      ),
    ).not.toThrow();
  });

  it("leaves the image vulnerability control to the image scan", () => {
    expect(controlsEvidencedBy("image-scan").map((control) => control.code)).toEqual(["CTR-VUL-01"]);
  });

  it("leaves the drift controls to the environments", () => {
    expect(controlsEvidencedBy("environment-drift").map((control) => control.code)).toEqual([
      "ENV-DRIFT-01",
      "ENV-DRIFT-02",
    ]);
  });
});

const NOW = new Date("2026-03-01T12:00:00.000Z");
const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 3_600_000);

function image(overrides: Partial<ImageScan> & Pick<ImageScan, "id" | "imageRef">): ImageScan {
  return {
    state: "completed",
    createdAt: at(10),
    scannedAt: at(9),
    vulnerabilities: 0,
    ...overrides,
  };
}

describe("imageScanResults", () => {
  it("has no result without a scanned image: the control is not evaluated", () => {
    expect(imageScanResults([], NOW)).toEqual([]);
    expect(
      imageScanResults([image({ id: "a", imageRef: "app:1", state: "queued", scannedAt: null })], NOW),
    ).toEqual([]);
  });

  it("counts each vulnerability of the current images as a failure and each clean image as a pass", () => {
    const results = imageScanResults(
      [
        image({ id: "a", imageRef: "app:1", vulnerabilities: 3 }),
        image({ id: "b", imageRef: "db:2", vulnerabilities: 0 }),
        image({ id: "c", imageRef: "web:3", vulnerabilities: 2 }),
      ],
      NOW,
    );
    expect(results).toEqual([
      { controlCode: "CTR-VUL-01", passes: 1, failures: 5, evidence: "succeeded", runId: null },
    ]);
  });

  it("lets a re-upload of a reference replace the earlier scan, as the Container Images page does", () => {
    const results = imageScanResults(
      [
        image({ id: "old", imageRef: "app:1", scannedAt: at(9), vulnerabilities: 4 }),
        image({ id: "new", imageRef: "app:1", scannedAt: at(2), vulnerabilities: 1 }),
      ],
      NOW,
    );
    expect(results[0]).toMatchObject({ failures: 1, passes: 0 });
  });

  it("reads the images as they stood at a time: later scans do not count", () => {
    const scans = [
      image({ id: "old", imageRef: "app:1", scannedAt: at(9), vulnerabilities: 4 }),
      image({ id: "new", imageRef: "app:1", scannedAt: at(2), vulnerabilities: 0 }),
    ];
    expect(imageScanResults(scans, at(5))[0]).toMatchObject({ failures: 4, passes: 0 });
    expect(imageScanResults(scans, at(12))).toEqual([]);
  });

  it("marks the evidence failed when an image could never be read", () => {
    const results = imageScanResults(
      [
        image({ id: "a", imageRef: "app:1", vulnerabilities: 0 }),
        image({ id: "b", imageRef: "broken:1", state: "failed", scannedAt: null }),
      ],
      NOW,
    );
    expect(results[0]).toMatchObject({ passes: 1, failures: 0, evidence: "failed" });
  });
});

describe("controlEvidence", () => {
  it("drops what runs recorded for an image-scan control and keeps every other control's rows", () => {
    const runRows: ControlEvidence[] = [
      // An older run's CTR-VUL-01 from Dockerfile hygiene rules: 13 passes, no vulnerability tested.
      { controlCode: "CTR-VUL-01", passes: 13, failures: 0, evidence: "succeeded", runId: "run-1" },
      { controlCode: "CTR-BLD-01", passes: 3, failures: 1, evidence: "succeeded", runId: "run-1" },
    ];
    const none = { imageScans: [], environmentSyncs: [] };
    expect(controlEvidence(runRows, none, NOW)).toEqual([runRows[1]]);
    expect(
      controlEvidence(
        runRows,
        { ...none, imageScans: [image({ id: "a", imageRef: "app:1", vulnerabilities: 2 })] },
        NOW,
      ),
    ).toEqual([
      runRows[1],
      { controlCode: "CTR-VUL-01", passes: 0, failures: 2, evidence: "succeeded", runId: null },
    ]);
  });
});

function sync(
  environmentId: string,
  hoursAgo: number,
  drift: Partial<Record<"config_change" | "missing_resource" | "unexpected_resource", number>> | "failed",
): EnvironmentSyncResult {
  if (drift === "failed")
    return { environmentId, state: "failed", finishedAt: at(hoursAgo), driftStats: null };
  const stats = { config_change: 0, missing_resource: 0, unexpected_resource: 0, ...drift };
  const total = stats.config_change + stats.missing_resource + stats.unexpected_resource;
  return {
    environmentId,
    state: "completed",
    finishedAt: at(hoursAgo),
    driftStats: { total, securityRelevant: 0, ...stats },
  };
}

/** The policy's status of each drift control for these syncs, as every posture number reads it. */
function driftStatuses(syncs: EnvironmentSyncResult[], asOf = NOW) {
  const verdicts = controlVerdicts(asControlResults(environmentDriftResults(syncs, asOf)));
  return {
    "ENV-DRIFT-01": verdicts.get("ENV-DRIFT-01")?.status ?? "unknown",
    "ENV-DRIFT-02": verdicts.get("ENV-DRIFT-02")?.status ?? "unknown",
  };
}

describe("environmentDriftResults", () => {
  it("has no result without a synced environment: the drift controls are not evaluated", () => {
    expect(environmentDriftResults([], NOW)).toEqual([]);
    expect(driftStatuses([])).toEqual({ "ENV-DRIFT-01": "unknown", "ENV-DRIFT-02": "unknown" });
  });

  it("passes both controls when every environment is in sync", () => {
    expect(environmentDriftResults([sync("prod", 2, {}), sync("staging", 3, {})], NOW)).toEqual([
      { controlCode: "ENV-DRIFT-01", passes: 2, failures: 0, evidence: "succeeded", runId: null },
      { controlCode: "ENV-DRIFT-02", passes: 2, failures: 0, evidence: "succeeded", runId: null },
    ]);
    expect(driftStatuses([sync("prod", 2, {})])).toEqual({ "ENV-DRIFT-01": "pass", "ENV-DRIFT-02": "pass" });
  });

  it("fails ENV-DRIFT-01 on changed settings and ENV-DRIFT-02 on missing or unmanaged resources", () => {
    const syncs = [
      sync("prod", 2, { config_change: 3, unexpected_resource: 1, missing_resource: 1 }),
      sync("staging", 2, { config_change: 1 }),
      sync("dev", 2, {}),
    ];
    expect(environmentDriftResults(syncs, NOW)).toEqual([
      { controlCode: "ENV-DRIFT-01", passes: 1, failures: 4, evidence: "succeeded", runId: null },
      { controlCode: "ENV-DRIFT-02", passes: 2, failures: 2, evidence: "succeeded", runId: null },
    ]);
    expect(driftStatuses([sync("staging", 2, { config_change: 1 })])).toEqual({
      "ENV-DRIFT-01": "fail",
      "ENV-DRIFT-02": "pass",
    });
  });

  it("reads each environment's latest finished sync as of a time: later syncs do not count", () => {
    const syncs = [sync("prod", 9, { config_change: 2 }), sync("prod", 2, {})];
    expect(driftStatuses(syncs)["ENV-DRIFT-01"]).toBe("pass");
    expect(driftStatuses(syncs, at(5))["ENV-DRIFT-01"]).toBe("fail");
    expect(driftStatuses(syncs, at(12))["ENV-DRIFT-01"]).toBe("unknown");
  });

  it("leaves the controls not evaluated when an environment's latest sync failed, unless drift was found", () => {
    expect(driftStatuses([sync("prod", 9, {}), sync("prod", 2, "failed")])).toEqual({
      "ENV-DRIFT-01": "unknown",
      "ENV-DRIFT-02": "unknown",
    });
    expect(driftStatuses([sync("prod", 2, "failed"), sync("staging", 2, { missing_resource: 1 })])).toEqual({
      "ENV-DRIFT-01": "unknown",
      "ENV-DRIFT-02": "fail",
    });
  });

  it("replaces what runs recorded for a drift control (a rule never evidences drift)", () => {
    const runRows: ControlEvidence[] = [
      { controlCode: "ENV-DRIFT-01", passes: 4, failures: 0, evidence: "succeeded", runId: "run-1" },
    ];
    expect(controlEvidence(runRows, { imageScans: [], environmentSyncs: [] }, NOW)).toEqual([]);
  });
});
