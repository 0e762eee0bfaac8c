// VEX statements: a triage decision about one vulnerability in one package (by purl), and how
// imported statements suppress matching findings. OpenVEX and CycloneDX VEX both map onto this.
import { createHash } from "node:crypto";

export const VEX_STATUSES = ["not_affected", "affected", "fixed", "under_investigation"] as const;
export type VexStatus = (typeof VEX_STATUSES)[number];

/** The OpenVEX justifications (https://github.com/openvex/spec). */
export const VEX_JUSTIFICATIONS = [
  "component_not_present",
  "vulnerable_code_not_present",
  "vulnerable_code_not_in_execute_path",
  "vulnerable_code_cannot_be_controlled_by_adversary",
  "inline_mitigations_already_exist",
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];

export interface VexStatement {
  vulnerabilityId: string;
  aliases: string[];
  /** The package the statement is about; with a version it covers only that version. */
  purl: string;
  status: VexStatus;
  justification?: VexJustification;
  /** Why the product is not affected (free text). */
  impactStatement?: string;
  /** What to do about an affected product. */
  actionStatement?: string;
  /** RFC 3339. */
  timestamp: string;
  author: string;
}

export interface PackageUrl {
  type: string;
  namespace: string;
  name: string;
  version?: string;
}

/** A purl's identity parts (qualifiers and subpath dropped), or undefined when it is none. */
export function parsePurl(purl: string): PackageUrl | undefined {
  const match = /^pkg:([a-zA-Z][a-zA-Z0-9.+-]*)\/([^?#]+?)(?:@([^?#@]+))?(?:\?[^#]*)?(?:#.*)?$/.exec(
    purl.trim(),
  );
  if (!match) return undefined;
  const type = match[1]!.toLowerCase();
  let segments: string[];
  try {
    segments = match[2]!.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (segments.length === 0) return undefined;
  let name = segments.pop()!;
  let namespace = segments.join("/");
  if (type === "pypi") name = name.toLowerCase().replace(/[-_.]+/g, "-");
  if (type === "nuget" || type === "composer" || type === "pypi") {
    name = name.toLowerCase();
    namespace = namespace.toLowerCase();
  }
  let version: string | undefined;
  try {
    version = match[3] ? decodeURIComponent(match[3]) : undefined;
  } catch {
    return undefined;
  }
  return { type, namespace, name, ...(version ? { version } : {}) };
}

/** Whether a statement's purl covers a package's purl: same package, and same version if it has one. */
export function purlCovers(statementPurl: string, packagePurl: string): boolean {
  const statement = parsePurl(statementPurl);
  const pkg = parsePurl(packagePurl);
  if (!statement || !pkg) return false;
  if (statement.type !== pkg.type || statement.namespace !== pkg.namespace || statement.name !== pkg.name)
    return false;
  return statement.version === undefined || statement.version === pkg.version;
}

/** The minimal shape of a finding VEX can apply to (a matched vulnerability). */
export interface VexTarget {
  id: string;
  aliases: readonly string[];
  advisories?: readonly string[];
  package: { purl?: string };
}

export interface VexOutcome {
  status: VexStatus;
  justification?: VexJustification;
  impactStatement?: string;
  actionStatement?: string;
  author: string;
  timestamp: string;
}

export type WithVex<T> = T & {
  /** The newest statement that applies, if any. */
  vex?: VexOutcome;
  /** True when that statement says not_affected or fixed: keep the finding, as suppressed evidence. */
  suppressed: boolean;
};

/**
 * Marks vulnerabilities that a statement covers (any shared id or alias, and a covering purl). The
 * newest statement wins; nothing is dropped, so a suppression stays visible with its reason.
 */
export function applyVex<T extends VexTarget>(
  vulnerabilities: readonly T[],
  statements: readonly VexStatement[],
): WithVex<T>[] {
  const byId = new Map<string, VexStatement[]>();
  for (const statement of statements) {
    for (const id of new Set([statement.vulnerabilityId, ...statement.aliases])) {
      const list = byId.get(id);
      if (list) list.push(statement);
      else byId.set(id, [statement]);
    }
  }
  return vulnerabilities.map((vulnerability) => {
    const ids = new Set([vulnerability.id, ...vulnerability.aliases, ...(vulnerability.advisories ?? [])]);
    const purl = vulnerability.package.purl;
    let newest: VexStatement | undefined;
    for (const id of ids) {
      for (const statement of byId.get(id) ?? []) {
        if (!purl || !purlCovers(statement.purl, purl)) continue;
        if (!newest || statement.timestamp > newest.timestamp) newest = statement;
      }
    }
    if (!newest) return { ...vulnerability, suppressed: false };
    const vex: VexOutcome = { status: newest.status, author: newest.author, timestamp: newest.timestamp };
    if (newest.justification) vex.justification = newest.justification;
    if (newest.impactStatement) vex.impactStatement = newest.impactStatement;
    if (newest.actionStatement) vex.actionStatement = newest.actionStatement;
    return {
      ...vulnerability,
      vex,
      suppressed: newest.status === "not_affected" || newest.status === "fixed",
    };
  });
}

const EPOCH_1970 = 0;
const END_OF_9999 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Problems that make a statement unfit to publish (OpenVEX's MUSTs). */
export function statementProblems(statement: VexStatement): string[] {
  const problems: string[] = [];
  if (!statement.vulnerabilityId) problems.push("no vulnerability id");
  if (!parsePurl(statement.purl)) problems.push(`not a package URL: ${statement.purl}`);
  if (statement.status === "not_affected" && !statement.justification && !statement.impactStatement) {
    problems.push("not_affected needs a justification or an impact statement");
  }
  const time = Date.parse(statement.timestamp);
  if (Number.isNaN(time)) problems.push(`not a timestamp: ${statement.timestamp}`);
  // Year 0 and years past 9999 parse in JavaScript but name no date anyone issued a statement on.
  else if (time < EPOCH_1970 || time > END_OF_9999)
    problems.push(`timestamp out of range: ${statement.timestamp}`);
  return problems.map((problem) => `${statement.vulnerabilityId || "(no id)"} ${statement.purl}: ${problem}`);
}

/** A stable URN for a document, derived from its content when the caller gives no id. */
export function contentUrn(content: unknown): string {
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex");
  // shaped like a UUID so that CycloneDX's serialNumber pattern accepts it
  return `urn:uuid:${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-8${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}
