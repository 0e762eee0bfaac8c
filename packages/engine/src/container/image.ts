// `readImage`: the inventory of a container image read from a `docker save` tarball or an OCI
// image layout (a directory, or a tar of one), without a Docker engine. One streaming pass: each
// layer is decompressed and read as it goes by (docker save writes manifest.json after the
// blobs), keeping only package databases and metadata; the layers are then merged in manifest
// order with their whiteouts, and the packages found in the merged filesystem are reported.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { PackageURL } from "packageurl-js";
import { type Package, packageUrl } from "../sca/package.ts";
import { normalizeLicense } from "../sca/parsers/license.ts";
import { parseApkInstalled } from "./apk.ts";
import { parseDpkgStatus } from "./dpkg.ts";
import { type KeptFile, type LayerContents, normalizeEntryPath, readLayer } from "./layer.ts";
import { type OperatingSystem, parseOsRelease } from "./os-release.ts";
import {
  ChunkReader,
  type Compression,
  DEFAULT_EXPANSION_LIMITS,
  decompress,
  ExpansionBudget,
  ExpansionLimitExceeded,
  type ExpansionLimits,
  looksLikeTar,
  readUpTo,
  sniffCompression,
  tarEntries,
} from "./stream.ts";

export type { OperatingSystem } from "./os-release.ts";

/** An image that cannot be read: the message is one line, fit for the user. */
export class ImageError extends Error {}

export interface ImagePackage extends Package {
  location: { path: string; line: number; layer: string };
  /** Debian source package / Alpine origin: the name distribution advisories are filed under. */
  source?: { name: string; version: string };
  architecture?: string;
}

export interface ImageLayer {
  /** `sha256:<hex>` of the layer blob as stored (compressed, if it is). */
  digest: string;
  /** Its member in the archive (`blobs/sha256/…`, `<id>/layer.tar`). */
  member: string;
  compression: Compression;
  entries: number;
}

export interface HistoryEntry {
  created?: string;
  createdBy?: string;
  comment?: string;
  emptyLayer?: boolean;
}

export interface ImageConfig {
  /** From the `org.opencontainers.image.base.name` label or manifest annotation. */
  baseImage?: { name: string; digest?: string };
  labels: Record<string, string>;
  history: HistoryEntry[];
  repoTags: string[];
  architecture?: string;
  os?: string;
  created?: string;
}

export interface ImageInventory {
  os?: OperatingSystem;
  packages: ImagePackage[];
  config: ImageConfig;
  layers: ImageLayer[];
  warnings: string[];
}

export interface ReadImageOptions {
  /** With several images in one archive: the `RepoTags` entry or OCI `ref.name` to read. */
  reference?: string;
  /** Bounds on decompressed size, ratio, file count and time; a read past them fails with ImageError. */
  limits?: Partial<ExpansionLimits>;
}

const TEXT_LIMIT = 8 * 1024 * 1024;

interface ReadLayer {
  contents?: LayerContents;
  error?: string;
  digest: string;
  compression: Compression;
}

/**
 * Reads one layer blob; a layer that does not read is recorded, and only fatal if it is used.
 * A layer past the budget's limits stops the whole read (ExpansionLimitExceeded is thrown).
 */
async function readLayerBlob(
  reader: ChunkReader,
  budget: ExpansionBudget,
  member: string,
): Promise<ReadLayer> {
  const compression = sniffCompression(await reader.peek(4));
  let contents: LayerContents | undefined;
  let error: string | undefined;
  const what = `layer ${member}`;
  try {
    contents = await readLayer(decompress(reader, compression, budget, what), { budget, what });
  } catch (caught) {
    if (caught instanceof ExpansionLimitExceeded) throw caught;
    error = caught instanceof Error ? caught.message : String(caught);
  }
  await reader.drain();
  const result: ReadLayer = { digest: reader.digest() ?? "", compression };
  if (contents) result.contents = contents;
  if (error !== undefined) result.error = error;
  return result;
}

