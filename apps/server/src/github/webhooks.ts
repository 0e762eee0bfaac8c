// GitHub's webhook deliveries: one table of the events Rampart acts on, each with the payload
// fields it reads (zod, nothing more is trusted), whether it needs the installation to be linked
// to a tenant, and what it does. The route (webhooks.routes.ts) has verified the signature, taken
// the delivery id once and found the tenant before any of this runs, in that tenant's context.
import { z } from "zod";
import type { RemoteRepository } from "../code-host/remote-code-host.ts";
import type { PullRequestScansService } from "../pull-requests/pull-request-scans.service.ts";
import type { RepositoriesRepo, RepositoryRow } from "../repositories/repositories.repo.ts";
import { PUSH_TRIGGER } from "../runs/run-triggers.ts";
import type { ScanService } from "../runs/scan.service.ts";
import type { TenantRow } from "../tenants/tenants.repo.ts";
import { FULL_NAME } from "./github-urls.ts";
import type { InstallationsService } from "./installations.service.ts";

export type WebhookOutcome = { outcome: "accepted" } | { outcome: "ignored"; reason: string };

const Sha = z.string().regex(/^[0-9a-f]{40}$/);
const GitRef = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\s\0]+$/);
const Installation = z.object({ id: z.number().int().positive() });

/** A repository as events name it; `default_branch` only where GitHub sends it. */
const Repository = z.object({
  id: z.number().int().positive(),
  full_name: z.string().regex(FULL_NAME),
  private: z.boolean().optional(),
  default_branch: GitRef.optional(),
});
type Repository = z.infer<typeof Repository>;

const PullRequestRef = z.object({
  number: z.number().int().positive(),
  base: z.object({ sha: Sha, ref: GitRef }),
});

/** Where a payload says which installation it is about. */
export const Envelope = z.object({
  action: z.string().max(100).optional(),
  installation: Installation.optional(),
});

export interface WebhookDependencies {
  installations: InstallationsService;
  repositories: RepositoriesRepo;
  scans: Pick<ScanService, "requestWithinQuota">;
  pullRequests: PullRequestScansService;
}

export interface WebhookContext {
  /** The tenant the installation is linked to. */
  tenant: TenantRow;
  installationId: string;
  /** This App's id: check events about another App's checks are not Rampart's. */
  appId: number;
}

interface EventHandler<Schema extends z.ZodType> {
  /** The actions acted on; other actions are acknowledged and ignored. Undefined: the event has none. */
  actions?: readonly string[];
  /** Whether a delivery for an installation no tenant has is an error (404) rather than expected. */
  needsTenant: (action: string | undefined) => boolean;
  payload: Schema;
  handle(
    payload: z.infer<Schema>,
    context: WebhookContext,
    deps: WebhookDependencies,
  ): Promise<WebhookOutcome>;
}

const define = <Schema extends z.ZodType>(handler: EventHandler<Schema>) => handler;
const accepted: WebhookOutcome = { outcome: "accepted" };
const ignored = (reason: string): WebhookOutcome => ({ outcome: "ignored", reason });

const remoteOf = (repository: Repository): RemoteRepository => ({
  externalId: String(repository.id),
  fullName: repository.full_name,
  defaultBranch: repository.default_branch ?? null,
  private: repository.private ?? true,
});

/**
 * The tenant's repository an event is about: registered on first sight (GitHub sent the event, so
 * it is in the installation), renamed when GitHub renamed it; undefined when someone removed it
 * from Rampart, which an event does not undo.
 */
async function repositoryOf(
  deps: WebhookDependencies,
  tenantId: string,
  repository: Repository,
): Promise<RepositoryRow | undefined> {
  const known = await deps.repositories.findHosted(tenantId, String(repository.id));
  if (known?.archivedAt) return undefined;
  if (
    known &&
    known.location === repository.full_name &&
    (!repository.default_branch || known.defaultBranch === repository.default_branch)
  )
    return known;
  const { registered } = await deps.installations.addRepositories(tenantId, [remoteOf(repository)]);
  return registered[0];
}

/** A check run or suite someone asked to run again. */
const CheckSubject = z.object({
  head_sha: Sha,
  app: z.object({ id: z.number() }).optional(),
  pull_requests: z.array(PullRequestRef).max(100).default([]),
});

