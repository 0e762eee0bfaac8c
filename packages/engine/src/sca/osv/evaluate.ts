// OSV `affected` evaluation, exactly as the schema's pseudo-code defines it
// (https://ossf.github.io/osv-schema/#evaluation), plus the index and the alias merge that turn
// many records into one finding per vulnerability and package.
//
// A version is affected by an `affected` entry when it is listed in `versions`, or when some
// SEMVER/ECOSYSTEM range (before any `limit`) has it inside: walking the events in version order,
// `introduced` opens (`"0"` = from the start), `fixed` closes at that version (exclusive),
// `last_affected` closes after it (inclusive). GIT ranges need a commit graph and are ignored.
import { normalizeEcosystemName, samePackageEcosystem } from "./ecosystem.ts";
import type { OsvAffected, OsvRange, OsvRecord } from "./record.ts";
import { semverRanges, type VersionOrder, versionOrderFor } from "./versions/index.ts";

export interface MatchablePackage {
  ecosystem: string;
  name: string;
  version: string | null;
  purl?: string;
}

export type Evaluation =
  | { status: "affected" }
  | { status: "not_affected" }
  /** The installed version or an event version does not parse in the ecosystem's order. */
  | { status: "unknown"; reason: string };

type Parsed = unknown;
const START = Symbol("introduced 0");

interface CompiledEvent {
  kind: "introduced" | "fixed" | "last_affected";
  text: string;
  version: Parsed | typeof START;
}

interface CompiledRange {
  order: VersionOrder;
  events: CompiledEvent[];
  limits: (Parsed | "*")[];
  /** Set when an event version did not parse: the range cannot be evaluated. */
  invalid?: string;
}

interface CompiledAffected {
  ranges: CompiledRange[];
  versions: Set<string>;
}

const compiledCache = new WeakMap<OsvAffected, CompiledAffected>();

function compileRange(range: OsvRange, order: VersionOrder): CompiledRange {
  const compiled: CompiledRange = { order, events: [], limits: [] };
  for (const event of range.events) {
    const [kind, text] = Object.entries(event)[0] as [string, string];
    if (kind === "limit") {
      const limit = text === "*" ? "*" : order.parse(text);
      if (limit === undefined) compiled.invalid ??= `limit ${text} is not a version`;
      else compiled.limits.push(limit);
      continue;
    }
    const version = kind === "introduced" && text === "0" ? START : order.parse(text);
    if (version === undefined) {
      compiled.invalid ??= `${kind} ${text} is not a version`;
      continue;
    }
    compiled.events.push({ kind: kind as CompiledEvent["kind"], text, version });
  }
  // a stable sort: events at the same version keep their order (intro X, fixed X is empty)
  compiled.events.sort((a, b) => {
    if (a.version === START || b.version === START)
      return a.version === b.version ? 0 : a.version === START ? -1 : 1;
    return order.compare(a.version, b.version);
  });
  return compiled;
}

function compileAffected(affected: OsvAffected): CompiledAffected {
  const cached = compiledCache.get(affected);
  if (cached) return cached;
  const ecosystemOrder = affected.package ? versionOrderFor(affected.package.ecosystem) : undefined;
  const ranges: CompiledRange[] = [];
  for (const range of affected.ranges ?? []) {
    if (range.type === "SEMVER") ranges.push(compileRange(range, semverRanges));
    else if (range.type === "ECOSYSTEM") {
      if (ecosystemOrder) ranges.push(compileRange(range, ecosystemOrder));
      else ranges.push({ order: semverRanges, events: [], limits: [], invalid: "unsupported ecosystem" });
    }
    // GIT ranges name commits, not versions
  }
  const compiled = { ranges, versions: new Set(affected.versions ?? []) };
  compiledCache.set(affected, compiled);
  return compiled;
}

function includedInRange(version: Parsed, range: CompiledRange): boolean {
  if (range.limits.length > 0) {
    const beforeLimit = range.limits.some(
      (limit) => limit === "*" || range.order.compare(version, limit) < 0,
    );
    if (!beforeLimit) return false;
  }
  let vulnerable = false;
  for (const event of range.events) {
    // every version is at or above "0"
    const at = event.version === START ? 1 : range.order.compare(version, event.version);
    if (event.kind === "introduced") {
      if (at >= 0) vulnerable = true;
    } else if (event.kind === "fixed") {
      if (at >= 0) vulnerable = false;
    } else if (at > 0) {
      vulnerable = false;
    }
  }
  return vulnerable;
}

