import { describe, expect, it } from "vitest";
import { pdfText } from "../../../test/pdf-text.ts";
import type { EvidenceReport } from "../evidence-report.ts";
import { renderEvidenceReportPdf } from "./evidence-report.pdf.ts";

const HASH = "a".repeat(64);

function report(overrides: Partial<EvidenceReport> = {}): EvidenceReport {
  return {
    tenant: { id: "00000000-0000-4000-8000-000000000001", name: "Acme" },
    period: { from: "2026-01-01", to: "2026-01-31" },
    generatedAt: "2026-02-01T00:00:00.000Z",
    summary: {
      runs: 3,
      passedRuns: 1,
      failedRuns: 2,
      repositories: 1,
      openFindings: 205,
      fixedFindings: 4,
      artifactsByType: [{ type: "run", count: 3 }],
    },
    controls: [{ code: "SEC-HC-01", title: "No hard-coded secrets in source", status: "fail", failures: 2 }],
    findings: [
      {
        severity: "critical",
        ruleId: "secrets/aws-access-key",
        location: "src/配置.ts:3",
        message: "AWS key → leaked",
        repo: "api",
      },
    ],
    chain: {
      isValid: false,
      totalRuns: 9,
      lastHash: HASH,
      lastVerifiedAt: "2026-01-31T12:00:00.000Z",
      failure: { index: 4, reason: "content-hash-mismatch" },
    },
    exported: { entries: 9, head: HASH },
    checkpoint: {
      origin: "rampart.test/tenants/x",
      treeSize: 9,
      rootHash: "b".repeat(64),
      timestamp: "2026-02-01T00:00:00Z",
      note: "rampart.test/tenants/x\n9\nroot\n\n— rampart.test/tenants/x c2lnbmF0dXJl\n",
    },
    publicKey: { algorithm: "Ed25519", fingerprint: "c".repeat(64) },
    ...overrides,
  };
}

describe("renderEvidenceReportPdf", () => {
  it("says how many open findings the table leaves out, and shows a broken chain as broken", async () => {
    const { lines } = await pdfText(await renderEvidenceReportPdf(report()));
    expect(lines.join(" ")).toContain("204 more open findings are not listed here");
    expect(lines).toContain("api: src/??.ts:3");
    expect(lines).toContain("AWS key -> leaked");
    expect(lines).toContain("BROKEN at 2026-01-31T12:00:00.000Z");
    expect(lines).toContain("#4: content-hash-mismatch");
  });

  it("has no 'more' line when every open finding is listed", async () => {
    const { lines } = await pdfText(
      await renderEvidenceReportPdf(report({ summary: { ...report().summary, openFindings: 1 } })),
    );
    expect(lines.join(" ")).not.toContain("more open finding");
  });
});
