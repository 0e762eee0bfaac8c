import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RemoteCodeHost, RemoteSession } from "../code-host/remote-code-host.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { createScanConnections } from "./scan-connections.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function checkout(withWorkflows: boolean): string {
  const root = mkdtempSync(join(tmpdir(), "rampart-connections-"));
  roots.push(root);
  if (withWorkflows) mkdirSync(join(root, ".github", "workflows"), { recursive: true });
  return root;
}

function host(connected: string[]): RemoteCodeHost {
  return {
    displayName: "GitHub",
    commitUrl: () => "",
    async connect(installationId) {
      connected.push(installationId);
      if (installationId === "broken") throw new Error("GitHub said 500 with token ghs_secret");
      return {
        cloneAccess: (fullName: string) => ({
          url: `https://github.example/${fullName}.git`,
          credential: { username: "x-access-token", token: `ghs_for_${installationId}` },
        }),
      } as unknown as RemoteSession;
    },
  };
}

const repository = (source: string) => ({ source, location: "acme/api" }) as unknown as RepositoryRow;

describe("createScanConnections", () => {
  it("mints the tenant's installation token for a GitHub repository with workflows", async () => {
    const connected: string[] = [];
    const connections = createScanConnections({
      installationOf: async (tenantId) => (tenantId === "t1" ? "42" : null),
      host: host(connected),
      apiUrl: "https://api.github.com",
    });
    expect(await connections(repository("github"), { tenantId: "t1" }, checkout(true))).toEqual({
      github: { token: "ghs_for_42", apiUrl: "https://api.github.com" },
    });
    expect(connected).toEqual(["42"]);
  });

  it("stays offline, minting nothing, without workflows, a GitHub source or an installation", async () => {
    const connected: string[] = [];
    const connections = createScanConnections({
      installationOf: async (tenantId) => (tenantId === "t1" ? "42" : tenantId === "t2" ? "broken" : null),
      host: host(connected),
      apiUrl: "https://api.github.com",
    });
    expect(await connections(repository("github"), { tenantId: "t1" }, checkout(false))).toBeUndefined();
    expect(await connections(repository("upload"), { tenantId: "t1" }, checkout(true))).toBeUndefined();
    expect(await connections(repository("github"), { tenantId: "t3" }, checkout(true))).toBeUndefined();
    expect(await connections(repository("github"), { tenantId: "t2" }, checkout(true))).toBeUndefined();
    expect(connected).toEqual(["broken"]);
  });
});