export async function readImage(path: string, options: ReadImageOptions = {}): Promise<ImageInventory> {
  const info = await stat(path).catch((error: Error) => {
    throw new ImageError(`cannot read ${path}: ${error.message}`);
  });
  const budget = new ExpansionBudget({ ...DEFAULT_EXPANSION_LIMITS, ...options.limits });
  try {
    return info.isDirectory()
      ? await readLayoutDirectory(path, options, budget)
      : await readArchive(path, options, budget);
  } catch (error) {
    if (error instanceof ExpansionLimitExceeded) throw new ImageError(`${path}: ${error.message}`);
    throw error;
  }
}

async function readArchive(
  path: string,
  options: ReadImageOptions,
  budget: ExpansionBudget,
): Promise<ImageInventory> {
  const texts = new Map<string, string>();
  const layers = new Map<string, ReadLayer>();
  const file = new ChunkReader(
    createReadStream(path, { highWaterMark: 1024 * 1024 })[Symbol.asyncIterator](),
  );
  try {
    const outer = decompress(file, sniffCompression(await file.peek(4)), budget);
    for await (const { header, reader } of tarEntries(outer, { hash: true })) {
      budget.entry("the archive");
      if (header.type !== "file" && header.type !== "contiguous-file") continue;
      const member = normalizeEntryPath(header.name);
      const head = await reader.peek(512);
      if (sniffCompression(head) !== "none" || looksLikeTar(head)) {
        layers.set(member, await readLayerBlob(reader, budget, member));
      } else if ((header.size ?? 0) <= TEXT_LIMIT) {
        texts.set(member, (await readUpTo(reader, TEXT_LIMIT))?.toString("utf8") ?? "");
      }
    }
  } catch (error) {
    if (error instanceof ImageError || error instanceof ExpansionLimitExceeded) throw error;
    throw new ImageError(`${path}: not a readable image archive (${(error as Error).message})`);
  }
  const resolved = resolveImage((member) => texts.get(member), options, path);
  const used = resolved.layerMembers.map((member) => {
    const layer = layers.get(member);
    if (!layer) throw new ImageError(`${path}: layer ${member} named by the manifest is not in the archive`);
    return { member, layer };
  });
  return inventory(resolved, used, path);
}

async function readLayoutDirectory(
  root: string,
  options: ReadImageOptions,
  budget: ExpansionBudget,
): Promise<ImageInventory> {
  const readText = (member: string): Promise<string | undefined> =>
    readFile(join(root, member), "utf8").catch(() => undefined);
  // The directory's small files are read up front: resolution needs index.json, the manifests
  // and the config, and only then are the layers streamed, in order.
  const texts = new Map<string, string>();
  for (const member of ["manifest.json", "index.json"]) {
    const text = await readText(member);
    if (text !== undefined) texts.set(member, text);
  }
  const lookup = (member: string): string | undefined => {
    return texts.get(member);
  };
  // Manifests and configs are blobs too: load the ones resolution asks for, then resolve again.
  let resolved: Resolved | undefined;
  for (let attempt = 0; attempt < 8 && resolved === undefined; attempt++) {
    try {
      resolved = resolveImage(lookup, options, root);
    } catch (error) {
      if (!(error instanceof MissingBlob)) throw error;
      const text = await readText(error.member);
      if (text === undefined) throw new ImageError(`${root}: ${error.member} is missing`);
      texts.set(error.member, text);
    }
  }
  if (resolved === undefined) throw new ImageError(`${root}: image index nested too deeply`);
  const used: { member: string; layer: ReadLayer }[] = [];
  for (const member of resolved.layerMembers) {
    const stream = createReadStream(join(root, member), { highWaterMark: 1024 * 1024 });
    const reader = new ChunkReader(stream[Symbol.asyncIterator](), { hash: true });
    try {
      used.push({ member, layer: await readLayerBlob(reader, budget, member) });
    } catch (error) {
      if (error instanceof ExpansionLimitExceeded) throw error;
      throw new ImageError(`${root}: cannot read layer ${member}: ${(error as Error).message}`);
    }
  }
  return inventory(resolved, used, root);
}

class MissingBlob extends Error {
  constructor(readonly member: string) {
    super(`${member} is missing`);
  }
}

