// Shared pieces of the manifest and lockfile parsers: the collector that builds `Package`s
// (normalised names, purls, de-duplication), line arithmetic, sibling paths and graph walks.
import {
  type Ecosystem,
  normalizePackageName,
  type Package,
  type ParseOutcome,
  packageUrl,
} from "../package.ts";
import { normalizeLicense } from "./license.ts";
import { basename, dirname, resolveSibling } from "./paths.ts";

export { basename, dirname, resolveSibling };

/**
 * Reads another file of the scanned tree for formats that need one (a parent pom, a `-r`
 * include, the package.json beside a lockfile). The path is relative to the scan root, as the
 * parsed file's own path is; undefined when the file does not exist or may not be read.
 */
export type ReadSibling = (path: string) => string | undefined;

export type ManifestParser = (path: string, text: string, readSibling?: ReadSibling) => ParseOutcome;

export function failure(path: string, message: string): ParseOutcome {
  return { ok: false, reason: `${path}: ${message}` };
}

export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 200);
}

export interface PackageInput {
  name: string;
  version: string | null;
  versionRange?: string;
  direct: boolean;
  dev: boolean;
  line: number;
  /** Defaults to the parsed file; set for packages declared in an included file. */
  path?: string;
  /** As written in the file; normalised to SPDX here. */
  license?: string | string[];
  /** purl qualifiers the ecosystem needs besides name and version (Julia's `uuid`). */
  purlQualifiers?: Readonly<Record<string, string>>;
}

/**
 * Collects packages of one file. The same (name, version) found twice (nested npm copies, one
 * module in several NuGet frameworks, go.sum lines) becomes one package: direct if any copy is,
 * dev only if every copy is, located at the first copy.
 */
export class PackageCollector {
  readonly warnings: string[] = [];
  private readonly byKey = new Map<string, Package>();

  constructor(
    private readonly ecosystem: Ecosystem,
    private readonly path: string,
    /** The file has a licence field for every package (see Package.licensesRecorded). */
    private readonly options: { recordsLicenses?: boolean } = {},
  ) {}

  add(input: PackageInput): void {
    const name = normalizePackageName(this.ecosystem, input.name);
    const key = `${name}\u0000${input.version ?? `range:${input.versionRange ?? ""}`}\u0000${input.path ?? ""}`;
    const existing = this.byKey.get(key);
    if (existing) {
      existing.direct ||= input.direct;
      existing.dev &&= input.dev;
      return;
    }
    const pkg: Package = {
      ecosystem: this.ecosystem,
      name,
      version: input.version,
      direct: input.direct,
      dev: input.dev,
      location: { path: input.path ?? this.path, line: input.line },
      purl: packageUrl(this.ecosystem, name, input.version, input.purlQualifiers),
    };
    if (input.versionRange !== undefined) pkg.versionRange = input.versionRange;
    if (this.options.recordsLicenses) pkg.licensesRecorded = true;
    if (input.license !== undefined) {
      const license = normalizeLicense(input.license);
      if (license.spdx !== undefined) pkg.license = license.spdx;
      if (license.warning !== undefined) this.warn(`${name}: ${license.warning}`);
    }
    this.byKey.set(key, pkg);
  }

  warn(message: string): void {
    if (this.warnings.length < 200 && !this.warnings.includes(message)) this.warnings.push(message);
  }

  finish(): ParseOutcome {
    return { ok: true, packages: [...this.byKey.values()], warnings: this.warnings };
  }
}

/** 1-based line numbers for string offsets; one pass to index, a binary search per query. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
      this.starts.push(index + 1);
    }
  }

  lineAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function readJsonSibling(
  readSibling: ReadSibling | undefined,
  fromFile: string,
  relative: string,
): Record<string, unknown> | undefined {
  const siblingPath = resolveSibling(fromFile, relative);
  const text = siblingPath === undefined ? undefined : readSibling?.(siblingPath);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(stripBom(text));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Keys of an object-valued field, e.g. the names under `dependencies`. */
export function recordKeys(value: unknown): string[] {
  return isRecord(value) ? Object.keys(value) : [];
}

/** A registry version: starts with a digit (optionally after `v`); not a URL, path or git ref. */
export function isPlainVersion(version: string): boolean {
  return /^v?\d[\w.+-]*$/.test(version);
}

export interface Reachability {
  prod: Set<string>;
  dev: Set<string>;
}

/** Every node reachable from each set of roots (iterative, so deep graphs cannot overflow). */
export function reachability(
  edges: ReadonlyMap<string, readonly string[]>,
  prodRoots: Iterable<string>,
  devRoots: Iterable<string>,
): Reachability {
  const walk = (roots: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (seen.has(node)) continue;
      seen.add(node);
      for (const next of edges.get(node) ?? []) if (!seen.has(next)) stack.push(next);
    }
    return seen;
  };
  return { prod: walk(prodRoots), dev: walk(devRoots) };
}

/** Nodes no other node depends on: the best guess at direct dependencies when no manifest is at hand. */
export function unrequiredNodes(
  nodes: Iterable<string>,
  edges: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const required = new Set<string>();
  for (const [from, targets] of edges)
    for (const target of targets) if (target !== from) required.add(target);
  const roots = new Set<string>();
  for (const node of nodes) if (!required.has(node)) roots.add(node);
  return roots;
}

/**
 * Collectors for a file whose packages span several ecosystems (CRAN and Bioconductor in R
 * locks): one collector per ecosystem, since names normalise per ecosystem, merged back in the
 * file's order.
 */
export class MultiEcosystemCollector {
  private readonly collectors = new Map<Ecosystem, PackageCollector>();
  private readonly general: PackageCollector;

  constructor(
    fallback: Ecosystem,
    private readonly path: string,
  ) {
    this.general = new PackageCollector(fallback, path);
  }

  add(ecosystem: Ecosystem, input: PackageInput): void {
    let collector = this.collectors.get(ecosystem);
    if (!collector) {
      collector = new PackageCollector(ecosystem, this.path);
      this.collectors.set(ecosystem, collector);
    }
    collector.add(input);
  }

  warn(message: string): void {
    this.general.warn(message);
  }

  finish(): ParseOutcome {
    const outcomes = [...this.collectors.values()].map((collector) => collector.finish());
    return {
      ok: true,
      packages: outcomes
        .flatMap((outcome) => (outcome.ok ? outcome.packages : []))
        .sort((a, b) => a.location.line - b.location.line),
      warnings: [
        ...this.general.warnings,
        ...outcomes.flatMap((outcome) => (outcome.ok ? outcome.warnings : [])),
      ],
    };
  }
}
