// `rampart witness keygen`, `vkey` and `serve` through the real launcher; the server is then fed by
// the ledger's witness client, as a Rampart server would feed it.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  exportPublicKeyPem,
  generateKeyPair,
  localSigner,
  MerkleTree,
  signCheckpoint,
  submitCheckpoint,
  verifierKey,
  verifyCosignatures,
} from "@rampart/ledger";
import { afterEach, describe, expect, it } from "vitest";
import { LAUNCHER, runRampart } from "../../test/run-rampart.ts";
import { parseLogsFile } from "./witness.ts";

let dirs: string[] = [];
let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  children = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rampart-witness-cli-"));
  dirs.push(dir);
  return dir;
}

/** Starts `rampart witness serve` and resolves with its URL once it listens. */
function startServe(
  cwd: string,
  args: string[],
): Promise<{ url: string; child: ChildProcess; vkey: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, "witness", "serve", ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const url = /on (http:\/\/\S+)\n/.exec(stdout);
      const vkey = /^vkey (\S+)$/m.exec(stdout);
      if (url && vkey) resolve({ url: url[1]!, child, vkey: vkey[1]! });
    });
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

const ORIGIN = "rampart.example.com/tenants/3f6c";
const leaves = Array.from({ length: 30 }, (_, n) => createHash("sha256").update(`entry ${n}`).digest());
const tree = MerkleTree.fromLeaves(leaves);

describe("rampart witness", { timeout: 60_000 }, () => {
  it("keygen writes a 0600 key, refuses to overwrite it, and prints the cosigner vkey", async () => {
    const dir = tempDir();
    const made = await runRampart(dir, [
      "witness",
      "keygen",
      "--name",
      "auditor.example/w",
      "--out",
      "w.key",
    ]);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^auditor\.example\/w\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}\n$/);
    expect(statSync(join(dir, "w.key")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, "w.key"), "utf8")).toMatch(
      /^witness-name: auditor\.example\/w\n-----BEGIN PRIVATE KEY-----/,
    );
    const again = await runRampart(dir, [
      "witness",
      "keygen",
      "--name",
      "auditor.example/w",
      "--out",
      "w.key",
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe("rampart: w.key exists; not overwriting a key\n");
  });

  it("vkey derives a tenant's log key from the instance's public key", async () => {
    const dir = tempDir();
    const { publicKey } = generateKeyPair();
    const json = {
      algorithm: "Ed25519",
      publicKeyPem: exportPublicKeyPem(publicKey),
      fingerprint: "unused",
      verifierKey: verifierKey("rampart.example.com", publicKey),
    };
    writeFileSync(join(dir, "key.json"), JSON.stringify(json));
    writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(publicKey));
    const byOrigin = await runRampart(dir, [
      "witness",
      "vkey",
      "--public-key",
      "key.pem",
      "--origin",
      ORIGIN,
    ]);
    expect(byOrigin.stdout).toBe(`${verifierKey(ORIGIN, publicKey)}\n`);
    const byTenant = await runRampart(dir, [
      "witness",
      "vkey",
      "--public-key",
      "key.json",
      "--tenant",
      "3f6c",
    ]);
    expect(byTenant.stdout).toBe(`${verifierKey(ORIGIN, publicKey)}\n`);
    const missing = await runRampart(dir, ["witness", "vkey", "--public-key", "key.pem", "--tenant", "3f6c"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--tenant needs the JSON");
  });

  it("serve cosigns a log's honest extension, refuses a fork and lists it", async () => {
    const dir = tempDir();
    await runRampart(dir, ["witness", "keygen", "--name", "auditor.example/w", "--out", "w.key"]);
    const log = generateKeyPair();
    const checkpoint = (root: Buffer, size: number) =>
      signCheckpoint(
        { origin: ORIGIN, treeSize: size, rootHash: root.toString("hex"), timestamp: "2026-11-22T10:00:00Z" },
        localSigner(log.privateKey),
      );
    writeFileSync(
      join(dir, "logs.txt"),
      `# the customer's tenant\n${ORIGIN} ${verifierKey(ORIGIN, log.publicKey)}\n`,
    );
    const { url, vkey } = await startServe(dir, [
      "--key",
      "w.key",
      "--logs",
      "logs.txt",
      "--state",
      "state.json",
      "--port",
      "0",
    ]);

    const first = await submitCheckpoint({
      url,
      witnessVkey: vkey,
      oldSize: 0,
      proof: [],
      note: await checkpoint(tree.root(20), 20),
    });
    expect(first.kind).toBe("cosigned");
    const extended = await checkpoint(tree.root(30), 30);
    const second = await submitCheckpoint({
      url,
      witnessVkey: vkey,
      oldSize: 20,
      proof: tree.consistencyProof(20),
      note: extended,
    });
    expect(second.kind).toBe("cosigned");
    const lines = second.kind === "cosigned" ? second.lines : [];
    expect(verifyCosignatures(`${extended}${lines.join("\n")}\n`, [vkey])).toMatchObject({
      vouching: [{ name: "auditor.example/w" }],
    });

    const forked = await checkpoint(createHash("sha256").update("rewritten").digest(), 30);
    const refused = await submitCheckpoint({ url, witnessVkey: vkey, oldSize: 30, proof: [], note: forked });
    expect(refused).toMatchObject({ kind: "refused", status: 422 });
    const forks = (await (await fetch(`${url}/forks`)).json()) as {
      forks: { reason: string; note: string }[];
    };
    expect(forks.forks).toEqual([
      expect.objectContaining({ reason: "same-size-different-root", note: forked }),
    ]);
    const state = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
    expect(state.logs[ORIGIN]).toMatchObject({ size: 30, rootHash: tree.root(30).toString("hex") });
  });

  it("serve refuses to start on a damaged state file", async () => {
    const dir = tempDir();
    await runRampart(dir, ["witness", "keygen", "--name", "auditor.example/w", "--out", "w.key"]);
    const log = generateKeyPair();
    writeFileSync(join(dir, "logs.txt"), `${ORIGIN} ${verifierKey(ORIGIN, log.publicKey)}\n`);
    writeFileSync(join(dir, "state.json"), "[]");
    const run = await runRampart(dir, [
      "witness",
      "serve",
      "--key",
      "w.key",
      "--logs",
      "logs.txt",
      "--state",
      "state.json",
      "--port",
      "0",
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `rampart: the witness state ${join(dir, "state.json")} is not a witness state file\n`,
    );
  });
});

describe("parseLogsFile", () => {
  it("reads origin and key lines and names the line of a problem", () => {
    const { publicKey } = generateKeyPair();
    const vkey = verifierKey(ORIGIN, publicKey);
    expect(parseLogsFile(`\n# comment\n${ORIGIN}   ${vkey}\n`)).toEqual([{ origin: ORIGIN, vkey }]);
    expect(() => parseLogsFile(`${ORIGIN} ${vkey}\n${ORIGIN} ${vkey}\n`)).toThrow("logs line 2: ");
    expect(() => parseLogsFile(`${ORIGIN}\n`)).toThrow("logs line 1: expected");
    expect(() => parseLogsFile(`${ORIGIN} ${vkey.replace(/\+[0-9a-f]{8}\+/, "+00000000+")}\n`)).toThrow(
      "key ID does not match",
    );
    expect(() => parseLogsFile("# nothing\n")).toThrow("no log");
  });
});
