// Every route of the API, read from the API's own OpenAPI document, is called by a user of
// another tenant with the owner's ids. A read must answer 404 while the owner gets 200 on the same
// URL (so the probe really names the owner's data); a write must answer 404 with a body the owner
// could send, and leave the owner's data as it was. Inside the tenant, a write answers 403 to a
// read-only auditor and an admin's write 403 to a member; an auditor reads only the tenant's own
// record while auditor access is off, and with it on only the REPORTS, never with code snippets. A
// new route fails here until it gets its ids in READS or WRITES (and, for a GET, its place in
// REPORTS or WORKING_DATA), or is listed in NOT_ONE_TENANTS_DATA with the reason.
import { rmSync } from "node:fs";
import { chatMessages, conversations, memberships } from "@rampart/db/schema";
import { exportPublicKeyPem, generateKeyPair } from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext, withoutMembershipChecks } from "../../test/harness.ts";
import { signedProvenance } from "../../test/provenance.ts";
import { emptyReport } from "../../test/scan-report.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
/** An API token of the stranger's own tenant, for the routes CI calls with one. */
let strangerToken: string;
const ids = {
  run: "",
  scan: "",
  attestation: "",
  provenance: "",
  control: "",
  finding: "",
  repository: "",
  waiver: "",
  member: "",
  invitation: "",
  apiToken: "",
  environment: "",
  otherEnvironment: "",
  conversation: "OwnersConversation_01",
  evidenceRequest: "",
  evidenceSubmission: "",
  policy: "",
  framework: "",
};

/** Routes that do not address one tenant's data by id, and why. */
const NOT_ONE_TENANTS_DATA: Record<string, string> = {
  "GET /api/auth/me": "the caller's own user",
  "POST /api/auth/login": "signs in",
  "POST /api/auth/logout": "signs out",
  "POST /api/auth/register": "creates a user and their own tenant",
  "GET /api/tenants": "the caller's own tenants",
  "POST /api/tenants": "creates a tenant the caller administers",
  "GET /api/demo/tenant-id":
    "the caller's own demo organization (demo-copy.int.test.ts: another user gets 404 on it)",
  "POST /api/demo/seed": "creates the caller's own demo organization (demo-copy.int.test.ts)",
  "GET /api/evidence/public-key": "the instance's public signing key",
  "GET /api/frameworks": "the public framework catalogue",
  "GET /api/system/info": "instance health; schedules filtered to the caller's tenants (system.int.test.ts)",
  "GET /api/system/jobs": "filtered to the caller's tenants (system.int.test.ts)",
  "GET /api/invitations/{token}": "addressed by its secret token, not by tenant (members.int.test.ts)",
  "POST /api/invitations/{token}/accept": "addressed by its secret token, for the invited e-mail only",
  "POST /api/invitations/{token}/register": "addressed by its secret token, for the invited e-mail only",
  "GET /api/github/app": "whether the instance has its GitHub App (no secrets)",
  "POST /api/github/app/manifest":
    "the instance's GitHub App, for instance admins only (github-app.int.test.ts)",
  "GET /api/github/app/manifest/callback":
    "GitHub's browser callback, bound to the caller by its signed state (github-app.int.test.ts)",
  "GET /api/github/setup":
    "GitHub's setup callback: its tenant comes from a signed state bound to the caller, and the installation must be the caller's on GitHub (github-app.int.test.ts)",
  "POST /api/github/webhooks":
    "GitHub's deliveries, authenticated by their signature and routed by installation, not by a user (webhooks.int.test.ts)",
  "GET /api/policy-templates": "the product's starter policy templates, the same for everyone",
  "GET /api/policy-templates/{templateKey}": "one of the product's starter policy templates",
};

/** The tenant's own record (its name): the one thing an auditor reads while auditor access is off. */
const TENANT_RECORD = "GET /api/tenants/{tenantId}";

