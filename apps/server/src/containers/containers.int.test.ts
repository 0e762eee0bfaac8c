// Container images through the API: an image tarball built here from files is uploaded, scanned
// by the images.scan job against the advisory store, and its findings, image row and SBOM are
// listed; garbage uploads are refused; other tenants and auditors are kept out; the demo seed's
// images are scanned through the same path.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import { containerFindings, containerImages, evidenceArtifacts, memberships } from "@rampart/db/schema";
import { tarOf, writeImage } from "@rampart/engine/container/image-writer";
import { gzipBombTar } from "@rampart/engine/container/testing/bombs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import type { JobSender } from "../jobs/job-queue.ts";
import { DEMO_IMAGES, seedDemoImages } from "./demo-images.ts";
import { createImagesService } from "./images.service.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let work: string;
let imageFile: string;

const DEBIAN_9 = `PRETTY_NAME="Debian GNU/Linux 9 (stretch)"\nID=debian\nVERSION_ID="9"\n`;
const DPKG = [
  "Package: libssl1.1\nStatus: install ok installed\nArchitecture: amd64\nSource: openssl\nVersion: 1.1.0l-1~deb9u5\n",
  "Package: tzdata\nStatus: install ok installed\nArchitecture: all\nVersion: 2021a-0+deb9u4\n",
].join("\n");

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Images Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  work = mkdtempSync(path.join(tmpdir(), "rampart-images-"));
  imageFile = path.join(work, "app.tar");
  await writeImage(imageFile, {
    format: "docker-save",
    repoTag: "registry.test/acme/app:1.0",
    labels: { "org.opencontainers.image.base.name": "docker.io/library/debian:9" },
    layers: [
      {
        compression: "gzip",
        files: [
          { path: "etc/os-release", content: DEBIAN_9 },
          { path: "var/lib/dpkg/status", content: DPKG },
        ],
      },
      {
        compression: "none",
        files: [
          { path: "srv/node_modules/lodash/package.json", content: '{"name":"lodash","version":"4.17.20"}' },
        ],
      },
    ],
  });
}, 60_000);
afterAll(() => ctx.close());

