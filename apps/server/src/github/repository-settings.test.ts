// The GitHub reader of repository settings against the fake GitHub: each fact from its endpoint,
// rulesets and branch protection merged, refusals kept as unknown facts with the reason.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeApp,
  type FakeGitHub,
  type FakeInstallation,
  startFakeGitHub,
} from "../../test/fake-github.ts";
import { strongSettings } from "../../test/fake-github-settings.ts";
import { createGitHubApi } from "./github-api.ts";
import { readGitHubRepositorySettings, SettingsUnreadable } from "./repository-settings.ts";

let github: FakeGitHub;
let app: FakeApp;
let installation: FakeInstallation;

beforeAll(async () => {
  github = await startFakeGitHub();
  app = github.createApp();
  github.createRepository("acme/app", { "README.md": "hello\n" });
  github.createRepository("acme/other", { "README.md": "other\n" });
  installation = github.installApp("acme", ["acme/app"]);
});

afterAll(async () => {
  await github?.close();
});

beforeEach(() => {
  github.settings.grantAll();
  github.settings.set("acme/app", strongSettings());
  github.settings.organization("acme", { twoFactorRequired: true });
});

async function read(fullName = "acme/app") {
  const api = createGitHubApi({ apiUrl: github.url });
  const client = await api
    .asApp({ appId: app.id, privateKey: app.privateKey })
    .asInstallation(installation.id);
  return readGitHubRepositorySettings(client.octokit, fullName);
}

describe("readGitHubRepositorySettings", () => {
  it("reads strong settings as they are", async () => {
    expect(await read()).toEqual({
      host: "GitHub",
      repository: "acme/app",
      owner: { login: "acme", type: "organization" },
      defaultBranch: "main",
      defaultBranchProtection: {
        protected: true,
        requiredApprovingReviews: 1,
        dismissStaleReviews: true,
        requiredStatusChecks: ["build"],
        forcePushesBlocked: true,
      },
      secretScanning: true,
      pushProtection: true,
      vulnerabilityAlerts: true,
      admins: ["acme-owner"],
      outsideCollaborators: [],
      organizationTwoFactorRequired: true,
    });
  });

  it("reads weak settings: no protection, features off, outside writers, many admins, no 2FA", async () => {
    github.settings.set("acme/app", {
      protection: null,
      secretScanning: false,
      pushProtection: false,
      vulnerabilityAlerts: false,
      collaborators: [
        ...["a", "b", "c", "d"].map((login) => ({ login, permission: "admin" as const, outside: false })),
        { login: "contractor", permission: "write", outside: true },
        { login: "viewer", permission: "read", outside: true },
      ],
    });
    github.settings.organization("acme", { twoFactorRequired: false });
    const settings = await read();
    expect(settings.defaultBranchProtection).toEqual({
      protected: false,
      requiredApprovingReviews: 0,
      dismissStaleReviews: false,
      requiredStatusChecks: [],
      forcePushesBlocked: false,
    });
    expect(settings).toMatchObject({
      secretScanning: false,
      pushProtection: false,
      vulnerabilityAlerts: false,
      admins: ["a", "b", "c", "d"],
      outsideCollaborators: [
        { login: "contractor", permission: "write" },
        { login: "viewer", permission: "read" },
      ],
      organizationTwoFactorRequired: false,
    });
  });

  it("counts rulesets as protection, merged with the protection rule (the stronger wins)", async () => {
    github.settings.set("acme/app", {
      protection: {
        requiredApprovingReviews: null,
        dismissStaleReviews: false,
        requiredStatusChecks: ["lint"],
        allowForcePushes: true,
      },
      rules: [
        {
          type: "pull_request",
          parameters: {
            required_approving_review_count: 2,
            dismiss_stale_reviews_on_push: true,
            require_code_owner_review: false,
            require_last_push_approval: false,
            required_review_thread_resolution: false,
          },
          ruleset_source_type: "Repository",
          ruleset_source: "acme/app",
          ruleset_id: 7,
        },
        {
          type: "required_status_checks",
          parameters: {
            required_status_checks: [{ context: "test" }],
            strict_required_status_checks_policy: false,
          },
        },
        { type: "non_fast_forward" },
      ],
    });
    expect((await read()).defaultBranchProtection).toEqual({
      protected: true,
      requiredApprovingReviews: 2,
      dismissStaleReviews: true,
      requiredStatusChecks: ["lint", "test"],
      forcePushesBlocked: true,
    });
  });

  it("keeps what GitHub refused as unknown, with the permission it needs; a ruleset still proves what it enforces", async () => {
    github.settings.withhold("administration", "organization_administration");
    github.settings.set("acme/app", { rules: [{ type: "non_fast_forward" }] });
    const settings = await read();
    const refused = { unknown: expect.stringContaining("Administration (read)") };
    expect(settings.defaultBranchProtection).toEqual({
      protected: true,
      requiredApprovingReviews: refused,
      dismissStaleReviews: refused,
      requiredStatusChecks: refused,
      forcePushesBlocked: true,
    });
    expect(settings.secretScanning).toEqual(refused);
    expect(settings.pushProtection).toEqual(refused);
    expect(settings.vulnerabilityAlerts).toEqual(refused);
    expect(settings.organizationTwoFactorRequired).toEqual({
      unknown: expect.stringContaining("Organization administration (read)"),
    });
    // Collaborators need only Metadata, which every App has.
    expect(settings.admins).toEqual(["acme-owner"]);
  });

  it("does not read a list of people past its bound as complete", async () => {
    github.settings.set("acme/app", {
      collaborators: Array.from({ length: 1001 }, (_, index) => ({
        login: `guest${index}`,
        permission: "read" as const,
        outside: true,
      })),
    });
    expect((await read()).outsideCollaborators).toEqual({
      unknown: "more than 1000 people: the list was not read to its end",
    });
  });

  it("fails as a whole, in its own words, for a repository the installation cannot see", async () => {
    await expect(read("acme/other")).rejects.toThrow(SettingsUnreadable);
    await expect(read("acme/other")).rejects.toThrow(/did not show the repository/);
  });
});
