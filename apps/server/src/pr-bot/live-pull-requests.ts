// The PR Bot page's live PR status: how many pull requests are open now in the tenant's
// repositories on its connected code host, read from the host. Every signed-in user polls it every
// 10 s, so one answer per tenant is shared for a few seconds and concurrent asks share one read;
// a host that failed is not asked again until FAILURE_BACKOFF has passed. A tenant with no code
// host connected gets Rampart's open fix pull requests on its own fix remote, labelled as such.
import type { ActivePrCount } from "@rampart/contracts/pr-bot";
import type { Database } from "@rampart/db/client";
import { repositories, tenants } from "@rampart/db/schema";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { RemoteCodeHost } from "../code-host/remote-code-host.ts";
import { AppError } from "../errors.ts";

/** How long one read of the host answers every user of the tenant (the page polls every 10 s). */
export const LIVE_COUNT_MAX_AGE_MS = 15_000;
/** How long a failed read is answered as failed before the host is asked again. */
export const FAILURE_BACKOFF_MS = 10_000;
/** One read asks about at most this many repositories (one request each), the first by name. */
export const MAX_COUNTED_REPOSITORIES = 100;
/** Requests to the host in flight at once for one read. */
const CONCURRENT_REQUESTS = 4;
/** Entries kept before expired ones are swept (one per tenant polled recently). */
const SWEEP_ABOVE = 1000;

type HostCount = Extract<ActivePrCount, { source: "host" }>;

interface Entry {
  at: number;
  answer: Promise<HostCount>;
  failed: boolean;
}

export function createLivePullRequests(deps: {
  db: Database;
  host: RemoteCodeHost;
  /** Rampart's open fix pull requests of the tenant (the local fix remote's). */
  localOpenCount: (tenantId: string) => Promise<number>;
  logger?: FastifyBaseLogger;
  now?: () => number;
  maxAgeMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const maxAge = deps.maxAgeMs ?? LIVE_COUNT_MAX_AGE_MS;
  const cache = new Map<string, Entry>();

  /** The tenant's installation, unless it has none or GitHub suspended it. */
  async function connectionOf(tenantId: string): Promise<string | undefined> {
    const [tenant] = await deps.db
      .select({
        installationId: tenants.githubInstallationId,
        suspendedAt: tenants.githubInstallationSuspendedAt,
      })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return tenant?.installationId && !tenant.suspendedAt ? tenant.installationId : undefined;
  }

  async function readHost(tenantId: string, connection: string): Promise<HostCount> {
    const checkedAt = new Date(now()).toISOString();
    const rows = await deps.db
      .select({ location: repositories.location })
      .from(repositories)
      .where(
        and(
          eq(repositories.tenantId, tenantId),
          eq(repositories.source, "github"),
          isNull(repositories.archivedAt),
        ),
      )
      .orderBy(asc(repositories.name))
      .limit(MAX_COUNTED_REPOSITORIES + 1);
    const counted = rows.slice(0, MAX_COUNTED_REPOSITORIES).map((row) => row.location);
    const session = await deps.host.connect(connection);
    let count = 0;
    for (let start = 0; start < counted.length; start += CONCURRENT_REQUESTS) {
      const batch = counted.slice(start, start + CONCURRENT_REQUESTS);
      const counts = await Promise.all(batch.map((fullName) => session.openPullRequestCount(fullName)));
      count += counts.reduce((sum, value) => sum + value, 0);
    }
    return {
      source: "host",
      count,
      host: deps.host.displayName,
      repositories: counted.length,
      partial: rows.length > MAX_COUNTED_REPOSITORIES,
      checkedAt,
    };
  }

  function sweep(at: number) {
    if (cache.size <= SWEEP_ABOVE) return;
    for (const [key, entry] of cache)
      if (at - entry.at >= Math.max(maxAge, FAILURE_BACKOFF_MS)) cache.delete(key);
  }

  /** The shared answer for the tenant's connection, reading the host when it is too old. */
  function hostCount(tenantId: string, connection: string): Promise<HostCount> {
    const key = `${tenantId}\u0000${connection}`;
    const at = now();
    const cached = cache.get(key);
    if (cached && at - cached.at < (cached.failed ? FAILURE_BACKOFF_MS : maxAge)) return cached.answer;
    sweep(at);
    const entry: Entry = { at, failed: false, answer: readHost(tenantId, connection) };
    entry.answer.catch((error: unknown) => {
      entry.failed = true;
      deps.logger?.warn({ tenantId, error: String(error) }, "live PR count: the code host did not answer");
    });
    cache.set(key, entry);
    return entry.answer;
  }

  return {
    async activeCount(tenantId: string): Promise<ActivePrCount> {
      const connection = await connectionOf(tenantId);
      if (!connection) return { source: "local", count: await deps.localOpenCount(tenantId) };
      try {
        return await hostCount(tenantId, connection);
      } catch {
        throw new AppError(
          "unavailable",
          `${deps.host.displayName} did not answer, so the live count is unknown; it is asked again shortly`,
        );
      }
    },
  };
}

export type LivePullRequests = ReturnType<typeof createLivePullRequests>;
