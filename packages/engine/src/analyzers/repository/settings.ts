// A repository's settings as a code host reports them, in the host's neutral words: how the default
// branch is protected, which security features are on, who administers it and who from outside
// the organization can change it. Any fact may be unknown (the host refused to tell, usually for
// want of a permission); then it carries the reason, and no rule reads it as a pass.

/** A fact the host did not tell, with the reason in words safe to show. */
export interface Unknown {
  unknown: string;
}

export type Known<T> = T | Unknown;

export function unknownFact(reason: string): Unknown {
  return { unknown: reason };
}

export function isUnknown<T>(fact: Known<T>): fact is Unknown {
  return typeof fact === "object" && fact !== null && !Array.isArray(fact) && "unknown" in fact;
}

/** Repository roles from least to most power; a host's own role names are mapped onto these. */
export const REPOSITORY_PERMISSIONS = ["read", "triage", "write", "maintain", "admin"] as const;
export type RepositoryPermission = (typeof REPOSITORY_PERMISSIONS)[number];

export interface OutsideCollaborator {
  login: string;
  permission: RepositoryPermission;
}

/** What applies to pushes and merges into the default branch, from every source the host has (branch protection, rulesets). */
export interface BranchProtection {
  /** Any protection or ruleset applies to the branch at all. */
  protected: Known<boolean>;
  /** Approving reviews a pull request needs before it can be merged; 0 when none. */
  requiredApprovingReviews: Known<number>;
  /** A new push dismisses approvals given before it. */
  dismissStaleReviews: Known<boolean>;
  /** Checks that must pass before a merge; empty when none. */
  requiredStatusChecks: Known<string[]>;
  /** Force pushes (rewriting the branch's history) are refused. */
  forcePushesBlocked: Known<boolean>;
}

export interface RepositorySettings {
  /** Shown to users: "GitHub". */
  host: string;
  /** `owner/name`. */
  repository: string;
  owner: { login: string; type: "organization" | "user" };
  defaultBranch: string;
  defaultBranchProtection: BranchProtection;
  secretScanning: Known<boolean>;
  /** Pushes that contain a detected secret are blocked. */
  pushProtection: Known<boolean>;
  /** The host alerts on dependencies with known vulnerabilities (Dependabot alerts). */
  vulnerabilityAlerts: Known<boolean>;
  /** Everyone with admin permission on the repository, organization owners included. */
  admins: Known<string[]>;
  /** People who are not members of the owning organization but have access to the repository. */
  outsideCollaborators: Known<OutsideCollaborator[]>;
  /** Whether the owning organization requires two-factor authentication; null when a personal account owns it. */
  organizationTwoFactorRequired: Known<boolean | null>;
}

/** Bumped when the document's shape changes. */
export const SETTINGS_SCHEMA = "rampart/repository-settings@1";

/**
 * The settings as the JSON document the `repository` analyzer reads: keys in a fixed order and one
 * fact per line, so findings point at the line of their fact and their fingerprints are stable.
 */
export function settingsDocument(settings: RepositorySettings): string {
  const protection = settings.defaultBranchProtection;
  const ordered = {
    schema: SETTINGS_SCHEMA,
    host: settings.host,
    repository: settings.repository,
    owner: { login: settings.owner.login, type: settings.owner.type },
    defaultBranch: settings.defaultBranch,
    defaultBranchProtection: {
      protected: protection.protected,
      requiredApprovingReviews: protection.requiredApprovingReviews,
      dismissStaleReviews: protection.dismissStaleReviews,
      requiredStatusChecks: protection.requiredStatusChecks,
      forcePushesBlocked: protection.forcePushesBlocked,
    },
    secretScanning: settings.secretScanning,
    pushProtection: settings.pushProtection,
    vulnerabilityAlerts: settings.vulnerabilityAlerts,
    admins: settings.admins,
    outsideCollaborators: isUnknown(settings.outsideCollaborators)
      ? settings.outsideCollaborators
      : settings.outsideCollaborators.map(({ login, permission }) => ({ login, permission })),
    organizationTwoFactorRequired: settings.organizationTwoFactorRequired,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
