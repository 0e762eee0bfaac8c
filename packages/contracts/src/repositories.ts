// Repositories a tenant scans: a git URL, a local path on a self-hosted install, or a bundled sample;
// or one whose runs are scanned elsewhere and uploaded from CI (`upload`).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

/**
 * `upload`: created by a CI upload (POST /api/runs/upload); Rampart holds none of its code.
 * `github`: a repository of the organization's GitHub App installation.
 */
export const RepositorySource = z.enum(["git", "local", "sample", "upload", "github"]);

export const Repository = z.object({
  id: Id,
  tenantId: Id,
  /** Display name, e.g. `acme/payments-api`; the `repo` of runs. */
  name: z.string(),
  source: RepositorySource,
  /** The git URL, the local path, or the sample's name (an uploaded repository's own name). */
  location: z.string(),
  defaultBranch: z.string().nullable(),
  /** Cron expression of the scheduled scan (UTC); null when scheduled scans are off. */
  scanSchedule: z.string().nullable(),
  /** Whether an access token is stored for fetching; the token itself is never returned. */
  hasCredential: z.boolean(),
  createdAt: Timestamp,
});
export type Repository = z.infer<typeof Repository>;

/**
 * An access token for an https repository (a GitHub or GitLab token, a Bitbucket app password),
 * sent as HTTP Basic authentication; write-only, stored encrypted.
 */
export const RepositoryCredential = z.object({
  /** Defaults to `x-access-token`; Bitbucket needs the account name. */
  username: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^:\s]+$/, { error: "A user name cannot contain ':' or spaces" })
    .optional(),
  token: z
    .string()
    .trim()
    .min(1, { error: "Access token is required" })
    .max(4000)
    .regex(/^[\x21-\x7e]+$/, {
      error: "An access token is printable ASCII without spaces",
    }),
});
export type RepositoryCredential = z.infer<typeof RepositoryCredential>;

export const CreateRepositoryBody = z.object({
  /** A git URL (https://, ssh://, git@host:path) or an absolute local path. */
  location: z.string().trim().min(1, { error: "Repository URL or path is required" }).max(2000),
  name: z.string().trim().min(1).max(200).optional(),
  defaultBranch: z.string().trim().min(1).max(255).optional(),
  scanSchedule: z.string().trim().max(100).nullable().optional(),
  credential: RepositoryCredential.optional(),
});
export type CreateRepositoryBody = z.infer<typeof CreateRepositoryBody>;

/** Changes to a registered repository; `credential: null` removes the stored token. */
export const UpdateRepositoryBody = z.object({
  /** The display name; the repository's runs take the new name too. */
  name: z.string().trim().min(1, { error: "Name is required" }).max(200).optional(),
  defaultBranch: z.string().trim().min(1).max(255).nullable().optional(),
  scanSchedule: z.string().trim().max(100).nullable().optional(),
  credential: RepositoryCredential.nullable().optional(),
});
export type UpdateRepositoryBody = z.infer<typeof UpdateRepositoryBody>;

export const RepositoryList = z.array(Repository);
export const RepositoryParams = z.object({ tenantId: Id, repositoryId: Id });