const upload = (body: Buffer, cookie = owner.cookie, tenantId = owner.tenantId, query = "") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${tenantId}/images${query}`,
    headers: { cookie, "content-type": "application/x-tar" },
    payload: body,
  });
const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });

async function waitForImage(id: string, tenantId = owner.tenantId): Promise<ContainerImage> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const images = (await get(`/api/tenants/${tenantId}/images`, owner.cookie)).json() as ContainerImage[];
    const image = images.find((item) => item.id === id);
    if (image && (image.state === "completed" || image.state === "failed")) return image;
    if (Date.now() > deadline) throw new Error(`image ${id} not scanned: ${JSON.stringify(image)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("uploading an image", () => {
  let imageId: string;

  it("accepts a docker save tarball with 202 and scans it as a job", async () => {
    const response = await upload(readFileSync(imageFile), owner.cookie, owner.tenantId, "?name=app.tar");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ imageRef: "app.tar", state: "queued" });
    imageId = response.json().id;
    const image = await waitForImage(imageId);
    expect(image).toMatchObject({
      state: "completed",
      imageRef: "registry.test/acme/app:1.0",
      baseImage: "docker.io/library/debian:9",
      os: "Debian:9",
      packageCount: 3,
      error: null,
    });
  });

  it("lists the vulnerabilities the store's advisories give, with installed and fixed versions", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/containers`);
    expect(response.statusCode).toBe(200);
    const findings = response.json() as ContainerFinding[];
    const rows = findings.map(
      (f) => `${f.packageName} ${f.installedVersion} ${f.vulnerabilityId} → ${f.fixedVersion}`,
    );
    expect(rows.sort()).toEqual([
      "libssl1.1 1.1.0l-1~deb9u5 DLA-3008-1 → 1.1.0l-1~deb9u6",
      "lodash 4.17.20 CVE-2020-28500 → 4.17.21",
      "lodash 4.17.20 CVE-2021-23337 → 4.17.21",
    ]); // tzdata 2021a-0+deb9u4 is the fixed version of DLA-3051-1: not affected
    const lodash = findings.find((f) => f.vulnerabilityId === "CVE-2021-23337")!;
    expect(lodash).toMatchObject({
      imageId,
      imageRef: "registry.test/acme/app:1.0",
      baseImage: "docker.io/library/debian:9",
      severity: "high",
      cvssScore: 7.2,
      ecosystem: "npm",
    });
    expect(lodash.aliases).toContain("GHSA-35jh-r3h4-6jhm");
    const openssl = findings.find((f) => f.vulnerabilityId === "DLA-3008-1")!;
    expect(openssl).toMatchObject({ ecosystem: "Debian", cvssScore: null });
  });

  it("stores the image's SBOM as an SBOM artifact and records the scan in the ledger", async () => {
    const sboms = (await get(`/api/tenants/${owner.tenantId}/sbom`)).json() as {
      imageId: string | null;
      runId: string | null;
      repo: string;
      componentCount: number;
      sbomData: { metadata: { component: { type: string } } };
    }[];
    const sbom = sboms.find((item) => item.imageId === imageId);
    expect(sbom).toMatchObject({ runId: null, repo: "registry.test/acme/app:1.0", componentCount: 3 });
    expect(sbom?.sbomData.metadata.component.type).toBe("container");
    const ledger = await ctx.database.db
      .select({ content: evidenceArtifacts.content })
      .from(evidenceArtifacts)
      .where(
        and(eq(evidenceArtifacts.tenantId, owner.tenantId), eq(evidenceArtifacts.artifactType, "finding")),
      );
    expect(ledger.map((row) => row.content)).toContainEqual(
      expect.objectContaining({ kind: "image-scan", imageId, count: 3, os: "Debian:9", status: "fail" }),
    );
    expect(await asTenant(owner.tenantId, () => ctx.services.ledger.verify(owner.tenantId))).toMatchObject({
      isValid: true,
    });
  });

  it("keeps only the latest upload of an image reference", async () => {
    const again = await upload(readFileSync(imageFile));
    await waitForImage(again.json().id);
    const findings = (await get(`/api/tenants/${owner.tenantId}/containers`)).json() as ContainerFinding[];
    expect(findings).toHaveLength(3);
    expect(new Set(findings.map((f) => f.imageId))).toEqual(new Set([again.json().id]));
  });

  it("accepts a gzip-compressed tarball", async () => {
    const response = await upload(gzipSync(readFileSync(imageFile)));
    expect(response.statusCode).toBe(202);
    expect((await waitForImage(response.json().id)).state).toBe("completed");
  });

  it("accepts an OCI image layout as a tar", async () => {
    const oci = path.join(work, "oci.tar");
    await writeImage(oci, {
      format: "oci-tar",
      repoTag: "registry.test/acme/oci:2",
      layers: [
        {
          compression: "gzip",
          files: [
            { path: "etc/os-release", content: DEBIAN_9 },
            { path: "var/lib/dpkg/status", content: DPKG },
          ],
        },
      ],
    });
    const response = await upload(readFileSync(oci));
    expect(response.statusCode).toBe(202);
    expect(await waitForImage(response.json().id)).toMatchObject({
      state: "completed",
      imageRef: "registry.test/acme/oci:2",
      os: "Debian:9",
      packageCount: 2,
    });
  });

  it("answers 400 with a clear error to what is not an image", async () => {
    const garbage = await upload(Buffer.from("this is not a tarball at all ".repeat(100)));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toMatch(/not a container image/);
    const plainTar = path.join(work, "plain.tar");
    // a tar without manifest.json or index.json: the layer blob of an image on its own
    const chunks: Buffer[] = [];
    for await (const chunk of tarOf([{ path: "etc/hostname", content: "x\n" }])) chunks.push(chunk as Buffer);
    writeFileSync(plainTar, Buffer.concat(chunks));
    const tarOnly = await upload(readFileSync(plainTar));
    expect(tarOnly.statusCode).toBe(400);
    expect(tarOnly.json().error).toMatch(/no manifest.json or index.json/);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/images`,
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatch(/image tarball itself/);
  });
});

describe("limits and unreadable images", () => {
  it("refuses an upload over the size cap, keeping nothing of it", async () => {
    const small = createImagesService({
      db: ctx.database.db,
      jobs: ctx.jobs,
      advisories: ctx.services.advisories,
      ledger: ctx.services.ledger,
      uploadDir: path.join(work, "small-uploads"),
      maxUploadBytes: 1000,
    });
    await expect(
      small.receive({
        tenantId: owner.tenantId,
        userId: owner.userId,
        name: undefined,
        body: Readable.from([readFileSync(imageFile)]),
      }),
    ).rejects.toMatchObject({ status: 400, message: "the image is larger than 1000 bytes" });
    expect(readdirSync(path.join(work, "small-uploads"))).toEqual([]);
  });

  it("marks an archive whose manifest names a missing layer as failed, with the reason", async () => {
    const chunks: Buffer[] = [];
    const manifest = JSON.stringify([
      { Config: "config.json", RepoTags: ["broken:1"], Layers: ["missing/layer.tar"] },
    ]);
    for await (const chunk of tarOf([
      { path: "manifest.json", content: manifest },
      { path: "config.json", content: "{}" },
    ]))
      chunks.push(chunk as Buffer);
    const response = await upload(Buffer.concat(chunks));
    expect(response.statusCode).toBe(202);
    const image = await waitForImage(response.json().id);
    expect(image.state).toBe("failed");
    expect(image.error).toMatch(/layer missing\/layer.tar named by the manifest is not in the archive/);
    expect(image.error).not.toMatch(/image-uploads/); // the server's paths are not shown
  });
});

