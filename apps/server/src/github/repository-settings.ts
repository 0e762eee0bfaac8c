// Reads a repository's settings through the App's installation into the host-neutral
// RepositorySettings the `repository` analyzer judges. Every fact comes from one documented REST
// endpoint; one GitHub refuses (a permission the installation was not granted, an error) becomes an
// unknown fact with the reason, never a guess. Only a repository GitHub will not show at all, or a
// GitHub that does not answer, fails the whole read.
import {
  type Known,
  type OutsideCollaborator,
  type RepositoryPermission,
  type RepositorySettings,
  unknownFact,
} from "@rampart/engine/analyzers/repository/settings";
import { type GitHubClient, statusOf } from "./github-api.ts";

/** At most this many pages of 100 per list: a list of people that goes on is not read as complete. */
export const MAX_PAGES = 10;

/** An error whose message is ours and safe to show: the settings could not be read at all. */
export class SettingsUnreadable extends Error {}

type Protection = {
  protected: boolean;
  requiredApprovingReviews: number;
  dismissStaleReviews: boolean;
  requiredStatusChecks: string[];
  forcePushesBlocked: boolean;
};

const NONE: Protection = {
  protected: false,
  requiredApprovingReviews: 0,
  dismissStaleReviews: false,
  requiredStatusChecks: [],
  forcePushesBlocked: false,
};

const PERMISSION_NAMES = {
  metadata: "Metadata (read)",
  administration: "Administration (read)",
  organization_administration: "Organization administration (read)",
} as const;

/** Why GitHub did not tell, in words for the run's reasons. */
function refusal(error: unknown, permission: keyof typeof PERMISSION_NAMES): string {
  const status = statusOf(error);
  if (status === undefined) throw error; // not an answer from GitHub: the whole read fails
  if (status === 403 || status === 401)
    return `the GitHub App was refused (it needs the ${PERMISSION_NAMES[permission]} permission; an organization owner accepts new permissions on the installation's settings page)`;
  return `GitHub answered ${status}`;
}

/** The strongest of two sources; an unknown one only matters when the known one is not already enough. */
function strongest<T>(
  a: Known<T>,
  b: Known<T>,
  combine: (x: T, y: T) => T,
  enough: (value: T) => boolean,
  isUnknownValue: (value: Known<T>) => value is { unknown: string },
): Known<T> {
  if (!isUnknownValue(a) && !isUnknownValue(b)) return combine(a, b);
  const known = [a, b].find((value) => !isUnknownValue(value)) as T | undefined;
  if (known !== undefined && enough(known)) return known;
  return (isUnknownValue(a) ? a : b) as { unknown: string };
}

const isUnknown = <T>(value: Known<T>): value is { unknown: string } =>
  typeof value === "object" && value !== null && !Array.isArray(value) && "unknown" in value;

function permissionOf(collaborator: {
  role_name?: string;
  permissions?: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean; pull?: boolean };
}): RepositoryPermission {
  const role = collaborator.role_name;
  if (role === "admin" || role === "maintain" || role === "write" || role === "triage" || role === "read")
    return role;
  // A custom role: the base permissions it includes.
  const permissions = collaborator.permissions ?? {};
  if (permissions.admin) return "admin";
  if (permissions.maintain) return "maintain";
  if (permissions.push) return "write";
  if (permissions.triage) return "triage";
  return "read";
}

