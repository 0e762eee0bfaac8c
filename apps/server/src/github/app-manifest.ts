// The GitHub App Rampart asks to be: the permissions and events its features use, each with the
// reason (README, "GitHub App", is written from these tables), and the manifest that GitHub's App
// creation page is filled in from. Pure.

export interface AppPermission {
  permission: string;
  access: "read" | "write";
  reason: string;
}

/** Exactly what the features use; a feature that needs more adds its row here and in the README. */
export const APP_PERMISSIONS: readonly AppPermission[] = [
  {
    permission: "metadata",
    access: "read",
    reason:
      "list an installation's repositories, and read a repository's collaborators and the rulesets of its default branch as settings evidence (GitHub grants it to every App)",
  },
  {
    permission: "contents",
    access: "write",
    reason:
      "clone a repository at the commit a scan judges, find a pull request's merge base, hear pushes to the default branch, and push the security/fix branch of a fix pull request",
  },
  {
    permission: "pull_requests",
    access: "write",
    reason:
      "read a pull request's changed lines, keep its one summary comment up to date, post review comments with suggested fixes, open and update fix pull requests, and count the open pull requests for the PR Bot page's live status",
  },
  {
    permission: "checks",
    access: "write",
    reason:
      "report each pull-request scan as a check run with annotations and a conclusion, and hear re-run requests",
  },
  {
    permission: "administration",
    access: "read",
    reason:
      "read the default branch's protection rule, whether secret scanning, push protection and Dependabot alerts are on, as settings evidence (read only: Rampart changes no setting)",
  },
  {
    permission: "organization_administration",
    access: "read",
    reason: "read whether the organization requires two-factor authentication, as settings evidence",
  },
];

export interface AppEvent {
  event: string;
  reason: string;
}

/** The events the App subscribes to; `installation` and `installation_repositories` come to every App. */
export const APP_EVENTS: readonly AppEvent[] = [
  {
    event: "pull_request",
    reason:
      "scan a pull request when it is opened, reopened or pushed to; stop when it closes; a fix pull request's merged, closed or reopened state",
  },
  { event: "push", reason: "scan the default branch when it moves: pull requests are compared with it" },
  { event: "check_run", reason: "re-run a scan when someone asks for it on Rampart's check run" },
  { event: "check_suite", reason: "re-run a scan when someone re-runs all checks of a commit" },
];

/** The routes GitHub sends browsers and deliveries to, relative to PUBLIC_URL. */
export const GITHUB_ROUTES = {
  webhook: "/api/github/webhooks",
  setup: "/api/github/setup",
  manifestCallback: "/api/github/app/manifest/callback",
} as const;

/** GitHub refuses App names over 34 characters. */
const NAME_MAX = 34;

export function defaultAppName(publicUrl: string): string {
  return `Rampart ${new URL(publicUrl).hostname}`.slice(0, NAME_MAX).trim();
}

/**
 * The manifest of GitHub's App manifest flow. The user authorizes the App while installing it
 * (`request_oauth_on_install`): the setup callback gets a code, and a user token shows that the
 * installation it names is one that user can see (GitHub warns the id alone can be spoofed).
 */
export function appManifest(options: { publicUrl: string; name?: string; public?: boolean }) {
  const base = options.publicUrl.replace(/\/+$/, "");
  return {
    name: (options.name ?? defaultAppName(base)).slice(0, NAME_MAX),
    url: base,
    description: "Scans pull requests for security issues, gates them by policy and suggests fixes.",
    hook_attributes: { url: `${base}${GITHUB_ROUTES.webhook}`, active: true },
    redirect_url: `${base}${GITHUB_ROUTES.manifestCallback}`,
    callback_urls: [`${base}${GITHUB_ROUTES.setup}`],
    setup_url: `${base}${GITHUB_ROUTES.setup}`,
    setup_on_update: false,
    request_oauth_on_install: true,
    public: options.public ?? false,
    default_permissions: Object.fromEntries(APP_PERMISSIONS.map((row) => [row.permission, row.access])),
    default_events: APP_EVENTS.map((row) => row.event),
  };
}