interface Resolved {
  layerMembers: string[];
  config: Record<string, unknown>;
  repoTags: string[];
  annotations: Record<string, string>;
}

function parseJson(text: string, member: string, where: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ImageError(`${where}: ${member} is not valid JSON`);
}

function blobMember(digest: unknown, where: string): string {
  const match = typeof digest === "string" ? /^([a-z0-9]+):([a-f0-9]{32,})$/.exec(digest) : null;
  if (!match) throw new ImageError(`${where}: invalid digest ${JSON.stringify(digest)}`);
  return `blobs/${match[1]}/${match[2]}`;
}

const INDEX_TYPES = new Set([
  "application/vnd.oci.image.index.v1+json",
  "application/vnd.docker.distribution.manifest.list.v2+json",
]);

function stringRecord(value: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) if (typeof item === "string") record[key] = item;
  }
  return record;
}

/** Finds the image's config and ordered layers from docker's manifest.json or OCI index.json. */
function resolveImage(
  read: (member: string) => string | undefined,
  options: ReadImageOptions,
  where: string,
): Resolved {
  const need = (member: string): string => {
    const text = read(member);
    if (text === undefined) throw new MissingBlob(member);
    return text;
  };
  const dockerManifest = read("manifest.json");
  if (dockerManifest !== undefined) {
    const entries: unknown = parseJson(dockerManifest, "manifest.json", where);
    if (!Array.isArray(entries) || entries.length === 0)
      throw new ImageError(`${where}: manifest.json lists no image`);
    const entry = (
      options.reference
        ? entries.find((item) => Array.isArray(item?.RepoTags) && item.RepoTags.includes(options.reference))
        : entries[0]
    ) as { Config?: unknown; Layers?: unknown; RepoTags?: unknown } | undefined;
    if (!entry) throw new ImageError(`${where}: no image tagged ${options.reference} in manifest.json`);
    if (typeof entry.Config !== "string" || !Array.isArray(entry.Layers)) {
      throw new ImageError(`${where}: manifest.json entry has no Config or Layers`);
    }
    return {
      layerMembers: entry.Layers.map((layer) => normalizeEntryPath(String(layer))),
      config: parseJson(need(normalizeEntryPath(entry.Config)), entry.Config, where),
      repoTags: Array.isArray(entry.RepoTags) ? entry.RepoTags.map(String) : [],
      annotations: {},
    };
  }
  const indexText = read("index.json");
  if (indexText === undefined) {
    throw new ImageError(`${where}: not a docker save or OCI image layout (no manifest.json or index.json)`);
  }
  let index = parseJson(indexText, "index.json", where);
  let repoTags: string[] = [];
  for (let depth = 0; depth < 4; depth++) {
    const descriptors = (Array.isArray(index.manifests) ? index.manifests : []) as Record<string, unknown>[];
    const chosen = chooseDescriptor(descriptors, options);
    if (!chosen) throw new ImageError(`${where}: the image index lists no image manifest`);
    const annotations = stringRecord(chosen.annotations);
    const refName = annotations["org.opencontainers.image.ref.name"];
    if (refName && repoTags.length === 0) repoTags = [refName];
    const member = blobMember(chosen.digest, where);
    const document = parseJson(need(member), member, where);
    const mediaType = (document.mediaType ?? chosen.mediaType) as string | undefined;
    if ((mediaType && INDEX_TYPES.has(mediaType)) || Array.isArray(document.manifests)) {
      index = document;
      continue;
    }
    const config = document.config as { digest?: unknown } | undefined;
    const layers = (Array.isArray(document.layers) ? document.layers : []) as { digest?: unknown }[];
    const configMember = blobMember(config?.digest, where);
    return {
      layerMembers: layers.map((layer) => blobMember(layer.digest, where)),
      config: parseJson(need(configMember), configMember, where),
      repoTags,
      annotations: { ...annotations, ...stringRecord(document.annotations) },
    };
  }
  throw new ImageError(`${where}: image index nested too deeply`);
}

