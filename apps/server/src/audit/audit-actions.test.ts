import { describe, expect, it } from "vitest";
import {
  attemptedEmail,
  auditAction,
  auditResult,
  auditTarget,
  namedTenantId,
  TARGET_MAX,
} from "./audit-actions.ts";

const TENANT = "0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4";

describe("auditAction", () => {
  it("names listed routes, falls back to METHOD route for other writes, and skips plain reads", () => {
    expect(auditAction("POST", "/api/tenants/:tenantId/repositories")).toBe("repository.create");
    expect(auditAction("GET", "/api/tenants/:tenantId/evidence/export")).toBe("evidence.export");
    expect(auditAction("PUT", "/api/tenants/:tenantId/members/:userId")).toBe(
      "PUT /api/tenants/:tenantId/members/:userId",
    );
    expect(auditAction("GET", "/api/tenants/:tenantId/runs")).toBeUndefined();
  });

  it("lets a route declare its own action, or opt out", () => {
    expect(auditAction("GET", "/api/x", { audit: { action: "x.download" } })).toBe("x.download");
    expect(auditAction("POST", "/api/tenants/:tenantId/repositories", { audit: false })).toBeUndefined();
  });
});

describe("auditResult", () => {
  it("is success below 400, denied for a refusal and failed for a server error", () => {
    expect([200, 201, 302, 400, 401, 403, 404, 429, 500, 503].map(auditResult)).toEqual([
      "success",
      "success",
      "success",
      "denied",
      "denied",
      "denied",
      "denied",
      "denied",
      "failed",
      "failed",
    ]);
  });
});

describe("auditTarget", () => {
  it("takes the created id, else the last path id, capped", () => {
    expect(auditTarget({ tenantId: TENANT, repositoryId: "r1" }, undefined)).toBe("r1");
    expect(auditTarget({ tenantId: TENANT }, "new-id")).toBe("new-id");
    expect(auditTarget({}, undefined)).toBeNull();
    // an invitation link's token is a secret, never a target
    expect(auditTarget({ token: "secret-link-token" }, undefined)).toBeNull();
    expect(auditTarget({ id: "x".repeat(5000) }, undefined)).toHaveLength(TARGET_MAX);
  });
});

describe("attemptedEmail and namedTenantId", () => {
  it("reads only the e-mail of a body, normalised, and only well-formed tenant ids", () => {
    expect(attemptedEmail({ email: " Ada@Example.COM ", password: "secret" })).toBe("ada@example.com");
    expect(attemptedEmail({ email: 7 })).toBeNull();
    expect(attemptedEmail("email=a")).toBeNull();
    expect(namedTenantId({}, { tenantId: "nope" }, { tenantId: TENANT.toUpperCase() })).toBe(TENANT);
    expect(namedTenantId(undefined, null)).toBeUndefined();
  });
});
