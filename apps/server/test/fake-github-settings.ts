// The fake GitHub's repository settings: branch protection, rulesets, security_and_analysis,
// Dependabot alerts, collaborators and the organization's two-factor requirement, answered in
// the shapes of GitHub's REST API (@octokit/openapi-types). A repository starts with strong
// settings, so scans of other tests see no settings findings; tests weaken what they need. An
// installation that has not been granted a permission is refused as GitHub refuses it (403, or
// fields left out of the response).
import type { components } from "@octokit/openapi-types";

type Schemas = components["schemas"];
type Permission = "read" | "triage" | "write" | "maintain" | "admin";

export interface FakeCollaborator {
  login: string;
  permission: Permission;
  /** Not a member of the owning organization. */
  outside: boolean;
}

export interface FakeRepositorySettings {
  /** The branch protection rule of the default branch; null when it has none. */
  protection: {
    requiredApprovingReviews: number | null;
    dismissStaleReviews: boolean;
    requiredStatusChecks: string[];
    allowForcePushes: boolean;
  } | null;
  /** Ruleset rules that apply to the default branch. */
  rules: Schemas["repository-rule-detailed"][];
  secretScanning: boolean;
  pushProtection: boolean;
  vulnerabilityAlerts: boolean;
  collaborators: FakeCollaborator[];
}

export interface FakeOrganization {
  twoFactorRequired: boolean;
}

/** Permissions an installation was not granted (an owner has not accepted new ones yet). */
export type WithheldPermission = "administration" | "organization_administration";

