// Container images sent to the server and the vulnerabilities their scans found (spec part 2,
// Container Security; §3 Container finding).
import { z } from "zod";
import { Id, Severity } from "./common.ts";

export const ContainerFinding = z.object({
  id: Id,
  imageId: Id,
  /** The image's RepoTag (`registry/name:tag`), else the name it was uploaded under. */
  imageRef: z.string(),
  /** From the image's base-name label or annotation; null when the image does not say. */
  baseImage: z.string().nullable(),
  /** A CVE when any advisory names one, else the advisory id (DLA-…, GHSA-…, ALPINE-CVE-…). */
  vulnerabilityId: z.string(),
  /** The other ids of the same vulnerability. */
  aliases: z.array(z.string()),
  severity: Severity,
  /** Highest CVSS v3/v4 base score among the advisories; null when none gives a vector. */
  cvssScore: z.number().nullable(),
  packageName: z.string(),
  /** OSV ecosystem of the package as installed: Debian, Alpine, npm, PyPI, Go. */
  ecosystem: z.string(),
  installedVersion: z.string().nullable(),
  /** The lowest version above the installed one that fixes it; null when no fix is known. */
  fixedVersion: z.string().nullable(),
  summary: z.string().nullable(),
  scannedAt: z.iso.datetime({ offset: true }),
});
export type ContainerFinding = z.infer<typeof ContainerFinding>;
export const ContainerFindingList = z.array(ContainerFinding);

export const ImageScanState = z.enum(["queued", "running", "completed", "failed"]);
export type ImageScanState = z.infer<typeof ImageScanState>;

/** An uploaded image and where its scan stands. */
export const ContainerImage = z.object({
  id: Id,
  imageRef: z.string(),
  baseImage: z.string().nullable(),
  /** `Debian:12`, `Alpine:v3.19`; null until scanned or when the image has no os-release. */
  os: z.string().nullable(),
  packageCount: z.number().int().nullable(),
  state: ImageScanState,
  error: z.string().nullable(),
  uploadBytes: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  scannedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ContainerImage = z.infer<typeof ContainerImage>;
export const ContainerImageList = z.array(ContainerImage);

/** `POST /api/tenants/:tenantId/images?name=…`: the name shown until the image's own tag is read. */
export const ImageUploadQuery = z.object({ name: z.string().trim().min(1).max(300).optional() });