/** What an auditor reads while auditor access is on: evidence and compliance reports, no code. */
const REPORTS: Record<string, string> = {
  "GET /api/tenants/{tenantId}/summary": "the posture summary (without fix pull requests for auditors)",
  "GET /api/tenants/{tenantId}/controls": "control status",
  "GET /api/tenants/{tenantId}/risks": "risks by family, counts only",
  "GET /api/tenants/{tenantId}/risk-heatmap": "counts by family and severity",
  "GET /api/compliance/{frameworkId}": "framework compliance",
  "GET /api/tenants/{tenantId}/evidence": "the evidence ledger",
  "GET /api/tenants/{tenantId}/narratives/evidence": "the evidence page's summary",
  "GET /api/tenants/{tenantId}/narratives/compliance": "the compliance page's summary",
  "GET /api/tenants/{tenantId}/evidence/export": "the evidence export",
  "GET /api/tenants/{tenantId}/audit-package":
    "the signed audit package: accepted evidence, policies, control matrix, ledger export",
  "GET /api/tenants/{tenantId}/attestations": "signed compliance attestations",
  "GET /api/attest/bundle/{id}": "an attestation bundle",
  "GET /api/tenants/{tenantId}/provenance": "build provenance",
  "GET /api/provenance/{id}": "a provenance document",
  "GET /api/tenants/{tenantId}/waivers": "risk acceptances: rule, path, reason, author",
  "GET /api/tenants/{tenantId}/vex": "VEX documents: exploitability statements, no code",
  "GET /api/tenants/{tenantId}/audit-log": "who did what and when (admins, and auditors while access is on)",
  "GET /api/tenants/{tenantId}/evidence-requests": "what evidence controls need, its state and owners",
  "GET /api/tenants/{tenantId}/evidence-requests/{requestId}":
    "a request with its thread and, for auditors, its accepted files",
  "GET /api/tenants/{tenantId}/evidence-requests/{requestId}/comments": "the auditor's thread",
  "GET /api/tenants/{tenantId}/evidence-requests/{requestId}/submissions/{submissionId}/file":
    "an evidence file (auditors: accepted files only)",
  "GET /api/tenants/{tenantId}/evidence-reminders": "the caller's overdue and at-risk evidence",
  "GET /api/tenants/{tenantId}/audit-samples": "an auditor's samples: labels and dates of the items drawn",
  "GET /api/tenants/{tenantId}/policies": "policies with their approval and acknowledgement state",
  "GET /api/tenants/{tenantId}/policies/{policyId}": "a policy's versions and acknowledgements",
  "GET /api/tenants/{tenantId}/frameworks": "the frameworks the tenant reports against",
  "GET /api/tenants/{tenantId}/frameworks/{frameworkId}": "a custom framework's requirements and mapping",
};

/** Working data that holds code or leads to it: never an auditor's. */
const WORKING_DATA: Record<string, string> = {
  "GET /api/tenants/{tenantId}/runs": "runs and their findings",
  "GET /api/tenants/{tenantId}/narratives/runs": "the runs page's summary (counts of runs by repository)",
  "GET /api/runs/{id}": "a run's findings with snippets",
  "GET /api/scans/{scanId}": "scan progress of a run",
  "GET /api/controls/{controlId}/findings": "findings with file, line and message",
  "GET /api/tenants/{tenantId}/repositories": "repository locations and schedules",
  "GET /api/tenants/{tenantId}/sast": "SAST findings with snippets",
  "GET /api/tenants/{tenantId}/sca": "dependency findings",
  "GET /api/tenants/{tenantId}/sbom": "the dependency inventory",
  "GET /api/tenants/{tenantId}/containers": "container findings",
  "GET /api/tenants/{tenantId}/images": "uploaded images",
  "GET /api/tenants/{tenantId}/pr-suggestions": "fix pull requests with patches",
  "GET /api/prs/active": "fix pull requests with patches",
  "GET /api/tenants/{tenantId}/members": "who works on the tenant",
  "GET /api/tenants/{tenantId}/invitations": "admins only",
  "GET /api/tenants/{tenantId}/api-tokens": "admins only: who may upload runs",
  "GET /api/tenants/{tenantId}/environments": "environments with their repositories and state sources",
  "GET /api/env/{envId}/drift": "drifted resources with their declared and running values",
  "GET /api/env/{envId}/compare": "configuration values of two environments",
  "GET /api/tenants/{tenantId}/conversations": "the caller's advisor conversations about working data",
  "GET /api/tenants/{tenantId}/conversations/{conversationId}": "answers quoting findings and code",
  "GET /api/tenants/{tenantId}/advisor/suggestions": "questions drawn from the findings",
};

/**
 * URLs of the GET routes whose path or required query holds more than the tenant id, or whose
 * later pages must be refused too.
 */
const READS: Record<string, () => string> = {
  "/api/tenants/{tenantId}/risks": () => `/api/tenants/${owner.tenantId}/risks?limit=2&offset=1`,
  "/api/runs/{id}": () => `/api/runs/${ids.run}`,
  "/api/scans/{scanId}": () => `/api/scans/${ids.scan}`,
  "/api/attest/bundle/{id}": () => `/api/attest/bundle/${ids.attestation}`,
  "/api/provenance/{id}": () => `/api/provenance/${ids.provenance}`,
  "/api/compliance/{frameworkId}": () => `/api/compliance/soc2?tenantId=${owner.tenantId}`,
  "/api/tenants/{tenantId}/narratives/compliance": () =>
    `/api/tenants/${owner.tenantId}/narratives/compliance?frameworkId=soc2`,
  "/api/controls/{controlId}/findings": () =>
    `/api/controls/${ids.control}/findings?tenantId=${owner.tenantId}`,
  "/api/tenants/{tenantId}/evidence/export": () =>
    `/api/tenants/${owner.tenantId}/evidence/export?from=2026-01-01&to=2026-12-31`,
  "/api/tenants/{tenantId}/audit-package": () =>
    `/api/tenants/${owner.tenantId}/audit-package?framework=soc2`,
  "/api/env/{envId}/drift": () => `/api/env/${ids.environment}/drift`,
  "/api/env/{envId}/compare": () => `/api/env/${ids.environment}/compare`,
  "/api/tenants/{tenantId}/conversations/{conversationId}": () =>
    `/api/tenants/${owner.tenantId}/conversations/${ids.conversation}`,
  "/api/tenants/{tenantId}/evidence-requests/{requestId}": () =>
    `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}`,
  "/api/tenants/{tenantId}/evidence-requests/{requestId}/comments": () =>
    `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/comments`,
  "/api/tenants/{tenantId}/evidence-requests/{requestId}/submissions/{submissionId}/file": () =>
    `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/submissions/${ids.evidenceSubmission}/file`,
  "/api/tenants/{tenantId}/policies/{policyId}": () =>
    `/api/tenants/${owner.tenantId}/policies/${ids.policy}`,
  "/api/tenants/{tenantId}/frameworks/{frameworkId}": () =>
    `/api/tenants/${owner.tenantId}/frameworks/${ids.framework}`,
};

