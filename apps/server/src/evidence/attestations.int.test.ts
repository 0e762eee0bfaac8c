import { exportPublicKeyPem, generateKeyPair, importPublicKey, verifyEnvelope } from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { signedProvenance } from "../../test/provenance.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const { root, path: repo } = sampleRepository("ml-pipeline", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [root] });

  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/repositories`,
    headers: { cookie: owner.cookie },
    payload: { location: repo },
  });

  const scan = await ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    headers: { cookie: owner.cookie },
    payload: { tenantId: owner.tenantId },
  });
  if (scan.statusCode !== 200) throw new Error(scan.body);
}, 120_000);
afterAll(() => ctx.close());

const call = (method: "GET" | "POST", url: string, payload?: object, cookie = owner.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function instanceKey() {
  const key = importPublicKey((await call("GET", "/api/evidence/public-key")).json().publicKeyPem);
  if (!key.ok) throw new Error(key.error);
  return key.key;
}

describe("attestations", () => {
  it("generates a signed compliance attestation bound to the ledger head", async () => {
    const created = await call("POST", `/api/tenants/${owner.tenantId}/attestations`);
    expect(created.statusCode).toBe(201);
    const attestation = created.json();
    expect(attestation).toMatchObject({ trigger: "manual", blockchainAnchor: null });
    expect(attestation.bundleData.predicateType).toBe("https://rampart.dev/attestation/compliance/v1");
    expect(
      attestation.bundleData.predicate.frameworks.map((f: { framework: string }) => f.framework),
    ).toEqual(["soc2", "iso27001", "nist-800-53"]);

    const bundle = await call("GET", `/api/attest/bundle/${attestation.id}?format=json`);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-disposition"]).toContain(`attestation-${attestation.id.slice(0, 8)}.json`);
    const verified = verifyEnvelope(bundle.json(), [{ keyid: "instance", publicKey: await instanceKey() }]);
    expect(verified.ok).toBe(true);

    const list = (await call("GET", `/api/tenants/${owner.tenantId}/attestations`)).json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([attestation.id]);
    const evidence = (await call("GET", `/api/tenants/${owner.tenantId}/evidence?type=attestation`)).json();
    expect(evidence.artifacts).toHaveLength(1);
  });

  it("signs SLSA provenance for every run", async () => {
    const provenance = (await call("GET", `/api/tenants/${owner.tenantId}/provenance`)).json();
    expect(provenance).toHaveLength(1);
    expect(provenance[0]).toMatchObject({ source: "scan", verified: true, runId: expect.any(String) });
    expect(
      verifyEnvelope(provenance[0].sigstoreBundle, [{ keyid: "instance", publicKey: await instanceKey() }])
        .ok,
    ).toBe(true);
  });

  it("records whether uploaded provenance verifies against the keys the tenant trusts", async () => {
    const builder = generateKeyPair();
    const envelope = await signedProvenance(builder.privateKey);
    const untrusted = await call("POST", `/api/tenants/${owner.tenantId}/provenance`, { envelope });
    expect(untrusted.statusCode).toBe(201);
    expect(untrusted.json()).toMatchObject({ verified: false, sigstoreBundle: null });

    const key = await call("POST", `/api/tenants/${owner.tenantId}/trusted-keys`, {
      name: "CI builder",
      publicKeyPem: exportPublicKeyPem(builder.publicKey),
    });
    expect(key.statusCode).toBe(201);
    const trusted = await call("POST", `/api/tenants/${owner.tenantId}/provenance`, {
      envelope: { dsseEnvelope: envelope },
    });
    expect(trusted.json()).toMatchObject({ verified: true, signatureRef: key.json().fingerprint });

    const garbage = await call("POST", `/api/tenants/${owner.tenantId}/provenance`, {
      envelope: { hello: "world" },
    });
    expect(garbage.json()).toMatchObject({ verified: false });
    const badKey = await call("POST", `/api/tenants/${owner.tenantId}/trusted-keys`, {
      name: "x",
      publicKeyPem: "not a key".repeat(10),
    });
    expect(badKey.statusCode).toBe(400);
  });

  it("answers 404 to another tenant's user", async () => {
    const [attestation] = (await call("GET", `/api/tenants/${owner.tenantId}/attestations`)).json();
    for (const url of [
      `/api/tenants/${owner.tenantId}/attestations`,
      `/api/tenants/${owner.tenantId}/provenance`,
      `/api/attest/bundle/${attestation.id}`,
    ]) {
      expect((await call("GET", url, undefined, stranger.cookie)).statusCode, url).toBe(404);
    }
    expect(
      (await call("POST", `/api/tenants/${owner.tenantId}/attestations`, undefined, stranger.cookie))
        .statusCode,
    ).toBe(404);
  });
});