describe("decompression bombs", () => {
  const GIB = 1024 * 1024 * 1024;
  const uploadDir = () => path.join(path.resolve(ctx.services.config.DATA_DIR), "image-uploads");
  const imagesOf = async (tenantId: string) =>
    ctx.database.db.select().from(containerImages).where(eq(containerImages.tenantId, tenantId));

  it("refuses at once a 4 MB gzip upload that would expand to 4 GB, keeping nothing of it", async () => {
    const bomb = gzipBombTar(4 * GIB);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const before = await imagesOf(owner.tenantId);
    const started = Date.now();
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/images?name=bomb.tar.gz`,
      headers: { cookie: owner.cookie, "content-type": "application/gzip" },
      payload: bomb,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      "The upload expands more than 200 times its compressed size (a decompression bomb?): refused",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await imagesOf(owner.tenantId)).toHaveLength(before.length);
    expect(readdirSync(uploadDir())).toEqual([]);
  });

  it("fails the scan of an image with a bomb for a layer, naming the layer, without hanging", async () => {
    const file = path.join(work, "layer-bomb.tar");
    await writeImage(file, {
      format: "docker-save",
      repoTag: "registry.test/acme/bomb:1",
      layers: [
        { compression: "gzip", files: [{ path: "etc/os-release", content: DEBIAN_9 }] },
        { compression: "gzip", files: [], blob: gzipBombTar(4 * GIB) },
      ],
    });
    const started = Date.now();
    const response = await upload(readFileSync(file), owner.cookie, owner.tenantId, "?name=bomb.tar");
    expect(response.statusCode).toBe(202);
    const image = await waitForImage(response.json().id);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(image.state).toBe("failed");
    expect(image.error).toMatch(
      /^image: layer blobs\/sha256\/[a-f0-9]{64} expands more than 200 times its compressed size \(a decompression bomb\?\)$/,
    );
    const stored = await ctx.database.db
      .select()
      .from(containerFindings)
      .where(eq(containerFindings.imageId, image.id));
    expect(stored).toEqual([]);
    expect(readdirSync(uploadDir())).toEqual([]);
  }, 30_000);
});

describe("image quotas", () => {
  // Scans are never run here: every upload stays waiting for its scan.
  const idle: JobSender = {
    send: async () => null,
    schedule: async () => {},
    unschedule: async () => {},
    scheduleProblem: () => undefined,
  };
  const quotaService = (quotas: { pending: number; stored: number }) =>
    createImagesService({
      db: ctx.database.db,
      jobs: idle,
      advisories: ctx.services.advisories,
      ledger: ctx.services.ledger,
      uploadDir: path.join(work, "quota-uploads"),
      quotas,
    });

  it("answers 429 past the uploads waiting for their scan, even to parallel uploads", async () => {
    const tenant = await signUp(ctx.app, { tenantName: "Quota Org" });
    const images = quotaService({ pending: 2, stored: 10 });
    const receive = () =>
      images.receive({
        tenantId: tenant.tenantId,
        userId: tenant.userId,
        name: undefined,
        body: Readable.from([readFileSync(imageFile)]),
      });
    const results = await Promise.allSettled([receive(), receive(), receive()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    await expect(receive()).rejects.toMatchObject({
      status: 429,
      message:
        "This organization already has 2 images waiting to be scanned; upload again when one has finished",
    });
    // Nothing of the refused uploads is left on disk: only the two waiting files.
    expect(readdirSync(path.join(work, "quota-uploads"))).toHaveLength(2);
  });

  it("answers 409 past the images a tenant may keep", async () => {
    const tenant = await signUp(ctx.app, { tenantName: "Full Org" });
    const images = quotaService({ pending: 5, stored: 2 });
    const receive = () =>
      images.receive({
        tenantId: tenant.tenantId,
        userId: tenant.userId,
        name: undefined,
        body: Readable.from([readFileSync(imageFile)]),
      });
    await receive();
    await receive();
    await expect(receive()).rejects.toMatchObject({
      status: 409,
      message: "This organization has reached its limit of 2 images",
    });
  });

  it("is what the API answers, as JSON with the reason", async () => {
    const tenant = await signUp(ctx.app, { tenantName: "Busy Images Org" });
    await ctx.database.db.insert(containerImages).values(
      [1, 2, 3].map((index) => ({
        tenantId: tenant.tenantId,
        imageRef: `waiting-${index}.tar`,
        uploadBytes: 1,
        state: "queued" as const,
      })),
    );
    const response = await upload(readFileSync(imageFile), tenant.cookie, tenant.tenantId);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatch(/already has 3 images waiting to be scanned/);
  });
});

describe("orphan uploads", () => {
  it("are removed, while files of images waiting for their scan are kept", async () => {
    const uploadDir = path.join(work, "sweep-uploads");
    const sweeper = createImagesService({
      db: ctx.database.db,
      jobs: ctx.jobs,
      advisories: ctx.services.advisories,
      ledger: ctx.services.ledger,
      uploadDir,
    });
    const orphan = await sweeper.newUploadPath();
    writeFileSync(orphan, "half an upload");
    const waiting = await sweeper.newUploadPath();
    writeFileSync(waiting, "queued");
    await ctx.database.db.insert(containerImages).values({
      tenantId: owner.tenantId,
      imageRef: "waiting.tar",
      uploadPath: waiting,
      uploadBytes: 6,
      state: "queued",
    });
    expect(await sweeper.sweepOrphanUploads()).toBe(1);
    expect(readdirSync(uploadDir)).toEqual([path.basename(waiting)]);
    await ctx.database.db.delete(containerImages).where(eq(containerImages.uploadPath, waiting));
  });
});

describe("access", () => {
  it("answers 404 to another tenant's user on every route", async () => {
    for (const url of [
      `/api/tenants/${owner.tenantId}/containers`,
      `/api/tenants/${owner.tenantId}/images`,
    ]) {
      const response = await get(url, stranger.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBeTruthy();
    }
    const response = await upload(readFileSync(imageFile), stranger.cookie);
    expect(response.statusCode).toBe(404);
  });

  it("keeps an auditor out of the findings (they carry package detail, not reports) and uploads (403)", async () => {
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    expect((await get(`/api/tenants/${owner.tenantId}/containers`, auditor.cookie)).statusCode).toBe(403);
    const response = await upload(readFileSync(imageFile), auditor.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/read-only/);
  });

  it("requires a session", async () => {
    const response = await ctx.app.inject({ url: `/api/tenants/${owner.tenantId}/containers` });
    expect(response.statusCode).toBe(401);
  });
});

describe("the demo images", () => {
  it("are built from files and scanned through the same path, matching the bundled advisories", async () => {
    const tenant = await signUp(ctx.app, { tenantName: "Demo-like Org" });
    const seed = () => asTenant(tenant.tenantId, () => seedDemoImages(ctx.services.images, tenant.tenantId));
    expect(await seed()).toBe(DEMO_IMAGES.length);
    expect(await seed()).toBe(0); // once per tenant
    const images = (
      await get(`/api/tenants/${tenant.tenantId}/images`, tenant.cookie)
    ).json() as ContainerImage[];
    for (const image of images) {
      const deadline = Date.now() + 30_000;
      let state = image.state;
      while (state !== "completed" && state !== "failed" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const current = (
          await get(`/api/tenants/${tenant.tenantId}/images`, tenant.cookie)
        ).json() as ContainerImage[];
        state = current.find((item) => item.id === image.id)!.state;
      }
      expect(state).toBe("completed");
    }
    const findings = (
      await get(`/api/tenants/${tenant.tenantId}/containers`, tenant.cookie)
    ).json() as ContainerFinding[];
    const ids = new Set(findings.map((f) => `${f.packageName} ${f.vulnerabilityId}`));
    for (const expected of [
      "libssl1.1 DLA-3008-1",
      "openssl DLA-3008-1",
      "libxml2 DLA-3012-1",
      "dpkg DLA-3022-1",
      "tzdata DLA-3051-1",
      "musl ALPINE-CVE-2025-26519",
      "musl-utils ALPINE-CVE-2025-26519",
      "lodash CVE-2021-23337",
      "minimist CVE-2021-44906",
      "requests CVE-2023-32681",
    ]) {
      expect(ids).toContain(expected);
    }
    const musl = findings.find((f) => f.packageName === "musl")!;
    expect(musl).toMatchObject({
      imageRef: "registry.example.com/acme/ml-pipeline:2.0.1",
      baseImage: "docker.io/library/python:3.11-alpine3.18",
      installedVersion: "1.2.4-r2",
      fixedVersion: "1.2.4-r3",
      severity: "high",
    });
  }, 90_000);
});