const builder = generateKeyPair();
const builderProvenance = await signedProvenance(builder.privateKey);
const provenanceEnvelope = () => ({ dsseEnvelope: builderProvenance });
const vexDocument = (id: string) => ({
  "@context": "https://openvex.dev/ns/v0.2.0",
  "@id": `https://example.test/vex/${id}`,
  author: "vendor@example.test",
  timestamp: "2026-01-01T00:00:00Z",
  version: 1,
  statements: [
    { vulnerability: { name: "CVE-2021-44906" }, products: [{ "@id": "pkg:npm/minimist" }], status: "fixed" },
  ],
});

/** Writes every member may make, auditors too: they change only the caller's own membership. */
const OWN_MEMBERSHIP = ["POST /api/tenants/{tenantId}/leave"];

/** Writes only an admin of the tenant may make. */
const ADMIN_ONLY = [
  "DELETE /api/tenants/{tenantId}",
  "POST /api/tenants/{tenantId}/erase",
  "PATCH /api/tenants/{tenantId}/members/{userId}",
  "DELETE /api/tenants/{tenantId}/members/{userId}",
  "POST /api/tenants/{tenantId}/invitations",
  "DELETE /api/tenants/{tenantId}/invitations/{invitationId}",
  "PATCH /api/tenants/{tenantId}/settings",
  "PATCH /api/tenants/{tenantId}/auditor-access",
  "POST /api/tenants/{tenantId}/trusted-keys",
  "POST /api/tenants/{tenantId}/api-tokens",
  "DELETE /api/tenants/{tenantId}/api-tokens/{tokenId}",
  "POST /api/tenants/{tenantId}/github/install-link",
  "POST /api/tenants/{tenantId}/evidence-requests/{requestId}/submissions/{submissionId}/review",
  "POST /api/tenants/{tenantId}/audit-samples",
  "POST /api/tenants/{tenantId}/policies/{policyId}/versions/{version}/approve",
  "POST /api/tenants/{tenantId}/frameworks",
  "DELETE /api/tenants/{tenantId}/frameworks/{frameworkId}",
  "PUT /api/tenants/{tenantId}/frameworks/{frameworkId}/requirements/{requirementId}/controls",
];

interface Write {
  url: string;
  payload?: object | Buffer;
  contentType?: string;
  /** Sent with an API token of the caller's own tenant instead of a session (CI's routes). */
  withToken?: boolean;
}

