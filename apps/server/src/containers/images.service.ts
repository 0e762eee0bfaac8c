// Container images on the server: an upload becomes a `container_images` row and an
// `images.scan` job; the job reads the image with the engine (layers streamed, nothing unpacked),
// matches its packages against the advisory store, and stores in one transaction the findings,
// the image's CycloneDX SBOM as an SBOM artifact, and a ledger entry of what was found.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import type { Database } from "@rampart/db/client";
import { containerFindings, containerImages, sbomArtifacts } from "@rampart/db/schema";
import { ImageError, readImage } from "@rampart/engine/container/image";
import { matchImage, matchTarget } from "@rampart/engine/container/scan";
import type { ExpansionLimits } from "@rampart/engine/container/stream";
import { toCycloneDx } from "@rampart/engine/sbom/cyclonedx";
import { contentHash } from "@rampart/ledger";
import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import { ENGINE_VERSION } from "../runs/scan.service.ts";
import { assertImageArchive, saveUpload, UploadTooLarge } from "./image-upload.ts";

/** Default upload cap; large enough for real application images, small enough for one disk. */
export const MAX_IMAGE_BYTES = 1024 * 1024 * 1024;

/** Per-tenant image quotas: uploads waiting for (or in) their scan, and images kept in all. */
export interface ImageQuotas {
  pending: number;
  stored: number;
}
export const DEFAULT_IMAGE_QUOTAS: ImageQuotas = { pending: 3, stored: 500 };
export const IMAGE_SCAN_ABANDONED =
  "The scan stopped: the worker reading the image stopped responding or ran out of time, and no retry was left";
const FINDING_INSERT_CHUNK = 1000;

type ImageRow = typeof containerImages.$inferSelect;

export function toContainerImage(row: ImageRow): ContainerImage {
  return {
    id: row.id,
    imageRef: row.imageRef,
    baseImage: row.baseImage,
    os: row.os,
    packageCount: row.packageCount,
    state: row.state,
    error: row.error,
    uploadBytes: row.uploadBytes,
    createdAt: row.createdAt.toISOString(),
    scannedAt: row.scannedAt?.toISOString() ?? null,
  };
}

