// What both SBOM writers share: the document's subject, one entry per distinct purl (the same
// package found in several files or layers is one component), and content-derived identifiers
// so that the same inventory always gives the same document.
import { createHash } from "node:crypto";
import type { Package } from "../sca/package.ts";

export interface SbomMeta {
  /** What the SBOM describes: a project folder name or an image reference. */
  name: string;
  version?: string;
  /** `application` for a source tree, `container` for an image. */
  kind?: "application" | "container";
  /** Creation time; given, so that output is reproducible. */
  timestamp: Date | string;
  toolVersion: string;
  /** CycloneDX serialNumber (`urn:uuid:…`); derived from the content when absent. */
  serialNumber?: string;
  /** The image's distribution, written as an operating-system component (CycloneDX). */
  os?: { id: string; versionId?: string };
}

export interface SbomEntry {
  purl: string;
  package: Package;
  /** Every file (and layer, for images) that declares it, sorted. */
  locations: string[];
  /** Dev only if every occurrence is. */
  dev: boolean;
  direct: boolean;
}

function locationOf(pkg: Package): string {
  const layer = (pkg.location as { layer?: string }).layer;
  return layer ? `${pkg.location.path}@${layer}` : pkg.location.path;
}

export function sbomEntries(packages: readonly Package[]): SbomEntry[] {
  const byPurl = new Map<string, SbomEntry>();
  for (const pkg of packages) {
    const existing = byPurl.get(pkg.purl);
    if (existing) {
      existing.dev &&= pkg.dev;
      existing.direct ||= pkg.direct;
      if (!existing.locations.includes(locationOf(pkg))) existing.locations.push(locationOf(pkg));
      if (existing.package.license === undefined && pkg.license !== undefined) existing.package = pkg;
    } else {
      byPurl.set(pkg.purl, {
        purl: pkg.purl,
        package: pkg,
        locations: [locationOf(pkg)],
        dev: pkg.dev,
        direct: pkg.direct,
      });
    }
  }
  const entries = [...byPurl.values()];
  for (const entry of entries) entry.locations.sort();
  return entries.sort((a, b) => (a.purl < b.purl ? -1 : a.purl > b.purl ? 1 : 0));
}

/** A v5-style UUID (version and variant bits set) from a SHA-256 of the content. */
export function contentUuid(entries: readonly SbomEntry[], meta: SbomMeta): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([meta.name, meta.version ?? "", meta.kind ?? "", meta.os ?? null]));
  for (const entry of entries) {
    hash.update(
      `\n${entry.purl}\t${entry.dev}\t${entry.direct}\t${entry.package.license ?? ""}\t${entry.locations.join(",")}`,
    );
  }
  const bytes = hash.digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isoTimestamp(timestamp: Date | string): string {
  const date = typeof timestamp === "string" ? new Date(timestamp) : timestamp;
  if (Number.isNaN(date.getTime())) throw new Error(`invalid SBOM timestamp ${String(timestamp)}`);
  // Whole seconds: SPDX examples and most consumers expect `YYYY-MM-DDThh:mm:ssZ`.
  return `${date.toISOString().slice(0, 19)}Z`;
}