/** Every write route, with what the owner could send to it. */
const WRITES: Record<string, () => Write> = {
  "POST /api/explain/finding": () => ({ url: "/api/explain/finding", payload: { findingId: ids.finding } }),
  "POST /api/fixes/generate": () => ({ url: "/api/fixes/generate", payload: { findingId: ids.finding } }),
  "POST /api/fixes/sast": () => ({ url: "/api/fixes/sast", payload: { findingId: ids.finding } }),
  "POST /api/fixes/dependency": () => ({ url: "/api/fixes/dependency", payload: { findingId: ids.finding } }),
  "POST /api/fixes/finding": () => ({ url: "/api/fixes/finding", payload: { findingId: ids.finding } }),
  "POST /api/runs/trigger": () => ({ url: "/api/runs/trigger", payload: { tenantId: owner.tenantId } }),
  "POST /api/narrator/ask": () => ({
    url: "/api/narrator/ask",
    payload: {
      question: "What are my top risks?",
      tenantId: owner.tenantId,
      conversationId: ids.conversation,
      stream: true,
    },
  }),
  "DELETE /api/tenants/{tenantId}": () => ({ url: `/api/tenants/${owner.tenantId}` }),
  "POST /api/tenants/{tenantId}/erase": () => ({
    url: `/api/tenants/${owner.tenantId}/erase`,
    payload: { confirmName: "Owner Org" },
  }),
  "PATCH /api/tenants/{tenantId}/members/{userId}": () => ({
    url: `/api/tenants/${owner.tenantId}/members/${ids.member}`,
    payload: { role: "admin" },
  }),
  "DELETE /api/tenants/{tenantId}/members/{userId}": () => ({
    url: `/api/tenants/${owner.tenantId}/members/${ids.member}`,
  }),
  "POST /api/tenants/{tenantId}/leave": () => ({ url: `/api/tenants/${owner.tenantId}/leave` }),
  "POST /api/tenants/{tenantId}/invitations": () => ({
    url: `/api/tenants/${owner.tenantId}/invitations`,
    payload: { email: "stranger-invite@example.test", role: "admin" },
  }),
  "DELETE /api/tenants/{tenantId}/invitations/{invitationId}": () => ({
    url: `/api/tenants/${owner.tenantId}/invitations/${ids.invitation}`,
  }),
  "POST /api/tenants/{tenantId}/waivers/{waiverId}/approve": () => ({
    url: `/api/tenants/${owner.tenantId}/waivers/${ids.waiver}/approve`,
  }),
  "PATCH /api/tenants/{tenantId}/settings": () => ({
    url: `/api/tenants/${owner.tenantId}/settings`,
    payload: { auditorAccessEnabled: true },
  }),
  "PATCH /api/tenants/{tenantId}/auditor-access": () => ({
    url: `/api/tenants/${owner.tenantId}/auditor-access`,
    payload: { enabled: true },
  }),
  "POST /api/tenants/{tenantId}/repositories": () => ({
    url: `/api/tenants/${owner.tenantId}/repositories`,
    payload: { location: "https://git.example.test/acme/other.git" },
  }),
  "PATCH /api/tenants/{tenantId}/repositories/{repositoryId}": () => ({
    url: `/api/tenants/${owner.tenantId}/repositories/${ids.repository}`,
    payload: { scanSchedule: null },
  }),
  "DELETE /api/tenants/{tenantId}/repositories/{repositoryId}": () => ({
    url: `/api/tenants/${owner.tenantId}/repositories/${ids.repository}`,
  }),
  "POST /api/tenants/{tenantId}/waivers": () => ({
    url: `/api/tenants/${owner.tenantId}/waivers`,
    payload: { findingId: ids.finding, reason: "not mine to waive" },
  }),
  "DELETE /api/tenants/{tenantId}/waivers/{waiverId}": () => ({
    url: `/api/tenants/${owner.tenantId}/waivers/${ids.waiver}`,
  }),
  "POST /api/tenants/{tenantId}/vex": () => ({
    url: `/api/tenants/${owner.tenantId}/vex`,
    payload: vexDocument("stranger"),
  }),
  "POST /api/tenants/{tenantId}/vex/triage": () => ({
    url: `/api/tenants/${owner.tenantId}/vex/triage`,
    payload: { findingId: ids.finding, status: "fixed" },
  }),
  "POST /api/tenants/{tenantId}/attestations": () => ({ url: `/api/tenants/${owner.tenantId}/attestations` }),
  "POST /api/tenants/{tenantId}/trusted-keys": () => ({
    url: `/api/tenants/${owner.tenantId}/trusted-keys`,
    payload: { name: "Stranger's key", publicKeyPem: exportPublicKeyPem(generateKeyPair().publicKey) },
  }),
  "POST /api/tenants/{tenantId}/provenance": () => ({
    url: `/api/tenants/${owner.tenantId}/provenance`,
    payload: { envelope: provenanceEnvelope() },
  }),
  "POST /api/tenants/{tenantId}/github/install-link": () => ({
    url: `/api/tenants/${owner.tenantId}/github/install-link`,
  }),
  "POST /api/tenants/{tenantId}/evidence/verify": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence/verify`,
  }),
  "POST /api/tenants/{tenantId}/api-tokens": () => ({
    url: `/api/tenants/${owner.tenantId}/api-tokens`,
    payload: { name: "stranger's pipeline", scopes: ["runs:upload"], expiresInDays: 30 },
  }),
  "DELETE /api/tenants/{tenantId}/api-tokens/{tokenId}": () => ({
    url: `/api/tenants/${owner.tenantId}/api-tokens/${ids.apiToken}`,
  }),
  "POST /api/runs/upload": () => ({
    url: "/api/runs/upload",
    payload: { repository: ids.repository, commit: "a".repeat(40), report: emptyReport() },
    withToken: true,
  }),
  "POST /api/tenants/{tenantId}/environments": () => ({
    url: `/api/tenants/${owner.tenantId}/environments`,
    payload: { name: "stranger-env", type: "prod" },
  }),
  "DELETE /api/tenants/{tenantId}/environments/{id}": () => ({
    url: `/api/tenants/${owner.tenantId}/environments/${ids.environment}`,
  }),
  "PUT /api/tenants/{tenantId}/environments/{id}/sources": () => ({
    url: `/api/tenants/${owner.tenantId}/environments/${ids.environment}/sources`,
    payload: { declared: null, observed: null, syncSchedule: null },
  }),
  "POST /api/tenants/{tenantId}/environments/{id}/state": () => ({
    url: `/api/tenants/${owner.tenantId}/environments/${ids.environment}/state`,
    payload: { version: 4, terraform_version: "1.9.0", serial: 1, lineage: "x", resources: [] },
  }),
  "POST /api/env/sync": () => ({ url: "/api/env/sync", payload: { environmentId: ids.environment } }),
  "POST /api/env/apply-config": () => ({
    url: "/api/env/apply-config",
    payload: { sourceEnvId: ids.environment, targetEnvIds: [ids.otherEnvironment] },
  }),
  "POST /api/tenants/{tenantId}/images": () => ({
    url: `/api/tenants/${owner.tenantId}/images?name=stranger:latest`,
    payload: Buffer.alloc(1024),
    contentType: "application/x-tar",
  }),
  "POST /api/tenants/{tenantId}/evidence-requests": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests`,
    payload: { controlCode: "ORG-GOV-02", title: "Stranger's request", dueAt: "2099-01-01T00:00:00Z" },
  }),
  "PATCH /api/tenants/{tenantId}/evidence-requests/{requestId}": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}`,
    payload: { dueAt: "2099-01-01T00:00:00Z" },
  }),
  "POST /api/tenants/{tenantId}/evidence-requests/{requestId}/submissions": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/submissions?fileName=notes.txt`,
    payload: Buffer.from("the stranger's notes\n"),
    contentType: "text/plain",
  }),
  "POST /api/tenants/{tenantId}/evidence-requests/{requestId}/submissions/{submissionId}/review": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/submissions/${ids.evidenceSubmission}/review`,
    payload: { decision: "reject", reason: "not mine to review" },
  }),
  "POST /api/tenants/{tenantId}/evidence-requests/{requestId}/record": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/record`,
  }),
  "POST /api/tenants/{tenantId}/evidence-requests/{requestId}/comments": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/comments`,
    payload: { body: "a stranger's comment" },
  }),
  "POST /api/tenants/{tenantId}/audit-samples": () => ({
    url: `/api/tenants/${owner.tenantId}/audit-samples`,
    payload: {
      population: "members",
      windowStart: "2026-01-01T00:00:00Z",
      windowEnd: "2027-01-01T00:00:00Z",
      size: 1,
    },
  }),
  "POST /api/tenants/{tenantId}/policies": () => ({
    url: `/api/tenants/${owner.tenantId}/policies`,
    payload: { templateKey: "risk-management" },
  }),
  "PATCH /api/tenants/{tenantId}/policies/{policyId}": () => ({
    url: `/api/tenants/${owner.tenantId}/policies/${ids.policy}`,
    payload: { title: "Taken over" },
  }),
  "POST /api/tenants/{tenantId}/policies/{policyId}/versions": () => ({
    url: `/api/tenants/${owner.tenantId}/policies/${ids.policy}/versions`,
    payload: { body: "# Someone else's text" },
  }),
  "POST /api/tenants/{tenantId}/policies/{policyId}/versions/{version}/approve": () => ({
    url: `/api/tenants/${owner.tenantId}/policies/${ids.policy}/versions/1/approve`,
  }),
  "POST /api/tenants/{tenantId}/policies/{policyId}/versions/{version}/acknowledge": () => ({
    url: `/api/tenants/${owner.tenantId}/policies/${ids.policy}/versions/1/acknowledge`,
  }),
  "POST /api/tenants/{tenantId}/frameworks": () => ({
    url: `/api/tenants/${owner.tenantId}/frameworks`,
    payload: { format: "csv", name: "Stranger's", content: "id,title,description,controls\nS1,Mine,,\n" },
  }),
  "DELETE /api/tenants/{tenantId}/frameworks/{frameworkId}": () => ({
    url: `/api/tenants/${owner.tenantId}/frameworks/${ids.framework}`,
  }),
  "PUT /api/tenants/{tenantId}/frameworks/{frameworkId}/requirements/{requirementId}/controls": () => ({
    url: `/api/tenants/${owner.tenantId}/frameworks/${ids.framework}/requirements/OQ-1/controls`,
    payload: { controlCodes: [] },
  }),
};

/** What the owner can read of their tenant, to compare before and after the writes. */
const OWNER_STATE = [
  "/api/tenants/{tenantId}",
  "/api/tenants/{tenantId}/members",
  "/api/tenants/{tenantId}/invitations",
  "/api/tenants/{tenantId}/api-tokens",
  "/api/tenants/{tenantId}/repositories",
  "/api/tenants/{tenantId}/runs",
  "/api/tenants/{tenantId}/waivers",
  "/api/tenants/{tenantId}/vex",
  "/api/tenants/{tenantId}/attestations",
  "/api/tenants/{tenantId}/provenance",
  "/api/tenants/{tenantId}/images",
  "/api/tenants/{tenantId}/evidence",
  "/api/tenants/{tenantId}/environments",
  "/api/tenants/{tenantId}/conversations",
  "/api/tenants/{tenantId}/evidence-requests",
  "/api/tenants/{tenantId}/audit-samples",
  "/api/tenants/{tenantId}/policies",
  "/api/tenants/{tenantId}/frameworks",
];

/**
 * The owner's evidence without the time its chain was last verified: the ledger's own jobs
 * (verification, anchoring) re-verify the chain at any moment, which changes nothing of the owner's.
 */
function withoutVerificationTime(body: unknown): unknown {
  const chain = (body as { chain?: { lastVerifiedAt?: unknown } } | null)?.chain;
  if (chain && typeof chain === "object") delete chain.lastVerifiedAt;
  return body;
}

interface Operation {
  parameters?: { in: "path" | "query"; name: string; required?: boolean }[];
}

/** The URL a GET route is probed at, or why it has none. */
function readUrl(path: string, operation: Operation): string | { missing: string } {
  const probe = READS[path];
  if (probe) return probe();
  const parameters = operation.parameters ?? [];
  const other = parameters.filter((parameter) => parameter.name !== "tenantId" && parameter.required);
  if (other.length > 0 || !parameters.some((parameter) => parameter.name === "tenantId"))
    return { missing: `GET ${path} needs a URL in READS or an entry in NOT_ONE_TENANTS_DATA` };
  const url = path.replace("{tenantId}", owner.tenantId);
  return parameters.some((parameter) => parameter.name === "tenantId" && parameter.in === "query")
    ? `${url}?tenantId=${owner.tenantId}`
    : url;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Every route of the API's OpenAPI document as `METHOD /path`, with its operation. */
async function routes(): Promise<[string, Operation][]> {
  const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation as Operation] as [string, Operation],
    ),
  );
}

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object | undefined, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  const repository = sampleRepository("payments-api", "01-initial");
  root = repository.root;
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });

  // The owner's data: a scanned repository, a VEX statement, an attestation and an uploaded
  // provenance envelope.
  const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
    location: repository.path,
    name: "acme/payments-api",
  });
  expect(registered.statusCode, registered.body).toBe(201);
  ids.repository = registered.json().id;
  const triggered = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
  expect([200, 202], triggered.body).toContain(triggered.statusCode);
  let summary = triggered.json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 120; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await get(`/api/scans/${summary.scanId}`, owner.cookie)).json();
  }
  ids.scan = summary.scanId;
  ids.run = summary.runId;
  const run = (await get(`/api/runs/${ids.run}`, owner.cookie)).json();
  const failed = run.findings.filter((candidate: { status: string }) => candidate.status === "fail");
  const finding = failed.find((candidate: { controlId?: string }) => candidate.controlId);
  ids.control = finding.controlId;
  ids.finding = finding.id;
  const waiver = await post(`/api/tenants/${owner.tenantId}/waivers`, {
    findingId: failed.at(-1).id,
    reason: "accepted for the test",
  });
  expect(waiver.statusCode, waiver.body).toBe(201);
  ids.waiver = waiver.json().id;

  const vex = await post(`/api/tenants/${owner.tenantId}/vex`, vexDocument("owner"));
  expect(vex.statusCode, vex.body).toBe(201);

  const attestation = await post(`/api/tenants/${owner.tenantId}/attestations`, undefined);
  expect(attestation.statusCode, attestation.body).toBe(201);
  ids.attestation = attestation.json().id;

  await post(`/api/tenants/${owner.tenantId}/trusted-keys`, {
    name: "CI builder",
    publicKeyPem: exportPublicKeyPem(builder.publicKey),
  });
  const provenance = await post(`/api/tenants/${owner.tenantId}/provenance`, {
    envelope: provenanceEnvelope(),
  });
  expect(provenance.statusCode, provenance.body).toBe(201);
  ids.provenance = provenance.json().id;

  const member = await signUp(ctx.app);
  await ctx.database.db
    .insert(memberships)
    .values({ userId: member.userId, tenantId: owner.tenantId, role: "member" });
  ids.member = member.userId;
  const invited = await post(`/api/tenants/${owner.tenantId}/invitations`, {
    email: "invited@example.test",
    role: "auditor",
  });
  expect(invited.statusCode, invited.body).toBe(201);
  ids.invitation = invited.json().invitation.id;
  const token = await post(`/api/tenants/${owner.tenantId}/api-tokens`, {
    name: "GitLab CI",
    scopes: ["runs:upload"],
    expiresInDays: 30,
  });
  expect(token.statusCode, token.body).toBe(201);
  ids.apiToken = token.json().id;
  const own = await post(
    `/api/tenants/${stranger.tenantId}/api-tokens`,
    { name: "Stranger CI", scopes: ["runs:upload"], expiresInDays: 30 },
    stranger.cookie,
  );
  expect(own.statusCode, own.body).toBe(201);
  strangerToken = own.json().secret;
  for (const [key, name] of [
    ["environment", "staging"],
    ["otherEnvironment", "prod"],
  ] as const) {
    const created = await post(`/api/tenants/${owner.tenantId}/environments`, { name, type: name });
    expect(created.statusCode, created.body).toBe(201);
    ids[key] = created.json().id;
  }
  // The owner's advisor conversation, as the chat stores one (the advisor itself is not needed).
  const [conversation] = await ctx.database.db
    .insert(conversations)
    .values({ tenantId: owner.tenantId, userId: owner.userId, key: ids.conversation, title: "Top risks" })
    .returning();
  await ctx.database.db.insert(chatMessages).values({
    tenantId: owner.tenantId,
    conversationId: conversation!.id,
    role: "user",
    content: "What are my top risks?",
  });
  const sources = await ctx.app.inject({
    method: "PUT",
    url: `/api/tenants/${owner.tenantId}/environments/${ids.environment}/sources`,
    headers: { cookie: owner.cookie },
    payload: { declared: null, observed: { kind: "terraform-upload" }, syncSchedule: null },
  });
  expect(sources.statusCode, sources.body).toBe(200);
  // An evidence request of the owner's with an accepted file (what an auditor may download) and a comment.
  const requests = await get(
    `/api/tenants/${owner.tenantId}/evidence-requests?controlCode=ORG-GOV-02`,
    owner.cookie,
  );
  ids.evidenceRequest = requests.json().requests[0].id;
  const submitted = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/submissions?fileName=minutes.txt`,
    headers: { cookie: owner.cookie, "content-type": "text/plain" },
    payload: Buffer.from("oversight review minutes\n"),
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  ids.evidenceSubmission = submitted.json().submissions[0].id;
  const reviewed = await post(
    `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/submissions/${ids.evidenceSubmission}/review`,
    { decision: "accept" },
  );
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const commented = await post(
    `/api/tenants/${owner.tenantId}/evidence-requests/${ids.evidenceRequest}/comments`,
    {
      body: "Minutes attached.",
    },
  );
  expect(commented.statusCode, commented.body).toBe(201);
  // The owner's compliance programme: an adopted policy, an own framework and a sample.
  const policy = await post(`/api/tenants/${owner.tenantId}/policies`, { templateKey: "access-control" });
  expect(policy.statusCode, policy.body).toBe(201);
  ids.policy = policy.json().policy.id;
  const framework = await post(`/api/tenants/${owner.tenantId}/frameworks`, {
    format: "csv",
    name: "Owner's questions",
    content: "id,title,description,controls\nOQ-1,Access is reviewed,,ORG-ACC-01\n",
  });
  expect(framework.statusCode, framework.body).toBe(201);
  ids.framework = framework.json().framework.id;
  const sample = await post(`/api/tenants/${owner.tenantId}/audit-samples`, {
    population: "members",
    windowStart: "2026-01-01T00:00:00Z",
    windowEnd: "2027-12-31T00:00:00Z",
    size: 2,
  });
  expect(sample.statusCode, sample.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every read route: 404 to another tenant's user where the owner gets 200. */
async function sweepReads() {
  const reads = (await routes()).filter(
    ([route]) => route.startsWith("GET ") && !(route in NOT_ONE_TENANTS_DATA),
  );
  expect(reads.length).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const [route, operation] of reads) {
    const url = readUrl(route.slice("GET ".length), operation);
    if (typeof url !== "string") {
      failures.push(url.missing);
      continue;
    }
    const mine = await get(url, owner.cookie);
    const theirs = await get(url, stranger.cookie);
    if (mine.statusCode !== 200) failures.push(`${url}: the owner got ${mine.statusCode} ${mine.body}`);
    if (theirs.statusCode !== 404 || typeof theirs.json().error !== "string")
      failures.push(`${url}: another tenant's user got ${theirs.statusCode}`);
  }
  expect(failures).toEqual([]);
}

