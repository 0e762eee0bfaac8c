import { describe, expect, it } from "vitest";
import type { RawFinding } from "./finding.ts";
import { SharedStrings } from "./shared-strings.ts";

const finding: RawFinding = {
  ruleId: "example/hardcoded-password",
  analyzer: "example",
  severity: "high",
  confidence: "medium",
  message: "password in a.conf",
  location: { path: "a.conf", line: 1, column: 1, snippet: "db.password = hunter2" },
  related: [{ location: { path: "b.conf", line: 2, column: 3, snippet: "x" }, message: "set here" }],
  fix: { description: "remove it", path: "a.conf", edits: [{ start: 0, end: 5, text: "" }] },
  fingerprint: "f1",
  properties: { category: "password" },
};

describe("SharedStrings", () => {
  it("gives back the first copy of a string it has seen", () => {
    const strings = new SharedStrings();
    expect(strings.share("a.conf")).toBe("a.conf");
    expect(strings.share(["a", "conf"].join("."))).toBe("a.conf");
  });

  it("leaves the findings of several batches (structured clones) as they were", () => {
    const strings = new SharedStrings();
    const batches = [structuredClone([finding, finding]), structuredClone([finding])];
    for (const batch of batches) strings.shareFindings(batch);
    expect(batches.flat()).toEqual([finding, finding, finding]);
  });
});