export function createImagesService(deps: {
  db: Database;
  jobs: JobSender;
  advisories: AdvisoryStore;
  ledger: LedgerService;
  /** Where uploads wait for their scan (under DATA_DIR). */
  uploadDir: string;
  maxUploadBytes?: number;
  /** Bounds on what an image may expand to, at upload (the outer archive) and in the scan (all of it). */
  expansionLimits?: Partial<ExpansionLimits>;
  quotas?: ImageQuotas;
  /** Scan workers per process, and how many of them one tenant may hold over all processes. */
  concurrency?: { workers: number; perTenant: number };
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const maxUploadBytes = deps.maxUploadBytes ?? MAX_IMAGE_BYTES;
  const limits = deps.expansionLimits ?? {};
  const quotas = deps.quotas ?? DEFAULT_IMAGE_QUOTAS;

  const scanJob = defineJob({
    name: "images.scan",
    version: 1,
    payload: z.object({ imageId: z.uuid(), tenantId: z.uuid() }),
    queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800, heartbeatSeconds: 30 },
    fairness: { tenantOf: ({ tenantId }) => tenantId, ...(deps.concurrency ?? { workers: 2, perTenant: 1 }) },
    handle: ({ imageId }, attempt) => scan(imageId, attempt.isLastAttempt),
    // No handler ran to say so when the worker died on the last attempt.
    onFailed: async ({ imageId }) => {
      const [row] = await db.select().from(containerImages).where(eq(containerImages.id, imageId));
      if (!row || (row.state !== "queued" && row.state !== "running")) return;
      await setState(imageId, { state: "failed", error: IMAGE_SCAN_ABANDONED, uploadPath: null });
      if (row.uploadPath) await rm(row.uploadPath, { force: true });
    },
  });

  // A completed image is final: a late attempt (its worker thought dead and retried) leaves it be.
  async function setState(imageId: string, values: Partial<ImageRow>) {
    await db
      .update(containerImages)
      .set(values)
      .where(and(eq(containerImages.id, imageId), ne(containerImages.state, "completed")));
  }

  async function scan(imageId: string, isLastAttempt: boolean): Promise<void> {
    const [row] = await db.select().from(containerImages).where(eq(containerImages.id, imageId));
    if (!row || row.state === "completed") return; // deleted with its tenant, or a retry after success
    if (!row.uploadPath) {
      await setState(imageId, { state: "failed", error: "the uploaded file is gone" });
      return;
    }
    await setState(imageId, { state: "running", error: null });
    try {
      const image = await readImage(row.uploadPath, { limits });
      const source = await deps.advisories.sourceFor(image.packages.map((pkg) => matchTarget(pkg, image)));
      const { vulnerabilities } = matchImage(image, source.index);
      const imageRef = image.config.repoTags[0] ?? row.imageRef;
      const base = image.config.baseImage;
      const baseImage = base ? (base.digest ? `${base.name}@${base.digest}` : base.name) : null;
      const scannedAt = now();
      const sbom = toCycloneDx(image.packages, {
        name: imageRef,
        kind: "container",
        timestamp: scannedAt,
        toolVersion: ENGINE_VERSION,
        ...(image.os
          ? {
              os: image.os.versionId
                ? { id: image.os.id, versionId: image.os.versionId }
                : { id: image.os.id },
            }
          : {}),
      });
      const findings = vulnerabilities
        .map((vulnerability) => ({
          tenantId: row.tenantId,
          imageId,
          vulnerabilityId: vulnerability.id,
          aliases: vulnerability.aliases,
          severity: vulnerability.severity,
          cvssScore: vulnerability.cvssScore ?? null,
          packageName: vulnerability.package.name,
          ecosystem: vulnerability.package.ecosystem,
          installedVersion: vulnerability.installedVersion,
          fixedVersion: vulnerability.fixedVersion,
          summary: vulnerability.summary ?? null,
          createdAt: scannedAt,
        }))
        .sort((a, b) => (a.packageName + a.vulnerabilityId < b.packageName + b.vulnerabilityId ? -1 : 1));

      const recorded = await db.transaction(async (tx) => {
        // Claim the image first: the row lock makes a second attempt wait, then write nothing.
        const [claimed] = await tx
          .update(containerImages)
          .set({ state: "completed" })
          .where(and(eq(containerImages.id, imageId), ne(containerImages.state, "completed")))
          .returning({ id: containerImages.id });
        if (!claimed) return false;
        await tx.delete(containerFindings).where(eq(containerFindings.imageId, imageId));
        for (let i = 0; i < findings.length; i += FINDING_INSERT_CHUNK) {
          await tx.insert(containerFindings).values(findings.slice(i, i + FINDING_INSERT_CHUNK));
        }
        const sbomHash = contentHash(sbom);
        await tx.insert(sbomArtifacts).values({
          tenantId: row.tenantId,
          imageId,
          format: "CycloneDX 1.6",
          sbomHash,
          sbomData: sbom,
          componentCount: image.packages.length,
          createdAt: scannedAt,
        });
        // What the scan found, in the tenant's evidence chain (the findings themselves stay in
        // their table; the digest pins them).
        await deps.ledger.append(tx, {
          tenantId: row.tenantId,
          artifactType: "finding",
          createdAt: scannedAt,
          content: {
            kind: "image-scan",
            // `repo` and `status` are what the evidence list shows of an artifact.
            repo: imageRef,
            status: findings.length > 0 ? "fail" : "pass",
            imageId,
            imageRef,
            baseImage,
            os: image.os?.ecosystem ?? null,
            layers: image.layers.map((layer) => layer.digest),
            packages: image.packages.length,
            count: findings.length,
            digest: contentHash(
              findings.map(({ vulnerabilityId, packageName, installedVersion, fixedVersion, severity }) => ({
                vulnerabilityId,
                packageName,
                installedVersion,
                fixedVersion,
                severity,
              })),
            ),
            sbomHash,
            advisories: source.description,
            engineVersion: ENGINE_VERSION,
          },
        });
        await tx
          .update(containerImages)
          .set({
            state: "completed",
            error: null,
            imageRef,
            baseImage,
            os: image.os?.ecosystem ?? null,
            packageCount: image.packages.length,
            scannedAt,
            uploadPath: null,
          })
          .where(eq(containerImages.id, imageId));
        return true;
      });
      await rm(row.uploadPath, { force: true });
      if (!recorded) return;
      await deps.jobs.send(
        deps.ledger.verifyTenantJob,
        { tenantId: row.tenantId },
        { singletonKey: row.tenantId },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An unreadable image stays unreadable: fail now instead of retrying.
      const final = isLastAttempt || error instanceof ImageError;
      // The upload goes before the state says so: whoever sees "failed" finds nothing kept of it.
      if (final) await rm(row.uploadPath, { force: true });
      await setState(
        imageId,
        final
          ? { state: "failed", error: message.replace(row.uploadPath, "image"), uploadPath: null }
          : { state: "queued", error: `${message} (retrying)` },
      );
      if (!(error instanceof ImageError)) throw error;
    }
  }

  type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

  /** Throws 429 (uploads waiting for their scan) or 409 (images kept) when the tenant is at a quota. */
  async function checkQuotas(executor: Executor, tenantId: string): Promise<void> {
    const [usage] = await executor
      .select({
        pending: sql<number>`(count(*) filter (where ${containerImages.state} in ('queued', 'running')))::int`,
        stored: count(),
      })
      .from(containerImages)
      .where(eq(containerImages.tenantId, tenantId));
    if ((usage?.pending ?? 0) >= quotas.pending) {
      throw new AppError(
        "rate_limited",
        `This organization already has ${quotas.pending} images waiting to be scanned; upload again when one has finished`,
      );
    }
    if ((usage?.stored ?? 0) >= quotas.stored) {
      throw new AppError("conflict", `This organization has reached its limit of ${quotas.stored} images`);
    }
  }

  /**
   * Queues the scan of an image archive already on this server's disk (the upload folder). With
   * `withinQuota`, the quota check and the insert hold a per-tenant lock, so parallel uploads
   * cannot both slip in.
   */
  async function enqueue(
    input: { tenantId: string; imageRef: string; file: string; bytes: number; uploadedBy: string | null },
    { withinQuota = false } = {},
  ): Promise<ImageRow> {
    const created = await db.transaction(async (tx) => {
      if (withinQuota) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`images:${input.tenantId}`}))`);
        await checkQuotas(tx, input.tenantId);
      }
      const [row] = await tx
        .insert(containerImages)
        .values({
          tenantId: input.tenantId,
          imageRef: input.imageRef,
          uploadPath: input.file,
          uploadBytes: input.bytes,
          uploadedBy: input.uploadedBy,
          createdAt: now(),
        })
        .returning();
      return row!;
    });
    await deps.jobs.send(scanJob, { imageId: created.id, tenantId: input.tenantId });
    return created;
  }

  /** A fresh file name in the upload folder (created if needed). */
  async function newUploadPath(): Promise<string> {
    await mkdir(deps.uploadDir, { recursive: true });
    return path.join(deps.uploadDir, `${randomUUID()}.tar`);
  }

  return {
    scanJob,
    scan,
    enqueue,
    newUploadPath,

    /** Saves an upload (size-capped), checks it is an image archive, and queues its scan. */
    async receive(input: {
      tenantId: string;
      userId: string;
      name: string | undefined;
      body: NodeJS.ReadableStream;
    }): Promise<ImageRow> {
      // Checked again under the tenant's lock at insert; this spares writing an upload to refuse it.
      await checkQuotas(db, input.tenantId);
      const file = await newUploadPath();
      let bytes: number;
      try {
        bytes = await saveUpload(input.body, file, maxUploadBytes);
      } catch (error) {
        if (error instanceof UploadTooLarge) throw new AppError("bad_request", error.message);
        throw error;
      }
      try {
        if (bytes === 0) throw new AppError("bad_request", "The upload is empty");
        await assertImageArchive(file, limits);
        return await enqueue(
          {
            tenantId: input.tenantId,
            imageRef: input.name ?? "uploaded image",
            file,
            bytes,
            uploadedBy: input.userId,
          },
          { withinQuota: true },
        );
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },

    /**
     * Removes upload files no image waits for: left by a crash mid-upload, or by a tenant deleted
     * while its image was queued. Run at start, before workers pick up scans.
     */
    async sweepOrphanUploads(): Promise<number> {
      const files = await readdir(deps.uploadDir).catch(() => [] as string[]);
      if (files.length === 0) return 0;
      const waiting = new Set(
        (
          await db
            .select({ uploadPath: containerImages.uploadPath })
            .from(containerImages)
            .where(isNotNull(containerImages.uploadPath))
        ).map((row) => row.uploadPath),
      );
      let removed = 0;
      for (const file of files) {
        const full = path.join(deps.uploadDir, file);
        if (waiting.has(full)) continue;
        await rm(full, { force: true });
        removed += 1;
      }
      return removed;
    },

    async list(tenantId: string): Promise<ContainerImage[]> {
      const rows = await db
        .select()
        .from(containerImages)
        .where(eq(containerImages.tenantId, tenantId))
        .orderBy(desc(containerImages.createdAt));
      return rows.map(toContainerImage);
    },

    async find(tenantId: string, imageId: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(containerImages)
        .where(and(eq(containerImages.tenantId, tenantId), eq(containerImages.id, imageId)));
      return row;
    },

    /**
     * Findings of the tenant's images, most severe first: for each image reference only its latest
     * scanned upload counts (a re-upload of `app:1.2` replaces the earlier one's findings).
     */
    async findings(tenantId: string): Promise<ContainerFinding[]> {
      const rows = await db
        .select({ finding: containerFindings, image: containerImages })
        .from(containerFindings)
        .innerJoin(containerImages, eq(containerImages.id, containerFindings.imageId))
        .where(eq(containerFindings.tenantId, tenantId))
        .orderBy(desc(containerImages.createdAt));
      const latest = await db
        .select({ id: containerImages.id, imageRef: containerImages.imageRef })
        .from(containerImages)
        .where(and(eq(containerImages.tenantId, tenantId), eq(containerImages.state, "completed")))
        .orderBy(desc(containerImages.scannedAt));
      const current = new Map<string, string>();
      for (const image of latest) if (!current.has(image.imageRef)) current.set(image.imageRef, image.id);
      const rank = { critical: 0, high: 1, med: 2, low: 3 } as const;
      return rows
        .filter(({ image }) => current.get(image.imageRef) === image.id)
        .map(({ finding, image }) => ({
          id: finding.id,
          imageId: image.id,
          imageRef: image.imageRef,
          baseImage: image.baseImage,
          vulnerabilityId: finding.vulnerabilityId,
          aliases: finding.aliases,
          severity: finding.severity,
          cvssScore: finding.cvssScore,
          packageName: finding.packageName,
          ecosystem: finding.ecosystem,
          installedVersion: finding.installedVersion,
          fixedVersion: finding.fixedVersion,
          summary: finding.summary,
          scannedAt: finding.createdAt.toISOString(),
        }))
        .sort(
          (a, b) =>
            rank[a.severity] - rank[b.severity] ||
            (b.cvssScore ?? -1) - (a.cvssScore ?? -1) ||
            (a.imageRef < b.imageRef ? -1 : a.imageRef > b.imageRef ? 1 : 0),
        );
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
