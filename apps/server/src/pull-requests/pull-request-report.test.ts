import { unifiedDiff } from "@rampart/engine/fix";
import { describe, expect, it } from "vitest";
import type { ChangedFile } from "../code-host/remote-code-host.ts";
import { buildPullRequestReport, type ReportFinding } from "./pull-request-report.ts";

const finding = (overrides: Partial<ReportFinding> & { fingerprint: string }): ReportFinding => ({
  ruleId: "terraform/public-s3-bucket",
  severity: "high",
  status: "fail",
  waiverId: null,
  controlCode: "IAC-ENC-01",
  message: "Bucket is public",
  filePath: "main.tf",
  line: 3,
  metadata: { ruleTitle: "Public S3 bucket", control: { code: "IAC-ENC-01", title: "Encryption at rest" } },
  ...overrides,
});

const changed = (path: string, added: number[], shown = added): ChangedFile => ({
  path,
  status: "modified",
  addedLines: new Set(added),
  diffLines: new Set(shown),
});

const base = { headSha: "a".repeat(40), compareSha: "b".repeat(40), gate: "high" as const };

describe("buildPullRequestReport", () => {
  it("counts as new only what the base does not have, and fails at the gate", () => {
    const report = buildPullRequestReport({
      ...base,
      head: [
        finding({ fingerprint: "old" }),
        finding({ fingerprint: "new-high", line: 7 }),
        finding({ fingerprint: "new-low", severity: "low", line: 8 }),
      ],
      base: [finding({ fingerprint: "old" }), finding({ fingerprint: "gone", filePath: "b.tf" })],
      changedFiles: [changed("main.tf", [7])],
    });
    expect(report.newFindings.map((f) => f.fingerprint)).toEqual(["new-high", "new-low"]);
    expect(report.fixedFindings.map((f) => f.fingerprint)).toEqual(["gone"]);
    expect(report.conclusion).toBe("failure");
    expect(report.title).toBe("2 new findings: 1 high, 1 low");
    // Only the finding on a changed line is annotated.
    expect(report.annotations).toEqual([
      expect.objectContaining({ path: "main.tf", startLine: 7, endLine: 7, level: "failure" }),
    ]);
    expect(report.comment).toContain("| high | 1 |");
    expect(report.comment).toContain("**Controls affected**: IAC-ENC-01 (Encryption at rest)");
    expect(report.comment).toContain("**Fixed by this pull request**: 1");
  });

  it("passes below the gate, and never counts waived or suppressed findings", () => {
    const report = buildPullRequestReport({
      ...base,
      head: [
        finding({ fingerprint: "low", severity: "med" }),
        finding({ fingerprint: "waived", waiverId: "w1", severity: "critical" }),
        finding({ fingerprint: "suppressed", status: "skip", severity: "critical" }),
      ],
      base: [],
      changedFiles: [],
    });
    expect(report.newFindings.map((f) => f.fingerprint)).toEqual(["low"]);
    expect(report.conclusion).toBe("success");
    expect(
      buildPullRequestReport({ ...base, gate: "med", head: report.newFindings, base: [], changedFiles: [] })
        .conclusion,
    ).toBe("failure");
    expect(
      buildPullRequestReport({
        ...base,
        gate: "none",
        head: [finding({ fingerprint: "c", severity: "critical" })],
        base: [],
        changedFiles: [],
      }).conclusion,
    ).toBe("success");
  });

  it("counts everything as new when the base could not be scanned", () => {
    const report = buildPullRequestReport({
      ...base,
      head: [finding({ fingerprint: "x" })],
      base: null,
      changedFiles: [],
    });
    expect(report.newFindings).toHaveLength(1);
    expect(report.summary).toContain("could not be scanned");
  });

  it("suggests a mechanical fix only on a changed line, within the lines the diff shows", () => {
    const before = 'resource "aws_s3_bucket" "b" {\n  bucket = "b"\n  acl = "public-read"\n}\n';
    const patch = unifiedDiff("main.tf", before, before.replace("public-read", "private"));
    const fixable = finding({
      fingerprint: "fixable",
      metadata: { patch, fixDescription: "Make the bucket private" },
    });
    const onChange = buildPullRequestReport({
      ...base,
      head: [fixable],
      base: [],
      changedFiles: [changed("main.tf", [3], [1, 2, 3, 4])],
    });
    expect(onChange.suggestions).toEqual([
      expect.objectContaining({
        path: "main.tf",
        startLine: 3,
        endLine: 3,
        replacement: '  acl = "private"',
        key: "fixable",
      }),
    ]);
    const notChanged = buildPullRequestReport({
      ...base,
      head: [fixable],
      base: [],
      changedFiles: [changed("main.tf", [1])],
    });
    expect(notChanged.suggestions).toEqual([]);
  });

  it("keeps markdown from the scanned code out of the comment's structure", () => {
    const report = buildPullRequestReport({
      ...base,
      head: [
        finding({ fingerprint: "x", message: "Secret | in <img src=x> [link](http://evil)\n# heading" }),
      ],
      base: [],
      changedFiles: [],
    });
    expect(report.comment).not.toMatch(/(^|[^\\])<img/);
    expect(report.comment).not.toContain("\n# heading");
    expect(report.comment).toContain("\\<img src=x\\>");
  });
});
