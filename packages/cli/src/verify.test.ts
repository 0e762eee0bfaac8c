// `rampart verify` on real export files: an untouched export verifies, one changed byte names the
// failing entry, and a later export is checked against an earlier one.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildChain, buildExport, cutCheckpoint, exportPublicKeyPem, generateKeyPair } from "@rampart/ledger";
import { describe, expect, it } from "vitest";

const launcher = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "rampart.mjs");
const rampart = (cwd: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [launcher, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const { privateKey, publicKey } = generateKeyPair();
const contents = Array.from({ length: 6 }, (_, n) => ({ kind: "policy-run", runId: `run-${n}`, failed: n }));

function exportOf(count: number, earlierCheckpoint?: string) {
  const entries = buildChain(contents.slice(0, count));
  const checkpoint = cutCheckpoint({
    origin: "rampart.test/tenants/t",
    entries,
    timestamp: "2026-11-22T12:00:00Z",
    privateKey,
  });
  return buildExport({ entries, checkpoint, publicKey, ...(earlierCheckpoint ? { earlierCheckpoint } : {}) });
}

describe("rampart verify", () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-verify-"));
  const earlier = exportOf(4);
  const later = exportOf(6, earlier.checkpoint);
  writeFileSync(join(dir, "earlier.json"), JSON.stringify(earlier));
  writeFileSync(join(dir, "later.json"), JSON.stringify(later, null, 2));
  writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(publicKey));

  it("passes an untouched export checked against the published key and an earlier export", () => {
    const result = rampart(dir, "verify", "later.json", "--key", "key.pem", "--earlier", "earlier.json");
    expect(result.stdout).toMatch(/VERIFIED/);
    expect(result.stdout).toMatch(/PASS\s+consistency/);
    expect(result.code).toBe(0);
  });

  it("names the entry when one byte of an artifact changes", () => {
    const text = JSON.stringify(later, null, 2).replace('"failed": 3', '"failed": 4');
    writeFileSync(join(dir, "tampered.json"), text);
    const result = rampart(dir, "verify", "tampered.json", "--key", "key.pem");
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAILED/);
    expect(result.stdout).toMatch(/entry 3/);
  });

  it("exits 2 with one line on stderr for a missing file", () => {
    const result = rampart(dir, "verify", "nope.json");
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
