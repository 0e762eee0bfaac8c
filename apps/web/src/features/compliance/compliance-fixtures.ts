// Builders of compliance API answers for the page tests, shaped by @rampart/contracts.
import type { EvidenceRequest, EvidenceSubmission } from "@rampart/contracts/evidence-requests";
import type { PolicyDetail, PolicySummary } from "@rampart/contracts/policies";
import { TENANT_ID, uuid } from "../../test/fixtures";
import { TEST_USER, testTenant } from "../../test/render";

export const ADMIN = { id: TEST_USER.id, email: TEST_USER.email };
export const MEMBER = { id: "6f9619ff-8b86-4d01-b42d-00cf4fc96400", email: "grace@example.com" };

/** The session and tenant answers every page needs, with the caller in `role`. */
export function sessionRoutes(role: "admin" | "member" | "auditor") {
  const tenant = testTenant({ id: TENANT_ID, name: "Acme Corp", role, auditorAccessEnabled: true });
  return {
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [tenant] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: tenant },
    [`GET /api/tenants/${TENANT_ID}/evidence-reminders`]: { body: { overdue: [], atRisk: [] } },
  };
}

export function testEvidenceRequest(overrides: Partial<EvidenceRequest> = {}): EvidenceRequest {
  return {
    id: uuid(),
    controlCode: "ORG-ACCESS-01",
    controlTitle: "Access is reviewed",
    evidenceKey: "access-review",
    title: "Quarterly access review",
    description: "Who has access to production, reviewed by the owner.",
    kind: "document",
    record: null,
    cadence: "quarterly",
    source: "control",
    state: "missing",
    overdue: false,
    atRisk: false,
    owner: null,
    requestedBy: null,
    periodStart: "2026-10-01T00:00:00.000Z",
    periodEnd: "2026-12-31T23:59:59.999Z",
    dueAt: "2026-12-31T23:59:59.999Z",
    validUntil: null,
    rejectReason: null,
    commentCount: 0,
    createdAt: "2026-10-01T00:00:00.000Z",
    ...overrides,
  };
}

export function testSubmission(overrides: Partial<EvidenceSubmission> = {}): EvidenceSubmission {
  return {
    id: uuid(),
    fileName: "access-review.pdf",
    contentType: "application/pdf",
    sizeBytes: 2048,
    sha256: "ab".repeat(32),
    note: "",
    ledgerIndex: 4,
    submittedBy: MEMBER,
    submittedAt: "2026-11-02T10:00:00.000Z",
    review: "pending",
    reviewedBy: null,
    reviewedAt: null,
    rejectReason: null,
    ...overrides,
  };
}

export function testPolicy(overrides: Partial<PolicySummary> = {}): PolicySummary {
  return {
    id: uuid(),
    key: "access-control",
    title: "Access Control Policy",
    templateKey: "access-control",
    controlCodes: ["ORG-POLICY-ACCESS"],
    owner: null,
    currentVersion: null,
    latestVersion: 1,
    acknowledged: 0,
    members: 2,
    acknowledgedByMe: false,
    createdAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}

export function testPolicyDetail(policy: PolicySummary, approved: boolean): PolicyDetail {
  return {
    policy,
    versions: [
      {
        id: uuid(),
        version: 1,
        body: "# Access Control\n\nAccess is granted by **least privilege**.\n\n<script>alert(1)</script>",
        sha256: "cd".repeat(32),
        createdBy: ADMIN,
        createdAt: "2026-11-01T00:00:00.000Z",
        approvedBy: approved ? ADMIN : null,
        approvedAt: approved ? "2026-11-01T01:00:00.000Z" : null,
        acknowledgedCount: 0,
      },
    ],
    acknowledgements: [],
  };
}
