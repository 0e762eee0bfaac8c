// Repositories a tenant scans: a git URL, a local path on a self-hosted install, or a bundled sample.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const RepositorySource = z.enum(["git", "local", "sample"]);

export const Repository = z.object({
  id: Id,
  tenantId: Id,
  /** Display name, e.g. `acme/payments-api`; the `repo` of runs. */
  name: z.string(),
  source: RepositorySource,
  /** The git URL, the local path, or the sample's name. */
  location: z.string(),
  defaultBranch: z.string().nullable(),
  /** Cron expression of the scheduled scan (UTC); null when scheduled scans are off. */
  scanSchedule: z.string().nullable(),
  createdAt: Timestamp,
});
export type Repository = z.infer<typeof Repository>;

export const CreateRepositoryBody = z.object({
  /** A git URL (https://, ssh://, git@host:path) or an absolute local path. */
  location: z.string().trim().min(1, { error: "Repository URL or path is required" }).max(2000),
  name: z.string().trim().min(1).max(200).optional(),
  defaultBranch: z.string().trim().min(1).max(255).optional(),
  scanSchedule: z.string().trim().max(100).nullable().optional(),
});
export type CreateRepositoryBody = z.infer<typeof CreateRepositoryBody>;

export const RepositoryList = z.array(Repository);
export const RepositoryParams = z.object({ tenantId: Id, repositoryId: Id });
