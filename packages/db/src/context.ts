// Who the database is working for. Row-level security policies read these values from settings
// that the application database applies to every query (see client.ts), so a query that forgets
// its tenant filter still sees only the tenants its caller may see.
import { AsyncLocalStorage } from "node:async_hooks";

export type DatabaseContext =
  /** A signed-in user: the tenants they are a member of (their own demo organization among them). */
  | { kind: "user"; userId: string }
  /** A job of one tenant: that tenant only. */
  | { kind: "tenant"; tenantId: string }
  /**
   * An instance-wide task (scheduler, ledger verify-all, session purge, startup sweeps): runs on
   * the owner's connection instead of the application role's. The job queue and the start scripts
   * enter it, and four narrow steps of a request after its own checks: the audit recorder, an
   * invitation looked up by its secret token, copying the demo template, and finding the tenant of
   * a GitHub webhook's installation once its signature is verified. Nothing else may.
   */
  | { kind: "system" };

/**
 * Holds the context of one unit of work. A request gets its scope before it knows its user; the
 * authenticate hook fills it in, and everything the request awaits afterwards reads it.
 */
export interface DatabaseScope {
  context: DatabaseContext | undefined;
}

const storage = new AsyncLocalStorage<DatabaseScope>();

/** Runs `work` (and everything it awaits) for `context`; outside any context a query sees no tenant. */
export function withDatabaseContext<T>(context: DatabaseContext, work: () => T): T {
  return withDatabaseScope({ context }, work);
}

/** Runs `work` in `scope`, whose context may be set later (by the authenticate hook). */
export function withDatabaseScope<T>(scope: DatabaseScope, work: () => T): T {
  return storage.run(scope, () => startInScope(work()));
}

/**
 * A drizzle query is a lazy thenable: it runs when awaited, which would be after the scope was
 * left. Starting it here keeps its queries inside; native promises have started already.
 */
function startInScope<T>(result: T): T {
  const thenable = result as { then?: unknown } | null;
  if (
    thenable &&
    typeof thenable === "object" &&
    typeof thenable.then === "function" &&
    !(result instanceof Promise)
  )
    return new Promise((resolve, reject) => (result as PromiseLike<unknown>).then(resolve, reject)) as T;
  return result;
}

export function currentDatabaseContext(): DatabaseContext | undefined {
  return storage.getStore()?.context;
}

/** The settings the policies read, for the current context; empty strings mean "none". */
export function contextSettings(context: DatabaseContext | undefined): { userId: string; tenantId: string } {
  if (context?.kind === "user") return { userId: context.userId, tenantId: "" };
  if (context?.kind === "tenant") return { userId: "", tenantId: context.tenantId };
  return { userId: "", tenantId: "" };
}
