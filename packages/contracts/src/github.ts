// The GitHub App: its status on this instance, creating it through GitHub's manifest flow,
// installing it for an organization, and the callbacks GitHub sends browsers and deliveries to.
import { z } from "zod";

export const GitHubAppStatus = z.object({
  configured: z.boolean(),
  /** Where its credentials come from: the GITHUB_* variables, or the App created from Rampart. */
  source: z.enum(["environment", "manifest"]).nullable(),
  /** The App's page on GitHub, when known. */
  htmlUrl: z.string().nullable(),
  /** Whether the caller may create the App now (an instance admin, no App yet, PUBLIC_URL set). */
  canCreate: z.boolean(),
});
export type GitHubAppStatus = z.infer<typeof GitHubAppStatus>;

/** GitHub account and organization logins: letters, digits and single hyphens, at most 39. */
const GitHubLogin = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/, { error: "Not a GitHub organization name" });

export const CreateGitHubAppBody = z
  .object({
    /** The GitHub organization that will own the App; the admin's own account when absent. */
    organization: GitHubLogin.optional(),
    /** A public App can be installed on other accounts (one Rampart for several GitHub organizations). */
    public: z.boolean().optional(),
    name: z.string().trim().min(1).max(34).optional(),
  })
  .strict();
export type CreateGitHubAppBody = z.infer<typeof CreateGitHubAppBody>;

/** A form for the browser to post to GitHub: `manifest` goes in a field of that name. */
export const GitHubManifestForm = z.object({ action: z.url(), manifest: z.string() });

export const GitHubCallbackQuery = z.object({
  code: z.string().regex(/^[\w.-]{1,200}$/, { error: "Not a GitHub code" }),
  state: z.string().min(1).max(2000),
});

export const GitHubSetupQuery = z.object({
  installation_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  setup_action: z.enum(["install", "update", "request"]).optional(),
  /** Absent when the App was installed from GitHub rather than from Rampart's onboarding. */
  state: z.string().min(1).max(2000).optional(),
  /** Present when the installing user authorized the App: proves the installation is theirs. */
  code: z
    .string()
    .regex(/^[\w.-]{1,200}$/, { error: "Not a GitHub code" })
    .optional(),
});

export const GitHubInstallLink = z.object({ url: z.url() });

export const GitHubWebhookOutcome = z.object({
  outcome: z.enum(["accepted", "ignored", "duplicate"]),
  reason: z.string().optional(),
});