const checkRerun = (kind: "check_run" | "check_suite") =>
  define({
    actions: ["rerequested"],
    needsTenant: () => true,
    payload: z.object({
      check_run: CheckSubject.optional(),
      check_suite: CheckSubject.optional(),
      repository: Repository,
    }),
    async handle(payload, context, deps) {
      const subject = payload[kind];
      if (!subject) return ignored(`the delivery has no ${kind}`);
      if (subject.app && subject.app.id !== context.appId) return ignored("another App's check");
      const tenantId = context.tenant.id;
      const repository = await repositoryOf(deps, tenantId, payload.repository);
      if (!repository) return ignored("the repository was removed from Rampart");
      // Fork pull requests are not listed on the check: the stored scans of that commit say which.
      const numbers = subject.pull_requests.length
        ? subject.pull_requests
        : [await deps.pullRequests.latestAt(tenantId, repository.id, subject.head_sha)].flatMap((row) =>
            row ? [{ number: row.number, base: { sha: row.baseSha, ref: row.baseRef } }] : [],
          );
      if (numbers.length === 0) return ignored("no pull request of Rampart's at this commit");
      for (const pull of numbers)
        await deps.pullRequests.onPush({
          tenantId,
          repository,
          number: pull.number,
          headSha: subject.head_sha,
          baseSha: pull.base.sha,
          baseRef: pull.base.ref,
        });
      return accepted;
    },
  });

/** The events Rampart acts on; any other event is acknowledged and ignored. */
export const WEBHOOK_EVENTS: Record<string, EventHandler<z.ZodType>> = {
  installation: define({
    actions: ["created", "deleted", "suspend", "unsuspend"],
    // Created: the setup callback usually links it a moment later, so an unlinked one is normal.
    needsTenant: (action) => action !== "created",
    payload: z.object({ action: z.string() }),
    async handle(payload, context, deps) {
      const tenant = context.tenant;
      switch (payload.action) {
        case "created":
          await deps.installations.syncLater(tenant.id);
          return accepted;
        case "deleted":
          await deps.installations.unlink(tenant.id);
          return accepted;
        default:
          await deps.installations.setSuspended(tenant.id, payload.action === "suspend");
          return accepted;
      }
    },
  }),

  installation_repositories: define({
    actions: ["added", "removed"],
    needsTenant: () => true,
    payload: z.object({
      action: z.enum(["added", "removed"]),
      repositories_added: z.array(Repository).max(10_000).default([]),
      repositories_removed: z.array(Repository).max(10_000).default([]),
    }),
    async handle(payload, context, deps) {
      const tenantId = context.tenant.id;
      if (payload.action === "added")
        await deps.installations.addRepositories(tenantId, payload.repositories_added.map(remoteOf));
      else
        await deps.installations.removeRepositories(
          tenantId,
          payload.repositories_removed.map((repository) => String(repository.id)),
        );
      return accepted;
    },
  }),

  pull_request: define({
    actions: ["opened", "synchronize", "reopened", "closed"],
    needsTenant: () => true,
    payload: z.object({
      action: z.enum(["opened", "synchronize", "reopened", "closed"]),
      number: z.number().int().positive(),
      pull_request: z.object({
        head: z.object({ sha: Sha }),
        base: z.object({ sha: Sha, ref: GitRef }),
      }),
      repository: Repository,
    }),
    async handle(payload, context, deps) {
      const tenantId = context.tenant.id;
      const repository = await repositoryOf(deps, tenantId, payload.repository);
      if (!repository) return ignored("the repository was removed from Rampart");
      if (payload.action === "closed") {
        await deps.pullRequests.onClosed(tenantId, repository.id, payload.number);
        return accepted;
      }
      await deps.pullRequests.onPush({
        tenantId,
        repository,
        number: payload.number,
        headSha: payload.pull_request.head.sha,
        baseSha: payload.pull_request.base.sha,
        baseRef: payload.pull_request.base.ref,
      });
      return accepted;
    },
  }),

  push: define({
    needsTenant: () => true,
    payload: z.object({
      ref: GitRef,
      after: z.string().regex(/^[0-9a-f]{40}$/),
      deleted: z.boolean().default(false),
      repository: Repository.extend({ default_branch: GitRef }),
    }),
    async handle(payload, context, deps) {
      if (payload.ref !== `refs/heads/${payload.repository.default_branch}`)
        return ignored("not the default branch");
      if (payload.deleted || /^0+$/.test(payload.after)) return ignored("the branch was deleted");
      const tenantId = context.tenant.id;
      const repository = await repositoryOf(deps, tenantId, payload.repository);
      if (!repository) return ignored("the repository was removed from Rampart");
      await deps.scans.requestWithinQuota({
        tenantId,
        repositoryId: repository.id,
        triggeredBy: PUSH_TRIGGER,
        ref: payload.after,
      });
      return accepted;
    },
  }),

  check_run: checkRerun("check_run"),
  check_suite: checkRerun("check_suite"),
};
