// Issue 17: CTR-VUL-01 "Container images have no known vulnerabilities" passed at 100 % while
// Container Images listed critical CVEs. It is evidenced by the image scan alone: not evaluated
// before any image is scanned (whatever the Dockerfile rules found), then failing with one failure
// per vulnerability the Container Images page lists, on the dashboard, the Controls page, the
// Control Detail modal, Compliance and the control's evidence alike.
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { EvidenceResponse } from "@rampart/contracts/evidence";
import { writeImage } from "@rampart/engine/container/image-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { addLocalRepository, scanRepository } from "../../test/repository-with-run.ts";
import { DEMO_IMAGES } from "../containers/demo-images.ts";

const CODE = "CTR-VUL-01";
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // A Dockerfile whose hygiene rules used to pass CTR-VUL-01 (`FROM node:latest`, npm install…).
  const { root, path: repo } = sampleRepository("payments-api", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app);
  await addLocalRepository(ctx, owner, repo);
  await scanRepository(ctx, owner);
}, 180_000);
afterAll(() => ctx.close());

async function read<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ url, headers: { cookie: owner.cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const rowOf = async () =>
  (await read<DashboardSummary>(`/api/tenants/${owner.tenantId}/summary?days=7`)).controlStatus.find(
    (row) => row.control.code === CODE,
  )!;

async function upload(file: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/images`,
    headers: { cookie: owner.cookie, "content-type": "application/x-tar" },
    payload: await readFile(file),
  });
  if (response.statusCode !== 202 && response.statusCode !== 201) throw new Error(response.body);
  return response.json() as ContainerImage;
}

async function waitForScans(count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const images = await read<ContainerImage[]>(`/api/tenants/${owner.tenantId}/images`);
    const done = images.filter((image) => image.state === "completed" || image.state === "failed");
    if (done.length >= count) return images;
    if (Date.now() > deadline) throw new Error(`images not scanned: ${JSON.stringify(images)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`${CODE}, evidenced by the image scan`, () => {
  it("is not evaluated while no image was scanned, though the Dockerfile rules ran", async () => {
    const row = await rowOf();
    expect(row).toMatchObject({ passes: 0, failures: 0, evaluated: false });
    const detail = await read<ControlFindings>(`/api/controls/${CODE}/findings?tenantId=${owner.tenantId}`);
    expect(detail).toMatchObject({ passes: 0, failures: 0, evaluated: false, findings: [] });
  });

  it("fails with one failure per vulnerability the Container Images page lists, everywhere", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "rampart-image-controls-"));
    const vulnerable = path.join(work, "payments.tar");
    await writeImage(vulnerable, DEMO_IMAGES[0]!.spec);
    const clean = path.join(work, "clean.tar");
    await writeImage(clean, {
      format: "docker-save",
      repoTag: "registry.test/acme/static:1.0",
      layers: [{ compression: "none", files: [{ path: "srv/index.html", content: "<p>ok</p>" }] }],
    });
    await upload(vulnerable);
    await upload(clean);
    await waitForScans(2);

    const vulnerabilities = await read<ContainerFinding[]>(`/api/tenants/${owner.tenantId}/containers`);
    expect(vulnerabilities.some((finding) => finding.severity === "critical")).toBe(true);
    const row = await rowOf();
    expect(row).toMatchObject({ failures: vulnerabilities.length, passes: 1, evaluated: true });
    expect(row.compliance).toBeLessThan(100);
    expect(row.evidenceHashes.length).toBeGreaterThan(0);

    const controls = await read<ControlStatusRow[]>(`/api/tenants/${owner.tenantId}/controls?type=container`);
    expect(controls.find((candidate) => candidate.control.code === CODE)).toEqual(row);

    const detail = await read<ControlFindings>(`/api/controls/${CODE}/findings?tenantId=${owner.tenantId}`);
    expect(detail).toMatchObject({
      passes: 1,
      failures: vulnerabilities.length,
      evaluated: true,
      findings: [],
    });
    expect(detail.images.vulnerabilities.map((finding) => finding.id).sort()).toEqual(
      vulnerabilities.map((finding) => finding.id).sort(),
    );
    expect(detail.images.clean.map((image) => image.imageRef)).toEqual(["registry.test/acme/static:1.0"]);

    const soc2 = await read<ComplianceResponse>(`/api/compliance/soc2?tenantId=${owner.tenantId}`);
    const statuses = soc2.controls.flatMap((requirement) =>
      requirement.controls.filter((control) => control.code === CODE).map((control) => control.status),
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["fail"]));

    // Its evidence is the image scans' ledger entries, and no run evaluated it.
    const evidence = await read<EvidenceResponse>(`/api/tenants/${owner.tenantId}/evidence?control=${CODE}`);
    expect(evidence.artifacts).toHaveLength(2);
    expect(evidence.artifacts.every((artifact) => artifact.runId === null)).toBe(true);
    expect(evidence.artifacts.map((artifact) => artifact.hash)).toEqual(
      expect.arrayContaining(row.evidenceHashes),
    );
    const runs = await read<{ runs: unknown[] }>(`/api/tenants/${owner.tenantId}/runs?control=${CODE}`);
    expect(runs.runs).toEqual([]);
  });
});
