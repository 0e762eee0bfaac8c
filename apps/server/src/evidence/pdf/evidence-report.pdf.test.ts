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
      totalRuns: 4,
      chainLength: 9,
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
    auditLog: null,
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

  it("lists the audit log's newest entries with its signed hash, or says why it is not included", async () => {
    const entry = (n: number) => ({
      createdAt: `2026-01-02T10:00:${String(n).padStart(2, "0")}.000Z`,
      actor: { userId: null, email: `user${n}@example.com` },
      action: n === 1 ? "auth.sign-in" : "repository.create",
      target: n === 1 ? null : "0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4",
      result: n === 1 ? ("denied" as const) : ("success" as const),
      statusCode: n === 1 ? 401 : 201,
      clientAddress: "203.0.113.9",
    });
    const { lines } = await pdfText(
      await renderEvidenceReportPdf(
        report({
          auditLog: {
            total: 12_000,
            exported: 10_000,
            hash: "d".repeat(64),
            byResult: { success: 9_000, denied: 999, failed: 1 },
            entries: [entry(2), entry(1)],
          },
        }),
      ),
    );
    const text = lines.join(" ");
    expect(text).toContain("12000 (the export carries the first 10000)");
    expect(text).toContain("9000 succeeded, 999 denied, 1 failed");
    expect(text).toContain("d".repeat(64));
    expect(text).toContain("user1@example.com");
    expect(text).toContain("denied (401)");
    expect(text).toContain("repository.create 0b6f1c2e");
    expect(text).toContain("The 2 newest entries are listed; the JSON export carries all 10000.");

    const hidden = (await pdfText(await renderEvidenceReportPdf(report()))).lines.join(" ");
    expect(hidden).toContain("Not included: the audit log is exported to admins");
  });
});
