// The advisory index and matching. From matched records to findings: records for the same
// package that alias each other (CVE-…, GHSA-…, PYSEC-…, GO-…, RUSTSEC-…) become one
// vulnerability, named by its CVE when it has one, listing every id once, with the highest
// severity among them and the lowest upgrade that clears all of them.
import type { Severity } from "../../rule.ts";
import { type CvssScore, type RecordSeverity, recordSeverity } from "./cvss.ts";
import { packageKey } from "./ecosystem.ts";
import { evaluate, lowestFixAbove, type MatchablePackage } from "./evaluate.ts";
import type { OsvRecord } from "./record.ts";

export {
  affects,
  type Evaluation,
  evaluate,
  evaluateAffected,
  lowestFixAbove,
  type MatchablePackage,
} from "./evaluate.ts";

interface IndexEntry {
  record: OsvRecord;
}

export interface AdvisoryIndex {
  /** (base ecosystem, normalised name) → records that name that package */
  byPackage: Map<string, IndexEntry[]>;
  byId: Map<string, OsvRecord>;
  size: number;
}

/** Indexes records by every package they name; withdrawn records are left out. */
export function createAdvisoryIndex(records: Iterable<OsvRecord>): AdvisoryIndex {
  const index: AdvisoryIndex = { byPackage: new Map(), byId: new Map(), size: 0 };
  for (const record of records) addToIndex(index, record);
  return index;
}

export function addToIndex(index: AdvisoryIndex, record: OsvRecord): void {
  if (record.withdrawn) return;
  index.byId.set(record.id, record);
  index.size++;
  const keys = new Set<string>();
  for (const affected of record.affected ?? []) {
    if (affected.package) keys.add(packageKey(affected.package.ecosystem, affected.package.name));
  }
  for (const key of keys) {
    const entries = index.byPackage.get(key);
    if (entries) entries.push({ record });
    else index.byPackage.set(key, [{ record }]);
  }
}

export interface Vulnerability<P extends MatchablePackage = MatchablePackage> {
  /** The preferred id: a CVE when any record or alias names one, else a GHSA, else a record id. */
  id: string;
  /** Every other id of the vulnerability (record ids and their aliases), sorted. */
  aliases: string[];
  /** Ids of the records that matched, sorted. */
  advisories: string[];
  package: P;
  summary?: string;
  severity: Severity;
  /** The highest-scoring CVSS vector, when the severity came from one. */
  cvss?: CvssScore;
  severitySource: RecordSeverity["source"];
  /** The lowest version above the installed one that none of the records affects, or null. */
  fixedVersion: string | null;
  references: string[];
  published?: string;
  modified?: string;
}

export interface Unevaluated<P extends MatchablePackage = MatchablePackage> {
  package: P;
  advisory: string;
  reason: string;
}

export interface MatchResult<P extends MatchablePackage = MatchablePackage> {
  vulnerabilities: Vulnerability<P>[];
  /** Records that name the package but could not be evaluated (no exact version, unparsable). */
  unevaluated: Unevaluated<P>[];
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, med: 2, low: 1 };
const ID_PREFERENCE = ["CVE-", "GHSA-", "PYSEC-", "GO-", "RUSTSEC-"];

function idRank(id: string): number {
  const index = ID_PREFERENCE.findIndex((prefix) => id.startsWith(prefix));
  return index === -1 ? ID_PREFERENCE.length : index;
}

export function preferredId(ids: Iterable<string>): string {
  return [...ids].sort((a, b) => idRank(a) - idRank(b) || (a < b ? -1 : a > b ? 1 : 0))[0] ?? "";
}

function idsOf(record: OsvRecord): string[] {
  return [record.id, ...(record.aliases ?? [])];
}

/** Groups records whose ids or aliases overlap (transitively). */
export function groupByAliases(records: readonly OsvRecord[]): OsvRecord[][] {
  const parent = records.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root]!;
    parent[index] = root;
    return root;
  };
  const owner = new Map<string, number>();
  records.forEach((record, index) => {
    for (const id of idsOf(record)) {
      const other = owner.get(id);
      if (other === undefined) owner.set(id, index);
      else parent[find(index)] = find(other);
    }
  });
  const groups = new Map<number, OsvRecord[]>();
  records.forEach((record, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(record);
    else groups.set(root, [record]);
  });
  return [...groups.values()];
}

function moreSevere(candidate: RecordSeverity, best: RecordSeverity | undefined): boolean {
  if (!best) return true;
  if (candidate.source === "unknown") return false;
  if (best.source === "unknown") return true;
  const rank = SEVERITY_RANK[candidate.severity] - SEVERITY_RANK[best.severity];
  return rank > 0 || (rank === 0 && (candidate.cvss?.score ?? 0) > (best.cvss?.score ?? 0));
}

export function toVulnerability<P extends MatchablePackage>(
  group: readonly OsvRecord[],
  pkg: P,
): Vulnerability<P> {
  const ids = new Set(group.flatMap(idsOf));
  const id = preferredId(ids);
  ids.delete(id);
  let best: RecordSeverity | undefined;
  for (const record of group) {
    const severity = recordSeverity(record);
    if (moreSevere(severity, best)) best = severity;
  }
  const withSummary = [...group].sort((a, b) => idRank(a.id) - idRank(b.id)).find((record) => record.summary);
  const published = group
    .map((record) => record.published)
    .filter((date): date is string => Boolean(date))
    .sort();
  const modified = group
    .map((record) => record.modified)
    .filter((date): date is string => Boolean(date))
    .sort();
  const vulnerability: Vulnerability<P> = {
    id,
    aliases: [...ids].sort(),
    advisories: group.map((record) => record.id).sort(),
    package: pkg,
    severity: best?.severity ?? "med",
    severitySource: best?.source ?? "unknown",
    fixedVersion: lowestFixAbove(group, pkg),
    references: [
      ...new Set(group.flatMap((record) => (record.references ?? []).map((reference) => reference.url))),
    ],
  };
  if (withSummary?.summary) vulnerability.summary = withSummary.summary;
  if (best?.cvss) vulnerability.cvss = best.cvss;
  if (published[0]) vulnerability.published = published[0];
  if (modified.length > 0) vulnerability.modified = modified[modified.length - 1]!;
  return vulnerability;
}

/** Matches packages against the index: one vulnerability per (package, alias group). */
export function matchPackages<P extends MatchablePackage>(
  index: AdvisoryIndex,
  packages: Iterable<P>,
): MatchResult<P> {
  const result: MatchResult<P> = { vulnerabilities: [], unevaluated: [] };
  for (const pkg of packages) {
    const entries = index.byPackage.get(packageKey(pkg.ecosystem, pkg.name));
    if (!entries) continue;
    const matched: OsvRecord[] = [];
    for (const { record } of entries) {
      const verdict = evaluate(record, pkg);
      if (verdict.status === "affected") matched.push(record);
      else if (verdict.status === "unknown") {
        result.unevaluated.push({ package: pkg, advisory: record.id, reason: verdict.reason });
      }
    }
    for (const group of groupByAliases(matched)) result.vulnerabilities.push(toVulnerability(group, pkg));
  }
  return result;
}
