// Container image vulnerabilities among a tenant's risks: two images with the same vulnerable
// lodash are uploaded and scanned; /risks lists each vulnerability once as a Container risk, and
// the dashboard summary (cached by the data it reads) shows them as soon as the scan completes.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import type { RisksResponse } from "@rampart/contracts/risks";
import { writeImage } from "@rampart/engine/container/image-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });

/** An image whose only package is lodash 4.17.20 (CVE-2021-23337 and CVE-2020-28500). */
async function lodashImage(file: string, repoTag: string) {
  await writeImage(file, {
    format: "docker-save",
    repoTag,
    layers: [
      {
        compression: "gzip",
        files: [
          { path: "srv/node_modules/lodash/package.json", content: '{"name":"lodash","version":"4.17.20"}' },
        ],
      },
    ],
  });
  return readFileSync(file);
}

async function uploadAndScan(body: Buffer): Promise<void> {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/images`,
    headers: { cookie: owner.cookie, "content-type": "application/x-tar" },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  const id = response.json().id as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const images = (await get(`/api/tenants/${owner.tenantId}/images`)).json() as ContainerImage[];
    const image = images.find((item) => item.id === id);
    if (image?.state === "completed") return;
    if (image?.state === "failed" || Date.now() > deadline)
      throw new Error(`image not scanned: ${JSON.stringify(image)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Images Risk Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
}, 60_000);
afterAll(() => ctx.close());

describe("container risks", () => {
  it("lists each image vulnerability once as a Container risk, and the summary follows", async () => {
    const before = await get(`/api/tenants/${owner.tenantId}/summary`);
    expect(before.statusCode).toBe(200);
    expect(before.json().cisoSnapshot.topRisks).toEqual([]);

    const work = mkdtempSync(path.join(tmpdir(), "rampart-image-risks-"));
    await uploadAndScan(await lodashImage(path.join(work, "web.tar"), "registry.test/acme/web:1.0"));
    await uploadAndScan(await lodashImage(path.join(work, "worker.tar"), "registry.test/acme/worker:1.0"));

    const findings = (await get(`/api/tenants/${owner.tenantId}/containers`)).json() as ContainerFinding[];
    const advisory = findings.find((finding) => finding.vulnerabilityId === "CVE-2021-23337");
    expect(advisory?.summary).toBeTruthy();

    const response = await get(`/api/tenants/${owner.tenantId}/risks`);
    expect(response.statusCode).toBe(200);
    const risks = response.json() as RisksResponse;
    expect(risks.totalRisks).toBe(2);
    expect(risks.topRisks[0]).toEqual({
      id: "CVE-2021-23337",
      severity: "high",
      type: "Container",
      description: "CVE-2021-23337 in lodash (2 images)",
      impact: advisory!.summary,
      // high 7 × confidence 1 + log10(2 image/package pairs), not internet-facing
      riskScore: 7.3,
      findingCount: 2,
      findingsBySeverity: { critical: 0, high: 2, med: 0, low: 0 },
    });
    expect(risks.topRisks[1]).toMatchObject({ id: "CVE-2020-28500", type: "Container", findingCount: 2 });
    expect(risks.avgRiskScore).toBe(Math.round(((7.3 + risks.topRisks[1]!.riskScore) / 2) * 10) / 10);

    // The summary was cached before the uploads: its key must have moved with the images.
    const after = (await get(`/api/tenants/${owner.tenantId}/summary`)).json();
    expect(after.cisoSnapshot.topRisks[0]).toBe("CVE-2021-23337 in lodash (2 images) (Container, score 7.3)");
    expect(after.cisoSnapshot.topRisks).toHaveLength(2);
  });

  it("shows another tenant none of them, and refuses it this tenant's", async () => {
    const own = await get(`/api/tenants/${stranger.tenantId}/risks`, stranger.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      topRisks: [],
      totalRisks: 0,
      avgRiskScore: 0,
      offset: 0,
      limit: 5,
      nextOffset: null,
    });
    const other = await get(`/api/tenants/${owner.tenantId}/risks`, stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(typeof other.json().error).toBe("string");
  });
});
