// What a demo organization's compliance programme looks like when it opens: a company part way to
// SOC 2, with most policies in force, most evidence accepted, some of it under review or sent back,
// and the rest still to collect. demo-compliance.ts carries it out through the real services.
import path from "node:path";

/** The bundled files evidence requests are answered with (see its README). */
export const DEMO_EVIDENCE_DIR = path.resolve(import.meta.dirname, "../../../../samples/compliance-evidence");

export const DEMO_POLICIES = {
  /** Adopted but not approved: its approval waits on a process the company has not agreed yet. */
  drafts: ["vendor-management"],
  /** Approved, left for the user to acknowledge themselves. */
  unacknowledged: ["acceptable-use"],
} as const;

/** How one control evidence request is answered; a spec not listed stays missing. */
export type EvidenceOutcome =
  | { readonly outcome: "accepted"; readonly file: string }
  | { readonly outcome: "record" }
  | { readonly outcome: "pending"; readonly file: string }
  | { readonly outcome: "rejected"; readonly file: string; readonly reason: string };

export interface PlannedEvidence {
  readonly controlCode: string;
  readonly evidenceKey: string;
  readonly answer: EvidenceOutcome;
}

const accepted = (file: string): EvidenceOutcome => ({ outcome: "accepted", file });
const record: EvidenceOutcome = { outcome: "record" };

export const DEMO_EVIDENCE: readonly PlannedEvidence[] = [
  {
    controlCode: "ORG-GOV-01",
    evidenceKey: "policy-set-approval",
    answer: accepted("policy-set-approval.md"),
  },
  { controlCode: "ORG-GOV-02", evidenceKey: "oversight-minutes", answer: accepted("oversight-minutes.md") },
  { controlCode: "ORG-GOV-03", evidenceKey: "organization-chart", answer: accepted("organization-chart.md") },
  { controlCode: "ORG-GOV-03", evidenceKey: "role-descriptions", answer: accepted("role-descriptions.md") },
  { controlCode: "ORG-HR-01", evidenceKey: "code-of-conduct", answer: accepted("code-of-conduct.md") },
  { controlCode: "ORG-HR-02", evidenceKey: "screening-log", answer: accepted("screening-log.csv") },
  { controlCode: "ORG-HR-03", evidenceKey: "onboarding-tickets", answer: accepted("onboarding-tickets.csv") },
  {
    controlCode: "ORG-HR-03",
    evidenceKey: "signed-confidentiality",
    answer: accepted("signed-confidentiality.txt"),
  },
  {
    controlCode: "ORG-HR-04",
    evidenceKey: "offboarding-checklists",
    answer: accepted("offboarding-checklists.csv"),
  },
  {
    controlCode: "ORG-TRN-01",
    evidenceKey: "training-completion",
    answer: accepted("training-completion.csv"),
  },
  { controlCode: "ORG-ACC-01", evidenceKey: "rampart-access-review", answer: record },
  {
    controlCode: "ORG-ACC-01",
    evidenceKey: "production-access-review",
    answer: accepted("production-access-review.csv"),
  },
  {
    controlCode: "ORG-ACC-02",
    evidenceKey: "provider-attestation-review",
    answer: accepted("provider-attestation-review.md"),
  },
  {
    controlCode: "ORG-ACC-02",
    evidenceKey: "office-access-list",
    answer: accepted("office-access-list.csv"),
  },
  { controlCode: "ORG-AST-01", evidenceKey: "asset-inventory", answer: accepted("asset-inventory.csv") },
  { controlCode: "ORG-AST-02", evidenceKey: "disposal-records", answer: accepted("disposal-records.csv") },
  { controlCode: "ORG-RSK-01", evidenceKey: "risk-assessment", answer: accepted("risk-assessment.md") },
  { controlCode: "ORG-VEN-01", evidenceKey: "vendor-inventory", answer: accepted("vendor-inventory.csv") },
  {
    controlCode: "ORG-IR-01",
    evidenceKey: "incident-response-plan",
    answer: accepted("incident-response-plan.md"),
  },
  { controlCode: "ORG-IR-01", evidenceKey: "incident-log", answer: accepted("incident-log.csv") },
  { controlCode: "ORG-IR-02", evidenceKey: "incident-exercise", answer: accepted("incident-exercise.md") },
  { controlCode: "ORG-BCP-01", evidenceKey: "continuity-plan", answer: accepted("continuity-plan.md") },
  { controlCode: "ORG-BCP-01", evidenceKey: "recovery-test", answer: accepted("recovery-test.md") },
  { controlCode: "ORG-BCP-02", evidenceKey: "restore-test", answer: accepted("restore-test.md") },
  { controlCode: "ORG-CHG-01", evidenceKey: "change-history", answer: record },
  { controlCode: "ORG-CHG-01", evidenceKey: "emergency-changes", answer: accepted("emergency-changes.csv") },
  {
    controlCode: "ORG-SDL-01",
    evidenceKey: "secure-development-standard",
    answer: accepted("secure-development-standard.md"),
  },
  {
    controlCode: "ORG-SDL-01",
    evidenceKey: "threat-models",
    answer: {
      outcome: "rejected",
      file: "threat-models.md",
      reason: "Covers only the API service; the web app and the workers need threat models too",
    },
  },
  { controlCode: "ORG-LOG-01", evidenceKey: "audit-log-review", answer: record },
  { controlCode: "ORG-VUL-01", evidenceKey: "sla-report", answer: record },
  {
    controlCode: "ORG-VUL-01",
    evidenceKey: "penetration-test",
    answer: { outcome: "pending", file: "penetration-test.md" },
  },
];

/** A request the team made for itself, with the first message of its thread. */
export const DEMO_AD_HOC_REQUEST = {
  controlCode: "ORG-VEN-01",
  title: "Signed data processing agreement with Zendesk",
  description: "The vendor inventory lists the Zendesk DPA as pending; attach the countersigned copy.",
  dueInDays: 14,
  comment: "Legal has sent it for signature; the countersigned copy should be back next week.",
} as const;

/** Media types of the bundled files, by extension. */
export const EVIDENCE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".txt": "text/plain",
};
