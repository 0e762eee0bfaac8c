// An attestation bundle exactly as the server produces and downloads it verifies offline with
// `rampart verify` and the published key; the same bundle with one payload byte flipped does not.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const launcher = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../packages/cli/bin/rampart.mjs",
);
const rampart = (cwd: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [launcher, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
  // A ledger to attest to, without paying for a scan: the content is what a run would append.
  await ctx.database.db.transaction((tx) =>
    ctx.services.ledger.append(tx, {
      tenantId: owner.tenantId,
      artifactType: "run",
      content: { kind: "policy-run", runId: "attestation-verify-test", status: "pass" },
    }),
  );
}, 60_000);
afterAll(() => ctx.close());

describe("rampart verify on a server-made attestation bundle", () => {
  it("verifies the downloaded bundle and its listed bundleHash, and fails a flipped byte", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/attestations`,
      headers: { cookie: owner.cookie },
    });
    expect(created.statusCode).toBe(201);
    const { id, bundleHash } = created.json() as { id: string; bundleHash: string };
    const bundle = await ctx.app.inject({
      method: "GET",
      url: `/api/attest/bundle/${id}?format=json`,
      headers: { cookie: owner.cookie },
    });
    expect(bundle.statusCode).toBe(200);
    const key = await ctx.app.inject({ method: "GET", url: "/api/evidence/public-key" });

    const dir = mkdtempSync(path.join(tmpdir(), "rampart-attestation-verify-"));
    writeFileSync(path.join(dir, "bundle.json"), bundle.body);
    writeFileSync(path.join(dir, "public-key.json"), key.body);
    const verified = rampart(
      dir,
      "verify",
      "bundle.json",
      "--key",
      "public-key.json",
      "--bundle-hash",
      bundleHash,
    );
    expect(verified.stdout).toMatch(/PASS\s+bundle-hash\s+bundleHash \w{64} matches/);
    expect(verified.stdout).toMatch(new RegExp(`^VERIFIED: attestation of tenant ${owner.tenantId}`, "m"));
    expect(verified.code).toBe(0);

    const envelope = JSON.parse(bundle.body) as { payload: string };
    const payload = Buffer.from(envelope.payload, "base64");
    payload[100] = payload[100]! ^ 0x01;
    writeFileSync(
      path.join(dir, "flipped.json"),
      JSON.stringify({ ...envelope, payload: payload.toString("base64") }, null, 2),
    );
    const flipped = rampart(
      dir,
      "verify",
      "flipped.json",
      "--key",
      "public-key.json",
      "--bundle-hash",
      bundleHash,
    );
    expect(flipped.stdout).toMatch(/FAIL\s+signature/);
    expect(flipped.stdout).toMatch(/FAIL\s+bundle-hash/);
    expect(flipped.code).toBe(1);
  });
});