// Prefer the requested reference, then a linux/amd64 image, then the first real image (BuildKit
// adds attestation manifests with platform unknown/unknown).
function chooseDescriptor(
  descriptors: Record<string, unknown>[],
  options: ReadImageOptions,
): Record<string, unknown> | undefined {
  const images = descriptors.filter((descriptor) => {
    const annotations = stringRecord(descriptor.annotations);
    return annotations["vnd.docker.reference.type"] !== "attestation-manifest";
  });
  if (options.reference) {
    const named = images.find(
      (descriptor) =>
        stringRecord(descriptor.annotations)["org.opencontainers.image.ref.name"] === options.reference,
    );
    if (named) return named;
  }
  const platformOf = (descriptor: Record<string, unknown>) => stringRecord(descriptor.platform);
  return (
    images.find(
      (descriptor) =>
        platformOf(descriptor).os === "linux" && platformOf(descriptor).architecture === "amd64",
    ) ?? images[0]
  );
}

function readConfig(resolved: Resolved): ImageConfig {
  const raw = resolved.config;
  const inner = (raw.config ?? {}) as Record<string, unknown>;
  const labels = stringRecord(inner.Labels);
  const history = (Array.isArray(raw.history) ? raw.history : []).map((item: Record<string, unknown>) => {
    const entry: HistoryEntry = {};
    if (typeof item.created === "string") entry.created = item.created;
    if (typeof item.created_by === "string") entry.createdBy = item.created_by;
    if (typeof item.comment === "string") entry.comment = item.comment;
    if (item.empty_layer === true) entry.emptyLayer = true;
    return entry;
  });
  const config: ImageConfig = { labels, history, repoTags: resolved.repoTags };
  const baseName =
    labels["org.opencontainers.image.base.name"] ??
    resolved.annotations["org.opencontainers.image.base.name"];
  if (baseName) {
    config.baseImage = { name: baseName };
    const digest =
      labels["org.opencontainers.image.base.digest"] ??
      resolved.annotations["org.opencontainers.image.base.digest"];
    if (digest) config.baseImage.digest = digest;
  }
  if (typeof raw.architecture === "string") config.architecture = raw.architecture;
  if (typeof raw.os === "string") config.os = raw.os;
  if (typeof raw.created === "string") config.created = raw.created;
  return config;
}

export interface MergedFile {
  file: KeptFile;
  layer: string;
}

/**
 * Applies layers bottom-up: a layer's whiteouts and opaque directories hide what the layers
 * below put there (never what the same layer adds), then its own files go on top.
 */
export function mergeLayers(
  layers: readonly { digest: string; contents: LayerContents }[],
): Map<string, MergedFile> {
  const merged = new Map<string, MergedFile>();
  const removeUnder = (directory: string, includeSelf: boolean) => {
    const prefix = directory === "" ? "" : `${directory}/`;
    for (const path of merged.keys()) {
      if ((includeSelf && path === directory) || path.startsWith(prefix)) merged.delete(path);
    }
  };
  for (const { digest, contents } of layers) {
    for (const directory of contents.opaqueDirectories) removeUnder(directory, false);
    for (const path of contents.whiteouts) removeUnder(path, true);
    for (const [path, file] of contents.files) merged.set(path, { file, layer: digest });
  }
  return merged;
}

function inventory(
  resolved: Resolved,
  used: readonly { member: string; layer: ReadLayer }[],
  where: string,
): ImageInventory {
  const warnings: string[] = [];
  const layers: ImageLayer[] = [];
  const contents: { digest: string; contents: LayerContents }[] = [];
  for (const { member, layer } of used) {
    if (!layer.contents) throw new ImageError(`${where}: layer ${member} is corrupt (${layer.error})`);
    layers.push({
      digest: layer.digest,
      member,
      compression: layer.compression,
      entries: layer.contents.entries,
    });
    contents.push({ digest: layer.digest, contents: layer.contents });
    warnings.push(...layer.contents.warnings.map((warning) => `${layer.digest}: ${warning}`));
  }
  const merged = mergeLayers(contents);
  const osRelease = merged.get("etc/os-release") ?? merged.get("usr/lib/os-release");
  const os = osRelease?.file.kind === "os-release" ? parseOsRelease(osRelease.file.text) : undefined;
  const packages = packagesOf(merged, os);
  const result: ImageInventory = { packages, config: readConfig(resolved), layers, warnings };
  if (os) result.os = os;
  return result;
}

