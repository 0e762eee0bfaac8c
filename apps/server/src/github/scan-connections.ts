// The GitHub connection of a scan's online checks (workflow `uses:` refs: impostor commits, ref
// confusion): the tenant's installation token, minted for the scan and never stored, and the API
// URL the operator configured; nothing a tenant types becomes a host. Without a connected
// installation, or when GitHub will not mint a token, the scan runs offline as before.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import type { OnlineConnections } from "@rampart/engine/analyzer";
import { eq } from "drizzle-orm";
import type { RemoteCodeHost } from "../code-host/remote-code-host.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";

/** `root` is the scan's checkout: a repository without workflows has nothing to ask GitHub. */
export type ScanConnections = (
  repository: RepositoryRow,
  scan: { tenantId: string },
  root: string,
) => Promise<OnlineConnections | undefined>;

/** Where GitHub Actions code that names other actions lives: workflows, or an action at the root. */
function hasActionsCode(root: string): boolean {
  return [".github/workflows", ".github/actions", "action.yml", "action.yaml"].some((path) =>
    existsSync(join(root, path)),
  );
}

/** The tenant's GitHub App installation id, or null when it has none. */
export function installationOfTenant(db: Database): (tenantId: string) => Promise<string | null> {
  return async (tenantId) => {
    const [tenant] = await db
      .select({ installationId: tenants.githubInstallationId })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return tenant?.installationId ?? null;
  };
}

export function createScanConnections(deps: {
  installationOf: (tenantId: string) => Promise<string | null>;
  host: RemoteCodeHost;
  apiUrl: string;
}): ScanConnections {
  return async (repository, scan, root) => {
    // No token is minted for a scan that has no `uses:` to ask about.
    if (repository.source !== "github" || !hasActionsCode(root)) return undefined;
    try {
      const installationId = await deps.installationOf(scan.tenantId);
      if (!installationId) return undefined;
      const session = await deps.host.connect(installationId);
      const { token } = session.cloneAccess(repository.location).credential;
      return { github: { token, apiUrl: deps.apiUrl } };
    } catch {
      // Not minting a token is not a failed scan: the online checks just do not run.
      return undefined;
    }
  };
}