/** Every write route: 404 to another tenant's user, and the owner's data as it was. */
async function sweepWrites() {
  const state = async () => {
    const bodies: Record<string, unknown> = {};
    for (const path of OWNER_STATE) {
      const response = await get(path.replace("{tenantId}", owner.tenantId), owner.cookie);
      expect(response.statusCode, path).toBe(200);
      bodies[path] = withoutVerificationTime(response.json());
    }
    return bodies;
  };
  const before = await state();
  const writes = (await routes()).filter(
    ([route]) => !route.startsWith("GET ") && !(route in NOT_ONE_TENANTS_DATA),
  );
  expect(writes.length).toBeGreaterThan(15);
  const failures: string[] = [];
  for (const [route] of writes) {
    const write = WRITES[route];
    if (!write) {
      failures.push(`${route} needs a request in WRITES or an entry in NOT_ONE_TENANTS_DATA`);
      continue;
    }
    const { url, payload, contentType, withToken } = write();
    const response = await ctx.app.inject({
      method: route.slice(0, route.indexOf(" ")) as Method,
      url,
      headers: {
        ...(withToken ? { authorization: `Bearer ${strangerToken}` } : { cookie: stranger.cookie }),
        ...(contentType ? { "content-type": contentType } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode !== 404 || typeof response.json().error !== "string")
      failures.push(`${route}: another tenant's user got ${response.statusCode} ${response.body}`);
  }
  expect(failures).toEqual([]);
  expect(await state()).toEqual(before);
}

/** Ids of another tenant's records in the body of a write to one's own tenant: 404. */
async function sweepForeignIdsInBodies() {
  const own = (path: string) => `/api/tenants/${stranger.tenantId}/${path}`;
  const attempts: [string, object][] = [
    [own("provenance"), { envelope: provenanceEnvelope(), runId: ids.run }],
    [own("waivers"), { findingId: ids.finding, reason: "not mine to waive" }],
    [own("vex/triage"), { findingId: ids.finding, status: "fixed" }],
  ];
  for (const [url, payload] of attempts) {
    const response = await post(url, payload, stranger.cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
  }
}

describe("tenant isolation of every route", () => {
  it("answers a read with 404 to another tenant's user where the owner gets 200", sweepReads);

  it("answers a write with 404 to another tenant's user and leaves the owner's data as it was", sweepWrites);

  it("answers a write with 403 to the owner's auditors, and an admin's write with 403 to members", async () => {
    const auditor = await signUp(ctx.app);
    const member = await signUp(ctx.app);
    await ctx.database.db.insert(memberships).values([
      { userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" },
      { userId: member.userId, tenantId: owner.tenantId, role: "member" },
    ]);
    const failures: string[] = [];
    // Leaving ends the auditor's membership: it goes last.
    const all = (await routes()).sort(
      ([a], [b]) => Number(OWN_MEMBERSHIP.includes(a)) - Number(OWN_MEMBERSHIP.includes(b)),
    );
    for (const [route] of all) {
      const write = WRITES[route];
      // A token's routes know no roles: what the token's scope allows, it allows.
      if (!write || write().withToken) continue;
      const expected = [
        [auditor, OWN_MEMBERSHIP.includes(route) ? 200 : 403],
        ...(ADMIN_ONLY.includes(route) ? [[member, 403] as const] : []),
      ] as const;
      for (const [user, status] of expected) {
        const { url, payload, contentType } = write();
        const response = await ctx.app.inject({
          method: route.slice(0, route.indexOf(" ")) as Method,
          url,
          headers: { cookie: user.cookie, ...(contentType ? { "content-type": contentType } : {}) },
          ...(payload ? { payload } : {}),
        });
        const who = user === auditor ? "an auditor" : "a member";
        if (response.statusCode !== status) failures.push(`${route}: ${who} got ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(
    "does not take another tenant's record by an id in the body of a write to one's own tenant",
    sweepForeignIdsInBodies,
  );

  it("shows an auditor only the tenant's name while auditor access is off, and only reports while it is on", async () => {
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    const reads = (await routes()).filter(
      ([route]) => route.startsWith("GET ") && !(route in NOT_ONE_TENANTS_DATA),
    );
    const failures: string[] = [];
    for (const [route] of reads) {
      if (route !== TENANT_RECORD && !(route in REPORTS) && !(route in WORKING_DATA))
        failures.push(`${route} needs a place in REPORTS or WORKING_DATA`);
    }
    const sweep = async (accessOn: boolean) => {
      for (const [route, operation] of reads) {
        const url = readUrl(route.slice("GET ".length), operation);
        if (typeof url !== "string") continue;
        const response = await get(url, auditor.cookie);
        const allowed = route === TENANT_RECORD || (accessOn && route in REPORTS);
        const where = `${route} with auditor access ${accessOn ? "on" : "off"}: ${response.statusCode}`;
        if (!allowed) {
          if (response.statusCode !== 403 || typeof response.json().error !== "string") failures.push(where);
          continue;
        }
        if (response.statusCode !== 200) failures.push(`${where} ${response.body.slice(0, 200)}`);
        if (response.body.includes('"snippet"')) failures.push(`${where} carries code snippets`);
      }
    };
    const name = (await get(`/api/tenants/${owner.tenantId}`, auditor.cookie)).json();
    expect(name).toMatchObject({ name: "Owner Org", role: "auditor", auditorAccessEnabled: false });
    await sweep(false);
    const enabled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${owner.tenantId}/auditor-access`,
      headers: { cookie: owner.cookie },
      payload: { enabled: true },
    });
    expect(enabled.statusCode).toBe(200);
    await sweep(true);
    // The summary an auditor reads has the evidence but not the fix pull requests (they carry code).
    const summary = (await get(`/api/tenants/${owner.tenantId}/summary?days=7`, auditor.cookie)).json();
    expect(summary.evidenceArtifacts.length).toBeGreaterThan(0);
    expect(summary.prSuggestions).toEqual([]);
    expect(failures).toEqual([]);
  });

  it("lists no route that the API does not have", async () => {
    const known = new Set((await routes()).map(([route]) => route));
    const listed = [
      ...Object.keys(NOT_ONE_TENANTS_DATA),
      ...Object.keys(READS).map((path) => `GET ${path}`),
      ...Object.keys(WRITES),
      ...Object.keys(REPORTS),
      ...Object.keys(WORKING_DATA),
      TENANT_RECORD,
      ...OWN_MEMBERSHIP,
      ...ADMIN_ONLY,
    ];
    expect(listed.filter((route) => !known.has(route))).toEqual([]);
  });
});

// The second wall: with tenant access reduced to "whatever the database shows you", row-level
// security alone must keep the sweeps' answers (ADR 0003).
describe("tenant isolation of every route with the application's membership checks removed", () => {
  let restore: () => void;
  beforeAll(() => {
    restore = withoutMembershipChecks(ctx.services);
  });
  afterAll(() => restore());

  it("answers a read with 404 to another tenant's user where the owner gets 200", sweepReads);
  it("answers a write with 404 to another tenant's user and leaves the owner's data as it was", sweepWrites);
  it("does not take another tenant's record by an id in the body of a write", sweepForeignIdsInBodies);
});
