// Each control is evidenced only by what tests it: image-scan controls by the tenant's images,
// never by repository rules. CTR-VUL-01 "Container images have no known vulnerabilities" passed
// at 100 % on Dockerfile hygiene rules while the tenant's images had critical CVEs (issue 17).
import { ruleById } from "@rampart/engine";
import { assertRulesReferenceKnownControls, controlsEvidencedBy } from "@rampart/policy";
import { describe, expect, it } from "vitest";
import {
  type ControlEvidence,
  controlEvidence,
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
    expect(controlEvidence(runRows, [], NOW)).toEqual([runRows[1]]);
    expect(
      controlEvidence(runRows, [image({ id: "a", imageRef: "app:1", vulnerabilities: 2 })], NOW),
    ).toEqual([
      runRows[1],
      { controlCode: "CTR-VUL-01", passes: 0, failures: 2, evidence: "succeeded", runId: null },
    ]);
  });
});