export function strongSettings(): FakeRepositorySettings {
  return {
    protection: {
      requiredApprovingReviews: 1,
      dismissStaleReviews: true,
      requiredStatusChecks: ["build"],
      allowForcePushes: false,
    },
    rules: [],
    secretScanning: true,
    pushProtection: true,
    vulnerabilityAlerts: true,
    collaborators: [{ login: "acme-owner", permission: "admin", outside: false }],
  };
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Call {
  match: string[];
  query: URLSearchParams;
  auth: string | undefined;
  body: Record<string, unknown>;
  pathname: string;
}

export interface SettingsRouteHelpers<Repository> {
  json: (status: number, body: unknown, headers?: Record<string, string>) => Answer;
  page: <T>(
    items: T[],
    query: URLSearchParams,
    pathname: string,
  ) => { slice: T[]; headers: Record<string, string> };
  inRepository: (
    handler: (call: Call, fullName: string, repository: Repository) => Answer,
  ) => (call: Call) => Answer;
  /** The installation a token belongs to, if any. */
  installationOf: (auth: string | undefined) => number | undefined;
  repositoryJson: (fullName: string) => Record<string, unknown>;
  defaultBranchOf: (fullName: string) => string;
}

const PERMISSIONS_OF: Record<Permission, Schemas["collaborator"]["permissions"]> = {
  read: { pull: true, triage: false, push: false, maintain: false, admin: false },
  triage: { pull: true, triage: true, push: false, maintain: false, admin: false },
  write: { pull: true, triage: true, push: true, maintain: false, admin: false },
  maintain: { pull: true, triage: true, push: true, maintain: true, admin: false },
  admin: { pull: true, triage: true, push: true, maintain: true, admin: true },
};

export function createFakeSettings() {
  const settings = new Map<string, FakeRepositorySettings>();
  const organizations = new Map<string, FakeOrganization>();
  const withheld = new Set<WithheldPermission>();
  /** Repositories GET /repos/{owner}/{repo} answers 502 for. */
  const failing = new Set<string>();
  const of = (fullName: string) => {
    let current = settings.get(fullName);
    if (!current) {
      current = strongSettings();
      settings.set(fullName, current);
    }
    return current;
  };
  const forbidden = { message: "Resource not accessible by integration" };

  function routes<Repository>(
    helpers: SettingsRouteHelpers<Repository>,
  ): [string, RegExp, (call: Call) => Answer][] {
    const { json, page, inRepository } = helpers;
    const onDefaultBranch = (fullName: string, branch: string) =>
      branch === helpers.defaultBranchOf(fullName);
    return [
      [
        "GET",
        /^\/repos\/([^/]+\/[^/]+)$/,
        inRepository((_call, fullName) => {
          if (failing.has(fullName)) return json(502, { message: "Server Error" });
          const current = of(fullName);
          const body: Record<string, unknown> = { ...helpers.repositoryJson(fullName) };
          // Shown only to those who may administer the repository.
          if (!withheld.has("administration"))
            body.security_and_analysis = {
              secret_scanning: { status: current.secretScanning ? "enabled" : "disabled" },
              secret_scanning_push_protection: { status: current.pushProtection ? "enabled" : "disabled" },
            } satisfies Schemas["security-and-analysis"];
          return json(200, body);
        }),
      ],
      [
        "GET",
        /^\/repos\/([^/]+\/[^/]+)\/branches\/([^/]+)\/protection$/,
        inRepository(({ match }, fullName) => {
          if (withheld.has("administration")) return json(403, forbidden);
          const protection = onDefaultBranch(fullName, decodeURIComponent(match[2]!))
            ? of(fullName).protection
            : null;
          if (!protection) return json(404, { message: "Branch not protected" });
          const body: Schemas["branch-protection"] = {
            url: `/repos/${fullName}/branches/${match[2]}/protection`,
            required_status_checks: {
              strict: false,
              contexts: protection.requiredStatusChecks,
              checks: protection.requiredStatusChecks.map((context) => ({ context, app_id: null })),
            },
            ...(protection.requiredApprovingReviews !== null
              ? {
                  required_pull_request_reviews: {
                    dismiss_stale_reviews: protection.dismissStaleReviews,
                    require_code_owner_reviews: false,
                    required_approving_review_count: protection.requiredApprovingReviews,
                  },
                }
              : {}),
            enforce_admins: { url: "", enabled: false },
            allow_force_pushes: { enabled: protection.allowForcePushes },
            allow_deletions: { enabled: false },
          };
          return json(200, body);
        }),
      ],
      [
        "GET",
        /^\/repos\/([^/]+\/[^/]+)\/rules\/branches\/([^/]+)$/,
        inRepository(({ match, query, pathname }, fullName) => {
          const rules = onDefaultBranch(fullName, decodeURIComponent(match[2]!)) ? of(fullName).rules : [];
          const { slice, headers } = page(rules, query, pathname);
          return json(200, slice, headers);
        }),
      ],
      [
        "GET",
        /^\/repos\/([^/]+\/[^/]+)\/vulnerability-alerts$/,
        inRepository((_call, fullName) => {
          if (withheld.has("administration")) return json(403, forbidden);
          return of(fullName).vulnerabilityAlerts
            ? json(204, null)
            : json(404, { message: "Vulnerability alerts are disabled." });
        }),
      ],
      [
        "GET",
        /^\/repos\/([^/]+\/[^/]+)\/collaborators$/,
        inRepository(({ query, pathname }, fullName) => {
          const affiliation = query.get("affiliation") ?? "all";
          const permission = query.get("permission");
          const list: Schemas["collaborator"][] = of(fullName)
            .collaborators.filter((person) => affiliation !== "outside" || person.outside)
            .filter((person) => affiliation !== "direct" || !person.outside)
            .filter((person) => !permission || PERMISSIONS_OF[person.permission]![permission as "admin"])
            .map((person, index) => ({
              login: person.login,
              id: 5000 + index,
              node_id: `U_${index}`,
              avatar_url: "",
              gravatar_id: null,
              url: "",
              html_url: "",
              followers_url: "",
              following_url: "",
              gists_url: "",
              starred_url: "",
              subscriptions_url: "",
              organizations_url: "",
              repos_url: "",
              events_url: "",
              received_events_url: "",
              type: "User",
              site_admin: false,
              permissions: PERMISSIONS_OF[person.permission],
              role_name: person.permission,
            }));
          const { slice, headers } = page(list, query, pathname);
          return json(200, slice, headers);
        }),
      ],
      [
        "GET",
        /^\/orgs\/([^/]+)$/,
        ({ match, auth }) => {
          if (helpers.installationOf(auth) === undefined) return json(401, { message: "Bad credentials" });
          const login = decodeURIComponent(match[1]!);
          const organization = organizations.get(login) ?? { twoFactorRequired: true };
          const body: Record<string, unknown> = { login, id: 1, node_id: "O_1", type: "Organization" };
          // Shown only to those who may administer the organization.
          if (!withheld.has("organization_administration"))
            body.two_factor_requirement_enabled = organization.twoFactorRequired;
          return json(200, body);
        },
      ],
    ];
  }

  return {
    routes,
    /** Changes a repository's settings (starting from strong ones). */
    set(fullName: string, change: Partial<FakeRepositorySettings>) {
      Object.assign(of(fullName), change);
    },
    organization(login: string, organization: FakeOrganization) {
      organizations.set(login, organization);
    },
    withhold(...permissions: WithheldPermission[]) {
      for (const permission of permissions) withheld.add(permission);
    },
    grantAll() {
      withheld.clear();
      failing.clear();
    },
    /** GitHub answers 502 when the repository itself is asked for. */
    fail(fullName: string) {
      failing.add(fullName);
    },
  };
}

export type FakeSettings = ReturnType<typeof createFakeSettings>;