export async function readGitHubRepositorySettings(
  client: GitHubClient,
  fullName: string,
): Promise<RepositorySettings> {
  const [owner, repo] = fullName.split("/") as [string, string];
  const where = { owner, repo };

  let repository: Awaited<ReturnType<typeof getRepository>>;
  async function getRepository() {
    return (await client.request("GET /repos/{owner}/{repo}", where)).data;
  }
  try {
    repository = await getRepository();
  } catch (error) {
    const status = statusOf(error);
    throw new SettingsUnreadable(
      status === undefined
        ? "GitHub could not be reached to read the repository's settings"
        : status === 404 || status === 403
          ? "GitHub did not show the repository to the App's installation (removed from it, renamed or deleted)"
          : `GitHub answered ${status} when asked for the repository`,
    );
  }
  const branch = repository.default_branch;

  /** Branch protection rule of the default branch: none when GitHub says it is not protected. */
  async function classicProtection(): Promise<Known<Protection>> {
    try {
      const { data } = await client.request("GET /repos/{owner}/{repo}/branches/{branch}/protection", {
        ...where,
        branch,
      });
      const reviews = data.required_pull_request_reviews;
      const checks = data.required_status_checks;
      return {
        protected: true,
        requiredApprovingReviews: reviews ? (reviews.required_approving_review_count ?? 1) : 0,
        dismissStaleReviews: reviews?.dismiss_stale_reviews ?? false,
        requiredStatusChecks: [
          ...new Set([...(checks?.contexts ?? []), ...(checks?.checks ?? []).map((check) => check.context)]),
        ],
        forcePushesBlocked: !(data.allow_force_pushes?.enabled ?? false),
      };
    } catch (error) {
      if (statusOf(error) === 404) return NONE; // "Branch not protected"
      return unknownFact(refusal(error, "administration"));
    }
  }

  /** Rulesets' rules that apply to the default branch (readable with metadata alone). */
  async function rulesetProtection(): Promise<Known<Protection>> {
    try {
      let pages = 0;
      const rules = await client.paginate(
        "GET /repos/{owner}/{repo}/rules/branches/{branch}",
        { ...where, branch, per_page: 100 },
        (response, done) => {
          if (++pages >= MAX_PAGES) done();
          return response.data;
        },
      );
      const result: Protection = { ...NONE, requiredStatusChecks: [] };
      for (const rule of rules) {
        result.protected = true;
        const parameters = (rule as { parameters?: Record<string, unknown> }).parameters ?? {};
        if (rule.type === "pull_request") {
          result.requiredApprovingReviews = Math.max(
            result.requiredApprovingReviews,
            Number(parameters.required_approving_review_count ?? 0),
          );
          if (parameters.dismiss_stale_reviews_on_push === true) result.dismissStaleReviews = true;
        } else if (rule.type === "required_status_checks") {
          const checks = (parameters.required_status_checks ?? []) as { context?: string }[];
          for (const check of checks)
            if (check.context && !result.requiredStatusChecks.includes(check.context))
              result.requiredStatusChecks.push(check.context);
        } else if (rule.type === "non_fast_forward") {
          result.forcePushesBlocked = true;
        }
      }
      return result;
    } catch (error) {
      return unknownFact(refusal(error, "administration"));
    }
  }

  async function vulnerabilityAlerts(): Promise<Known<boolean>> {
    try {
      await client.request("GET /repos/{owner}/{repo}/vulnerability-alerts", where);
      return true; // 204
    } catch (error) {
      if (statusOf(error) === 404) return false; // "not enabled"
      return unknownFact(refusal(error, "administration"));
    }
  }

  async function collaborators(
    query: { permission: "admin" } | { affiliation: "outside" },
  ): Promise<Known<{ login: string; permission: RepositoryPermission }[]>> {
    let pages = 0;
    let truncated = false;
    try {
      const people = await client.paginate(
        "GET /repos/{owner}/{repo}/collaborators",
        { ...where, ...query, per_page: 100 },
        (response, done) => {
          if (++pages >= MAX_PAGES) {
            truncated = response.headers.link?.includes('rel="next"') ?? false;
            done();
          }
          return response.data;
        },
      );
      if (truncated)
        return unknownFact(`more than ${MAX_PAGES * 100} people: the list was not read to its end`);
      return people.map((person) => ({ login: person.login, permission: permissionOf(person) }));
    } catch (error) {
      return unknownFact(refusal(error, "metadata"));
    }
  }

  async function organizationTwoFactor(): Promise<Known<boolean | null>> {
    if (repository.owner.type !== "Organization") return null;
    try {
      const { data } = await client.request("GET /orgs/{org}", { org: repository.owner.login });
      const required = data.two_factor_requirement_enabled;
      // Shown only to those allowed to administer the organization; absent or null otherwise.
      if (typeof required !== "boolean")
        return unknownFact(
          `GitHub did not show it (the App needs the ${PERMISSION_NAMES.organization_administration} permission)`,
        );
      return required;
    } catch (error) {
      return unknownFact(refusal(error, "organization_administration"));
    }
  }

  const [classic, rulesets, alerts, admins, outside, twoFactor] = await Promise.all([
    classicProtection(),
    rulesetProtection(),
    vulnerabilityAlerts(),
    collaborators({ permission: "admin" }),
    collaborators({ affiliation: "outside" }),
    organizationTwoFactor(),
  ]);

  const part = <K extends keyof Protection>(key: K): Known<Protection[K]> => {
    const a = isUnknown(classic) ? classic : classic[key];
    const b = isUnknown(rulesets) ? rulesets : rulesets[key];
    return strongest<Protection[K]>(
      a,
      b,
      (x, y) =>
        (Array.isArray(x)
          ? [...new Set([...(x as string[]), ...(y as string[])])]
          : typeof x === "number"
            ? Math.max(x, y as number)
            : Boolean(x) || Boolean(y)) as Protection[K],
      (value) =>
        Array.isArray(value) ? value.length > 0 : typeof value === "number" ? value > 0 : value === true,
      isUnknown,
    );
  };

  // security_and_analysis is shown only to those who may administer the repository.
  const analysis = repository.security_and_analysis;
  const securityFeature = (status: string | undefined): Known<boolean> =>
    status === undefined
      ? unknownFact(
          `GitHub did not show it (the App needs the ${PERMISSION_NAMES.administration} permission)`,
        )
      : status === "enabled";

  return {
    host: "GitHub",
    repository: repository.full_name,
    owner: {
      login: repository.owner.login,
      type: repository.owner.type === "Organization" ? "organization" : "user",
    },
    defaultBranch: branch,
    defaultBranchProtection: {
      protected: part("protected"),
      requiredApprovingReviews: part("requiredApprovingReviews"),
      dismissStaleReviews: part("dismissStaleReviews"),
      requiredStatusChecks: part("requiredStatusChecks"),
      forcePushesBlocked: part("forcePushesBlocked"),
    },
    secretScanning: securityFeature(analysis?.secret_scanning?.status),
    pushProtection: securityFeature(analysis?.secret_scanning_push_protection?.status),
    vulnerabilityAlerts: alerts,
    admins: isUnknown(admins) ? admins : admins.map((person) => person.login),
    outsideCollaborators: outside as Known<OutsideCollaborator[]>,
    organizationTwoFactorRequired: twoFactor,
  };
}