function osPurl(
  type: "deb" | "apk",
  os: OperatingSystem | undefined,
  name: string,
  version: string,
  arch?: string,
) {
  const namespace = os?.id ?? (type === "deb" ? "debian" : "alpine");
  const qualifiers: Record<string, string> = {};
  if (arch) qualifiers.arch = arch;
  if (os?.versionId) qualifiers.distro = type === "deb" ? `${os.id}-${os.versionId}` : os.versionId;
  return new PackageURL(type, namespace, name, version, qualifiers, undefined).toString();
}

const LANGUAGE_ECOSYSTEMS = { npm: "npm", python: "PyPI", gem: "RubyGems" } as const;

function packagesOf(merged: Map<string, MergedFile>, os: OperatingSystem | undefined): ImagePackage[] {
  const packages: ImagePackage[] = [];
  const base = { direct: false, dev: false } as const;
  for (const [path, { file, layer }] of merged) {
    switch (file.kind) {
      case "dpkg-status":
        for (const entry of parseDpkgStatus(file.text, { requireStatus: path === "var/lib/dpkg/status" })) {
          const pkg: ImagePackage = {
            ...base,
            ecosystem: "Debian",
            name: entry.name,
            version: entry.version,
            location: { path, line: entry.line, layer },
            purl: osPurl("deb", os, entry.name, entry.version, entry.architecture),
            source: entry.source,
          };
          if (entry.architecture) pkg.architecture = entry.architecture;
          packages.push(pkg);
        }
        break;
      case "apk-installed":
        for (const entry of parseApkInstalled(file.text)) {
          const pkg: ImagePackage = {
            ...base,
            ecosystem: "Alpine",
            name: entry.name,
            version: entry.version,
            location: { path, line: entry.line, layer },
            purl: osPurl("apk", os, entry.name, entry.version, entry.architecture),
            source: { name: entry.origin, version: entry.version },
          };
          if (entry.architecture) pkg.architecture = entry.architecture;
          const license = entry.license && normalizeLicense(entry.license).spdx;
          if (license) pkg.license = license;
          packages.push(pkg);
        }
        break;
      case "npm":
      case "python":
      case "gem": {
        const ecosystem = LANGUAGE_ECOSYSTEMS[file.kind];
        const name =
          ecosystem === "PyPI" ? file.info.name.toLowerCase().replace(/[-_.]+/g, "-") : file.info.name;
        const pkg: ImagePackage = {
          ...base,
          ecosystem,
          name,
          version: file.info.version,
          location: { path, line: 1, layer },
          purl: packageUrl(ecosystem, name, file.info.version),
        };
        const license = file.info.license && normalizeLicense(file.info.license).spdx;
        if (license) pkg.license = license;
        packages.push(pkg);
        break;
      }
      case "go": {
        const modules = [...(file.info.main ? [file.info.main] : []), ...file.info.deps];
        const goVersion = /^go(\d+\.\d+(?:\.\d+)?)/.exec(file.info.goVersion)?.[1];
        if (goVersion) modules.push({ path: "stdlib", version: goVersion });
        for (const module of modules) {
          // `(devel)` is a local build of the main module: no released version to match.
          const version = module.version && module.version !== "(devel)" ? module.version : null;
          packages.push({
            ...base,
            ecosystem: "Go",
            name: module.path,
            version,
            location: { path, line: 1, layer },
            purl: packageUrl("Go", module.path, version),
          });
        }
        break;
      }
      case "os-release":
        break;
    }
  }
  const seen = new Set<string>();
  return packages
    .filter((pkg) => {
      const key = `${pkg.ecosystem}\u0000${pkg.name}\u0000${pkg.version}\u0000${pkg.architecture}\u0000${pkg.location.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(
      (a, b) =>
        compare(a.ecosystem, b.ecosystem) ||
        compare(a.name, b.name) ||
        compare(a.version ?? "", b.version ?? "") ||
        compare(a.location.path, b.location.path),
    );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
