import { describe, expect, it } from "vitest";
import { classify } from "../../classify.ts";
import { SourceFile } from "../../source.ts";
import { evaluateRepositorySettings, SETTINGS_PATH, unreadRepositorySettings } from "./evaluate.ts";
import { parseRepositorySettings } from "./model.ts";
import { type RepositorySettings, settingsDocument, unknownFact } from "./settings.ts";

function strong(): RepositorySettings {
  return {
    host: "GitHub",
    repository: "acme/payments",
    owner: { login: "acme", type: "organization" },
    defaultBranch: "main",
    defaultBranchProtection: {
      protected: true,
      requiredApprovingReviews: 2,
      dismissStaleReviews: true,
      requiredStatusChecks: ["build"],
      forcePushesBlocked: true,
    },
    secretScanning: true,
    pushProtection: true,
    vulnerabilityAlerts: true,
    admins: ["alice"],
    outsideCollaborators: [],
    organizationTwoFactorRequired: true,
  };
}

describe("evaluateRepositorySettings", () => {
  it("finds nothing in strong settings, and the run succeeded on its one document", () => {
    const result = evaluateRepositorySettings(strong());
    expect(result.findings).toEqual([]);
    expect(result.run).toMatchObject({ analyzer: "repository", status: "succeeded", filesAnalyzed: 1 });
  });

  it("flags every weak setting at the line of its fact, fingerprinted", () => {
    const settings = strong();
    settings.defaultBranchProtection = {
      protected: false,
      requiredApprovingReviews: 0,
      dismissStaleReviews: false,
      requiredStatusChecks: [],
      forcePushesBlocked: false,
    };
    Object.assign(settings, {
      secretScanning: false,
      pushProtection: false,
      vulnerabilityAlerts: false,
      admins: ["a", "b", "c", "d"],
      outsideCollaborators: [{ login: "max", permission: "admin" }],
      organizationTwoFactorRequired: false,
    });
    const result = evaluateRepositorySettings(settings);
    expect(result.findings.map((finding) => finding.ruleId).sort()).toEqual([
      "repository/branch-protection-reviews",
      "repository/force-pushes-allowed",
      "repository/outside-collaborator-write-access",
      "repository/push-protection-disabled",
      "repository/secret-scanning-disabled",
      "repository/stale-reviews-not-dismissed",
      "repository/status-checks-not-required",
      "repository/too-many-admins",
      "repository/two-factor-not-required",
      "repository/unprotected-default-branch",
      "repository/vulnerability-alerts-disabled",
    ]);
    const lines = result.document.split("\n");
    for (const finding of result.findings) {
      expect(finding.location.path).toBe(SETTINGS_PATH);
      expect(finding.location.snippet).toBe(lines[finding.location.line - 1]);
      expect(finding.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    }
    const admin = result.findings.find((f) => f.ruleId === "repository/outside-collaborator-write-access");
    expect(admin).toMatchObject({ severity: "high", message: expect.stringContaining("max has admin") });
    // The same settings give the same fingerprints: findings are followed across runs.
    expect(evaluateRepositorySettings(settings).findings.map((f) => f.fingerprint)).toEqual(
      result.findings.map((f) => f.fingerprint),
    );
  });

  it("says which facts it could not check: the run is partial and nothing passes for them", () => {
    const settings = strong();
    const reason = "the GitHub App lacks the Administration (read) permission";
    settings.defaultBranchProtection.requiredApprovingReviews = unknownFact(reason);
    settings.vulnerabilityAlerts = unknownFact(reason);
    const result = evaluateRepositorySettings(settings);
    expect(result.findings).toEqual([]);
    expect(result.run.status).toBe("partial");
    expect(result.run.skipped.map((item) => item.reason)).toEqual([
      expect.stringMatching(
        /^rule repository\/branch-protection-reviews: GitHub did not tell .*Administration/,
      ),
      expect.stringMatching(/^rule repository\/vulnerability-alerts-disabled: GitHub did not tell/),
    ]);
  });

  it("a run without settings failed, with the reason", () => {
    expect(unreadRepositorySettings("GitHub could not be reached")).toMatchObject({
      analyzer: "repository",
      status: "failed",
      error: "GitHub could not be reached",
    });
  });
});

describe("the settings document", () => {
  it("is never what the classifier makes of a checked-out file, even one named like it", () => {
    const text = settingsDocument(strong());
    expect(classify("repository-settings.json", text)).not.toContain("repository-settings");
    expect(classify(SETTINGS_PATH, text)).not.toContain("repository-settings");
  });

  it("refuses a document of another shape rather than reading a pass into it", () => {
    const parse = (value: unknown) => parseRepositorySettings(new SourceFile("x", JSON.stringify(value)));
    const document = JSON.parse(settingsDocument(strong()));
    expect(parse(document).ok).toBe(true);
    expect(parse({ ...document, secretScanning: "yes" })).toEqual({
      ok: false,
      reason: 'not a repository settings document: "secretScanning" is not true or false',
    });
    expect(parse({ ...document, schema: "other@2" }).ok).toBe(false);
    const { admins: _dropped, ...withoutAdmins } = document;
    expect(parse(withoutAdmins)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('missing "admins"'),
    });
    expect(parse({ ...document, admins: { unknown: 1 } }).ok).toBe(false);
    expect(parse({ ...document, outsideCollaborators: [{ login: "x", permission: "owner" }] }).ok).toBe(
      false,
    );
  });
});
