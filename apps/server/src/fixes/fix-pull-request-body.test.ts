import { listControls } from "@rampart/policy";
import { describe, expect, it } from "vitest";
import { controlsOf, fixPullRequestBody } from "./fix-pull-request-body.ts";

const plan = {
  body: "Rampart found minimist 1.2.5 in `package.json`, affected by CVE-2021-44906 (severity critical).",
  changes: [
    { path: "package.json", before: "", after: "" },
    { path: "package-lock.json", before: "", after: "" },
  ],
  fixedFingerprints: ["a"],
};
const base = "0123456789abcdef0123456789abcdef01234567";
const checked = { gone: ["a"], remaining: [], introduced: 0, filesScanned: 2 };

describe("fixPullRequestBody", () => {
  it("says the finding, the controls, the change and the re-scan", () => {
    const body = fixPullRequestBody({
      plan,
      controls: [{ code: "CC7.1", title: "Vulnerability management" }],
      baseCommit: base,
      verification: checked,
    });
    expect(body).toBe(
      [
        "### Finding",
        "",
        plan.body,
        "",
        "### Control",
        "",
        "- **CC7.1** Vulnerability management",
        "",
        "### Change",
        "",
        "One commit on top of `0123456789ab`, the commit Rampart scanned, changing 2 files:",
        "",
        "- `package.json`",
        "- `package-lock.json`",
        "",
        "### How it was checked",
        "",
        "Rampart applied this change to the files of `0123456789ab` and scanned them again with the same rules and advisory data (2 files read):",
        "",
        "- ✅ the finding this change fixes is no longer reported",
        "- ✅ no finding the scanned commit did not already have",
      ].join("\n"),
    );
  });

  it("counts several fixed findings, and warns of findings the change brings", () => {
    const body = fixPullRequestBody({
      plan: { ...plan, fixedFingerprints: ["a", "b"] },
      controls: [],
      baseCommit: base,
      verification: { gone: ["a", "b"], remaining: [], introduced: 1, filesScanned: 1 },
    });
    expect(body).toContain("The rule behind this finding evidences no compliance control.");
    expect(body).toContain("- ✅ none of the 2 findings this change fixes is reported any more");
    expect(body).toContain("- ⚠️ 1 finding the scanned commit did not have: review them before merging");
    expect(body).toContain("(1 file read)");
  });
});

describe("controlsOf", () => {
  it("names the known controls of a finding's metadata and skips the rest", () => {
    expect(controlsOf({ controls: ["NOT-A-CONTROL", 7] })).toEqual([]);
    expect(controlsOf(null)).toEqual([]);
    expect(controlsOf({})).toEqual([]);
    const [first, second] = listControls();
    expect(controlsOf({ controls: [second!.code, "NOT-A-CONTROL", first!.code] })).toEqual([
      { code: second!.code, title: second!.title },
      { code: first!.code, title: first!.title },
    ]);
  });
});

describe("a dependency group's body", () => {
  it("opens with the table of upgrades: package, from → to, advisories fixed and controls", () => {
    const body = fixPullRequestBody({
      plan: {
        ...plan,
        upgrades: [
          {
            ecosystem: "npm",
            name: "express",
            filePath: "package-lock.json",
            from: "4.17.1",
            to: "4.20.0",
            advisories: ["CVE-2024-29041", "CVE-2024-43796"],
            controls: [{ code: "CC7.1", title: "Vulnerability management" }],
          },
          {
            ecosystem: "npm",
            name: "we|ird",
            filePath: "package-lock.json",
            from: "1.0.0",
            to: "1.0.1",
            advisories: ["GHSA-x"],
            controls: [],
          },
        ],
      },
      controls: [{ code: "CC7.1", title: "Vulnerability management" }],
      baseCommit: base,
      verification: checked,
    });
    expect(body.split("\n").slice(0, 8)).toEqual([
      "### Upgrades",
      "",
      "Rampart groups the npm dependency fixes of this repository into one pull request: 2 upgrades so far, and each fix asked for while it is open is added to it.",
      "",
      "| Package | From → To | Advisories fixed | Controls |",
      "| --- | --- | --- | --- |",
      "| express (`package-lock.json`) | 4.17.1 → 4.20.0 | CVE-2024-29041, CVE-2024-43796 | CC7.1 |",
      "| we\\|ird (`package-lock.json`) | 1.0.0 → 1.0.1 | GHSA-x | none |",
    ]);
    expect(body).toContain("\n### Findings\n");
  });
});
