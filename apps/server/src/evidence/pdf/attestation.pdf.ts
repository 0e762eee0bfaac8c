// A compliance attestation bundle as a PDF for people: the signed statement in readable form and
// the envelope's signature. The JSON bundle (the DSSE envelope) is what a verifier checks.
import type { attestations } from "@rampart/db/schema";
import type { CompliancePredicate, DsseEnvelope, Statement } from "@rampart/ledger";
import { getControl, getFramework } from "@rampart/policy";
import { createPdfLayout } from "./pdf-layout.ts";

type AttestationRow = typeof attestations.$inferSelect;

const STATUS_LABELS = { pass: "pass", fail: "fail", "not-evaluated": "not evaluated" } as const;

export async function renderAttestationPdf(input: {
  row: AttestationRow;
  tenantName: string;
}): Promise<Uint8Array> {
  const { row, tenantName } = input;
  // Both were written by AttestationsService.generate: the statement it signed, the envelope it made.
  const statement = row.statement as Statement<CompliancePredicate>;
  const envelope = row.envelope as DsseEnvelope;
  const { predicate } = statement;

  const layout = await createPdfLayout({
    title: `Compliance attestation ${row.id}`,
    footer: `Rampart compliance attestation ${row.id.slice(0, 8)} - ${tenantName}`,
  });
  layout.title("Compliance Attestation", tenantName);
  layout.keyValues([
    ["Organization", `${tenantName} (${predicate.tenant.id})`],
    ["Period", `${predicate.period.start} to ${predicate.period.end}`],
    ["Generated at", predicate.generatedAt],
    ["Trigger", row.trigger === "schedule" ? "weekly schedule" : "generated on demand"],
    ["Attestation id", row.id],
  ]);
  layout.paragraph(
    "This is a readable rendering of a signed in-toto Statement. The JSON bundle of this attestation " +
      "(a DSSE envelope) is the form to verify, with the instance's public key.",
    { muted: true },
  );

  layout.heading("Framework scores");
  layout.table(
    [
      { header: "Framework", width: 0.4 },
      { header: "Score", width: 0.15 },
      { header: "Passed", width: 0.15 },
      { header: "Failed", width: 0.15 },
      { header: "Untested", width: 0.15 },
    ],
    predicate.frameworks.map((framework) => [
      getFramework(framework.framework)?.name ?? framework.framework,
      `${framework.score}%`,
      String(framework.passed),
      String(framework.failed),
      String(framework.untested),
    ]),
  );

  layout.heading("Control results");
  layout.table(
    [
      { header: "Control", width: 0.16, font: "mono" },
      { header: "Title", width: 0.5 },
      { header: "Status", width: 0.14 },
      { header: "Passes", width: 0.1 },
      { header: "Failures", width: 0.1 },
    ],
    predicate.controls.map((control) => [
      control.control,
      getControl(control.control)?.title ?? "",
      STATUS_LABELS[control.status],
      String(control.passes ?? 0),
      String(control.failures ?? 0),
    ]),
  );

  layout.heading("Evidence ledger");
  layout.keyValues(
    [
      ["Tree size", String(predicate.ledger.treeSize)],
      ["Head hash", predicate.ledger.head],
      ["Merkle root", predicate.ledger.rootHash],
    ],
    "mono",
  );

  layout.heading("Signature");
  layout.keyValues(
    [
      ["Statement type", statement._type],
      ["Predicate type", statement.predicateType],
      ["Payload type", envelope.payloadType],
      ...envelope.signatures.flatMap((signature, i) => [
        [`Key id${envelope.signatures.length > 1 ? ` ${i + 1}` : ""}`, signature.keyid ?? "(none)"] as const,
        [`Signature${envelope.signatures.length > 1 ? ` ${i + 1}` : ""}`, signature.sig] as const,
      ]),
      ["Bundle hash", row.bundleHash],
      ...(row.blockchainAnchor ? [["Blockchain anchor", row.blockchainAnchor] as const] : []),
    ],
    "mono",
  );
  layout.paragraph(
    "The key id is the SHA-256 fingerprint of the signing key; the bundle hash is the SHA-256 of " +
      "the envelope's canonical JSON.",
    { muted: true },
  );

  return layout.save();
}
