// The evidence export as a PDF for people: summary, controls, findings, the audit log, the chain's
// status, the signed checkpoint and the key's fingerprint. The JSON export stays the form a machine verifies.
import { plural } from "@rampart/contracts/words";
import type { EvidenceReport } from "../evidence-report.ts";
import { createPdfLayout } from "./pdf-layout.ts";

const ARTIFACT_LABELS: Record<string, string> = {
  run: "Policy runs",
  finding: "Finding batches",
  fix_pr: "Fix pull requests",
  evidence_export: "Evidence exports",
  attestation: "Attestations",
  provenance: "Provenance",
};

export async function renderEvidenceReportPdf(report: EvidenceReport): Promise<Uint8Array> {
  const { summary, chain, checkpoint } = report;
  const layout = await createPdfLayout({
    title: `Evidence report ${report.tenant.name} ${report.period.from} to ${report.period.to}`,
    footer: `Rampart evidence report - ${report.tenant.name} - ${report.period.from} to ${report.period.to}`,
  });

  layout.title("Evidence Report", report.tenant.name);
  layout.keyValues([
    ["Organization", report.tenant.name],
    ["Period", `${report.period.from} to ${report.period.to} (UTC, end day included)`],
    ["Generated at", report.generatedAt],
  ]);
  layout.paragraph(
    "This report is a readable summary. The machine-verifiable form is the JSON export of the same " +
      "period: check it offline with `rampart verify <export.json> --key <public-key.pem>`, using " +
      "the public key whose fingerprint is printed below.",
    { muted: true },
  );

  layout.heading("Summary");
  layout.keyValues([
    [
      "Policy runs in period",
      `${summary.runs} (${summary.passedRuns} passed, ${summary.failedRuns} failed, ` +
        `${summary.runs - summary.passedRuns - summary.failedRuns} skipped)`,
    ],
    ["Repositories scanned", String(summary.repositories)],
    ["Open findings", `${summary.openFindings} (in each repository's latest run of the period)`],
    ["Findings fixed in period", String(summary.fixedFindings)],
  ]);
  layout.table(
    [
      { header: "Evidence artifacts added in period", width: 0.7 },
      { header: "Count", width: 0.3 },
    ],
    summary.artifactsByType.map(({ type, count }) => [ARTIFACT_LABELS[type] ?? type, String(count)]),
  );

  layout.heading("Control results");
  if (summary.repositories === 0) {
    layout.paragraph("No policy run was recorded in this period, so no control was evaluated.");
  } else {
    layout.paragraph("From each repository's latest run in the period.", { muted: true });
    layout.table(
      [
        { header: "Control", width: 0.16, font: "mono" },
        { header: "Title", width: 0.6 },
        { header: "Status", width: 0.14 },
        { header: "Failures", width: 0.1 },
      ],
      report.controls.map((control) => [
        control.code,
        control.title,
        control.status,
        String(control.failures),
      ]),
    );
  }

  layout.heading("Open findings");
  if (report.findings.length === 0) {
    layout.paragraph("No open findings in the period's latest runs.");
  } else {
    layout.table(
      [
        { header: "Severity", width: 0.09 },
        { header: "Rule", width: 0.25 },
        { header: "Location", width: 0.3 },
        { header: "Message", width: 0.36 },
      ],
      report.findings.map((finding) => [
        finding.severity,
        finding.ruleId,
        `${finding.repo}: ${finding.location}`,
        finding.message,
      ]),
    );
    const more = summary.openFindings - report.findings.length;
    if (more > 0) {
      layout.paragraph(
        `${plural(more, "more open finding is", "more open findings are")} not listed here (most severe first); ` +
          "see the Findings pages or the API.",
        { muted: true },
      );
    }
  }

  layout.heading("Audit log");
  const { auditLog } = report;
  if (auditLog === null) {
    layout.paragraph(
      "Not included: the audit log is exported to admins, and to auditors while auditor access is on.",
      { muted: true },
    );
  } else {
    layout.keyValues([
      [
        "Entries in period",
        auditLog.total === auditLog.exported
          ? String(auditLog.total)
          : `${auditLog.total} (the export carries the first ${auditLog.exported})`,
      ],
      [
        "Results",
        `${auditLog.byResult.success} succeeded, ${auditLog.byResult.denied} denied, ${auditLog.byResult.failed} failed`,
      ],
    ]);
    layout.keyValues([["Audit log hash (signed)", auditLog.hash]], "mono");
    if (auditLog.entries.length === 0) {
      layout.paragraph("No audited action was recorded in this period.");
    } else {
      layout.table(
        [
          { header: "Time (UTC)", width: 0.2, font: "mono" },
          { header: "Actor", width: 0.22 },
          { header: "Action", width: 0.22 },
          { header: "Result", width: 0.12 },
          { header: "Client", width: 0.24, font: "mono" },
        ],
        auditLog.entries.map((entry) => [
          entry.createdAt.replace("T", " ").replace(/\.\d{3}Z$/, ""),
          entry.actor.email ?? "-",
          entry.target ? `${entry.action} ${entry.target.slice(0, 8)}` : entry.action,
          `${entry.result} (${entry.statusCode})`,
          entry.clientAddress,
        ]),
      );
      const more = auditLog.exported - auditLog.entries.length;
      if (more > 0) {
        layout.paragraph(
          `The ${auditLog.entries.length} newest entries are listed; the JSON export carries all ${auditLog.exported}.`,
          { muted: true },
        );
      }
    }
  }

  layout.heading("Chain status");
  layout.keyValues(
    [
      [
        "Last verification",
        chain.lastVerifiedAt === null
          ? "not verified yet"
          : `${chain.isValid ? "valid" : "BROKEN"} at ${chain.lastVerifiedAt}`,
      ],
      ...(chain.failure
        ? [["First broken entry", `#${chain.failure.index}: ${chain.failure.reason}`] as const]
        : []),
      ["Runs in the chain", String(chain.totalRuns)],
      ["Entries in the chain", String(chain.chainLength)],
      ["Head hash", chain.lastHash ?? "(empty chain)"],
      ["Entries in this export", `${report.exported.entries} (up to the end of ${report.period.to})`],
      ["Export head hash", report.exported.head ?? "(empty chain)"],
    ],
    "mono",
  );

  layout.heading("Signed checkpoint");
  layout.keyValues(
    [
      ["Origin", checkpoint.origin],
      ["Tree size", String(checkpoint.treeSize)],
      ["Root hash", checkpoint.rootHash],
      ["Timestamp", checkpoint.timestamp],
    ],
    "mono",
  );
  layout.paragraph("The signed note (C2SP tlog-checkpoint), signature on the last line:", { muted: true });
  layout.paragraph(checkpoint.note.trimEnd(), { font: "mono", size: 8 });

  layout.heading("Signing key");
  layout.keyValues(
    [
      ["Algorithm", report.publicKey.algorithm],
      ["Fingerprint (SHA-256)", report.publicKey.fingerprint],
    ],
    "mono",
  );
  layout.paragraph(
    "Compare the fingerprint with the one published at /api/evidence/public-key before trusting " +
      "this report's checkpoint.",
    { muted: true },
  );

  return layout.save();
}