/** The installed version as the `versions` list spells it (Go lists drop the `v`). */
function listedForms(ecosystem: string, version: string): string[] {
  return ecosystem === "Go" && version.startsWith("v") ? [version, version.slice(1)] : [version];
}

/** Evaluates one `affected` entry for a version (the package is assumed to match). */
export function evaluateAffected(affected: OsvAffected, ecosystem: string, version: string): Evaluation {
  const compiled = compileAffected(affected);
  if (listedForms(ecosystem, version).some((form) => compiled.versions.has(form)))
    return { status: "affected" };
  let unknown: string | undefined;
  const parsedByOrder = new Map<VersionOrder, Parsed | undefined>();
  for (const range of compiled.ranges) {
    if (range.invalid) {
      unknown ??= range.invalid;
      continue;
    }
    if (!parsedByOrder.has(range.order)) parsedByOrder.set(range.order, range.order.parse(version));
    const parsed = parsedByOrder.get(range.order);
    if (parsed === undefined) {
      unknown ??= `${version} is not a ${ecosystem} version`;
      continue;
    }
    if (includedInRange(parsed, range)) return { status: "affected" };
  }
  return unknown ? { status: "unknown", reason: unknown } : { status: "not_affected" };
}

function affectsPackage(affected: OsvAffected, pkg: MatchablePackage): boolean {
  return (
    affected.package !== undefined &&
    samePackageEcosystem(affected.package.ecosystem, pkg.ecosystem) &&
    normalizeEcosystemName(affected.package.ecosystem, affected.package.name) ===
      normalizeEcosystemName(pkg.ecosystem, pkg.name)
  );
}

/** The record's verdict for one installed package; withdrawn records never affect anything. */
export function evaluate(record: OsvRecord, pkg: MatchablePackage): Evaluation {
  if (record.withdrawn) return { status: "not_affected" };
  if (pkg.version === null) return { status: "unknown", reason: "no exact version" };
  let unknown: Evaluation | undefined;
  for (const affected of record.affected ?? []) {
    if (!affectsPackage(affected, pkg)) continue;
    const result = evaluateAffected(affected, pkg.ecosystem, pkg.version);
    if (result.status === "affected") return result;
    if (result.status === "unknown") unknown ??= result;
  }
  return unknown ?? { status: "not_affected" };
}

export function affects(record: OsvRecord, pkg: MatchablePackage): boolean {
  return evaluate(record, pkg).status === "affected";
}

/**
 * The lowest `fixed` version above the installed one that none of the records affects: the
 * smallest upgrade that clears them all. Null when nothing qualifies (no fix, or `last_affected`
 * only).
 */
export function lowestFixAbove(
  records: OsvRecord | readonly OsvRecord[],
  pkg: MatchablePackage,
): string | null {
  const list = Array.isArray(records) ? (records as readonly OsvRecord[]) : [records as OsvRecord];
  if (pkg.version === null) return null;
  const order = versionOrderFor(pkg.ecosystem);
  if (!order) return null;
  const installed = order.parse(pkg.version);
  if (installed === undefined) return null;
  const candidates = new Map<string, Parsed>();
  for (const record of list) {
    if (record.withdrawn) continue;
    for (const affected of record.affected ?? []) {
      if (!affectsPackage(affected, pkg)) continue;
      for (const range of affected.ranges ?? []) {
        if (range.type === "GIT") continue;
        for (const event of range.events) {
          if (!("fixed" in event)) continue;
          const parsed = order.parse(event.fixed);
          if (parsed !== undefined && order.compare(parsed, installed) > 0)
            candidates.set(event.fixed, parsed);
        }
      }
    }
  }
  const sorted = [...candidates].sort((a, b) => order.compare(a[1], b[1]));
  for (const [text] of sorted) {
    const upgraded = { ...pkg, version: text };
    if (list.every((record) => evaluate(record, upgraded).status === "not_affected")) return text;
  }
  return null;
}
