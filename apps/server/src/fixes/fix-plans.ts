// What a fix pull request changes and says, planned from a stored finding and the files of the
// commit it was found in. Pure: the service reads the files and opens the pull request.
import { unifiedDiff } from "@rampart/engine/fix";
import { versionOrderFor } from "@rampart/engine/sca/osv/versions/index";
import { applyFilePatch, parseUnifiedDiff } from "./apply-patch.ts";
import { controlsOf } from "./fix-pull-request-body.ts";

export interface PlannedChange {
  path: string;
  before: string;
  after: string;
}

export type FixKind = "sast" | "dependency" | "iac";

/** One package upgrade of a dependency fix: a row of its pull request's table. */
export interface PlannedUpgrade {
  /** The ecosystem as the spec names it (npm, pip, go). */
  ecosystem: string;
  name: string;
  /** The lockfile or manifest the package was found in. */
  filePath: string;
  from: string;
  to: string;
  /** The advisories the upgrade fixes (CVE, GHSA … ids), sorted. */
  advisories: string[];
  /** The controls the fixed findings count against, in the rules' order, each once. */
  controls: { code: string; title: string }[];
}

export interface FixPlan {
  kind: FixKind;
  /**
   * What the change is, so that asking again reuses its open pull request: the finding's
   * fingerprint for a patch; the package upgrade (file, package, from, to) for one dependency
   * upgrade, and the group (`dependencies:<ecosystem>`, fix-groups.ts) for the pull request.
   */
  fixKey: string;
  /** Fingerprints of every finding the change fixes. */
  fixedFingerprints: string[];
  /** The branch's name after `security/fix/`, before the pull request number. */
  slug: string;
  title: string;
  /** The pull request's description, also shown as the suggestion's explainer. */
  body: string;
  changes: PlannedChange[];
  /** A dependency fix's package upgrades; absent for a patch. */
  upgrades?: PlannedUpgrade[];
  /** The controls the change counts for, when the plan knows them better than its finding does. */
  controls?: { code: string; title: string }[];
  /** Unified diff of every change. */
  patch: string;
  testsAdded: boolean;
}

export type PlanResult = { ok: true; plan: FixPlan } | { ok: false; reason: string };

/** Returns a file's text at the scanned commit, or null when it does not exist. */
export type ReadFile = (path: string) => string | null;

/** The stored finding fields a plan reads. */
export interface FindingForFix {
  ruleId: string;
  analyzer: string;
  severity: string;
  message: string;
  filePath: string | null;
  line: number | null;
  fingerprint: string;
  metadata: unknown;
}

const TEST_PATH =
  /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]+\.py$/;

/** Lowercase words joined by dashes, safe in a git branch name. */
export function slugify(text: string, maxLength = 60): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, "-")
      .replace(/\.{2,}/g, ".")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, maxLength)
      .replace(/[-.]+$/, "") || "security-fix"
  );
}

function metadataOf(finding: FindingForFix): Record<string, unknown> {
  return finding.metadata && typeof finding.metadata === "object"
    ? (finding.metadata as Record<string, unknown>)
    : {};
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

export function planOf(fields: Omit<FixPlan, "patch" | "testsAdded">): FixPlan {
  return {
    ...fields,
    patch: fields.changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join(""),
    testsAdded: fields.changes.some((change) => TEST_PATH.test(change.path)),
  };
}

/** Why a finding with no patch cannot get a fix pull request. */
export const NO_MECHANICAL_FIX = "No automated fix is available for this finding";

/** The pull request kind of a patch: code for SAST, configuration (IaC, pipelines) otherwise. */
export function patchKind(analyzer: string): FixKind {
  return analyzer === "sast" ? "sast" : "iac";
}

/**
 * A finding's mechanical fix: the engine's patch (metadata.patch, stored by the scan for any rule
 * with an autofix: SAST, Terraform, CloudFormation, Kubernetes, workflows…) applied to the
 * scanned files.
 */
export function planPatchFix(finding: FindingForFix, readFile: ReadFile): PlanResult {
  const metadata = metadataOf(finding);
  const diff = text(metadata.patch);
  if (!diff) return { ok: false, reason: NO_MECHANICAL_FIX };
  let files: ReturnType<typeof parseUnifiedDiff>;
  try {
    files = parseUnifiedDiff(diff);
  } catch {
    return { ok: false, reason: "The stored fix of this finding is not a readable patch" };
  }
  const changes: PlannedChange[] = [];
  for (const file of files) {
    const before = readFile(file.path);
    if (before === null) return { ok: false, reason: `${file.path} is not in the scanned commit` };
    const applied = applyFilePatch(before, file);
    if (!applied.ok) return { ok: false, reason: `The fix no longer applies: ${applied.reason}` };
    if (applied.content !== before) changes.push({ path: file.path, before, after: applied.content });
  }
  if (changes.length === 0) return { ok: false, reason: "The fix changes nothing in the scanned commit" };

  const ruleName = finding.ruleId.slice(finding.ruleId.indexOf("/") + 1);
  const location = finding.filePath ?? changes[0]!.path;
  const fileName = location.slice(location.lastIndexOf("/") + 1);
  const ruleTitle = text(metadata.ruleTitle) ?? ruleName.replaceAll("-", " ");
  const fixDescription = text(metadata.fixDescription);
  const lines = [
    `Rampart found "${ruleTitle}" (\`${finding.ruleId}\`, severity ${finding.severity}) at \`${location}${finding.line ? `:${finding.line}` : ""}\`:`,
    "",
    `> ${finding.message}`,
    "",
    // The engine words a fix as an instruction ("pass the values as bind parameters"), so it
    // follows a colon rather than finishing "This change …".
    `This change applies the rule's fix${fixDescription ? `: ${fixDescription}` : ""}.`,
  ];
  const remediation = text(metadata.suggestion);
  if (remediation) lines.push("", remediation);
  return {
    ok: true,
    plan: planOf({
      kind: patchKind(finding.analyzer),
      fixKey: finding.fingerprint,
      fixedFingerprints: [finding.fingerprint],
      slug: slugify(`${ruleName}-${fileName}`),
      title: `Fix ${ruleTitle} in ${location}`,
      body: lines.join("\n"),
      changes,
    }),
  };
}

/** The OSV ecosystems the offline upgrade planner handles, by the spec's names for them. */
const UPGRADABLE = { npm: "npm", PyPI: "PyPI", Go: "Go" } as const;
type UpgradableEcosystem = keyof typeof UPGRADABLE;

/** The planner's interface (packages/engine/src/sca/upgrade), injected so plans stay testable. */
export type PlanUpgrade = (
  request: {
    ecosystem: UpgradableEcosystem;
    name: string;
    installedVersion: string;
    fixedVersion: string;
    filePath: string;
  },
  readFile: ReadFile,
) => { ok: true; changes: PlannedChange[]; summary: string; notes: string[] } | { ok: false; reason: string };

/** A dependency finding's package facts, as the sca analyzer stored them. */
interface DependencyFacts {
  ecosystem: string;
  name: string | undefined;
  installedVersion: string | undefined;
  fixedVersion: string | undefined;
  advisory: string | undefined;
  summary: string | undefined;
}

function dependencyFacts(finding: FindingForFix): DependencyFacts {
  const properties = (metadataOf(finding).properties ?? {}) as Record<string, unknown>;
  return {
    ecosystem: text(properties.ecosystem) ?? "",
    name: text(properties.packageName),
    installedVersion: text(properties.packageVersion),
    fixedVersion: text(properties.fixedVersion),
    advisory: text(properties.cveId),
    summary: text(properties.summary),
  };
}

/**
 * Why no upgrade can be planned for a dependency finding, or null when one can; reads no files,
 * so lists can say it before anyone asks. `specEcosystem` names the ecosystem as the spec's
 * tooltip does (npm, pip, go, maven …).
 */
export function dependencyFixRefusal(
  finding: FindingForFix,
  specEcosystem: (osvEcosystem: string) => string,
): string | null {
  const facts = dependencyFacts(finding);
  if (!(facts.ecosystem in UPGRADABLE)) {
    return `Automated fixes not yet supported for ${specEcosystem(facts.ecosystem)}`;
  }
  if (!facts.name || !facts.installedVersion || !finding.filePath) {
    return "The finding does not name the package and file to upgrade";
  }
  if (!facts.fixedVersion) {
    return `No fixed version of ${facts.name} is known, so there is nothing to upgrade to`;
  }
  return null;
}

/** The OSV ecosystem a dependency finding's package belongs to ("" when it does not say). */
export function dependencyEcosystem(finding: FindingForFix): string {
  return dependencyFacts(finding).ecosystem;
}

/** Which package upgrade a dependency finding needs: its package at its version in its file. */
export function upgradeIdentity(finding: FindingForFix): string {
  const facts = dependencyFacts(finding);
  return [finding.ruleId, facts.ecosystem, finding.filePath, facts.name, facts.installedVersion].join(
    "\u0000",
  );
}

/** The findings one upgrade concerns: the same package at the same version in the same file. */
export function samePackage(finding: FindingForFix, candidates: readonly FindingForFix[]): FindingForFix[] {
  const facts = dependencyFacts(finding);
  return candidates.filter((candidate) => {
    if (candidate.ruleId !== finding.ruleId || candidate.filePath !== finding.filePath) return false;
    const other = dependencyFacts(candidate);
    return (
      other.ecosystem === facts.ecosystem &&
      other.name === facts.name &&
      other.installedVersion === facts.installedVersion
    );
  });
}

const SEVERITY_RANK: Record<string, number> = { critical: 4, high: 3, med: 2, low: 1 };

/**
 * The version to upgrade to and the findings that upgrade fixes: the highest fixed version among
 * the package's advisories, so one pull request fixes all of them. Where the ecosystem's versions
 * cannot be compared, only the asked finding's own fixed version (and the advisories fixed in
 * exactly that version) are taken.
 */
function upgradeTarget(
  finding: FindingForFix,
  ecosystem: string,
  group: readonly FindingForFix[],
): { target: string; fixed: FindingForFix[] } {
  const own = dependencyFacts(finding).fixedVersion!;
  const order = versionOrderFor(ecosystem);
  const parse = (version: string | undefined) => (version && order ? order.parse(version) : undefined);
  const withFix = group.filter((member) => dependencyFacts(member).fixedVersion !== undefined);
  if (parse(own) === undefined) {
    return { target: own, fixed: withFix.filter((member) => dependencyFacts(member).fixedVersion === own) };
  }
  let target = own;
  for (const member of withFix) {
    const version = dependencyFacts(member).fixedVersion!;
    const parsed = parse(version);
    if (parsed !== undefined && order!.compare(parsed, parse(target)) > 0) target = version;
  }
  const fixed = withFix.filter((member) => {
    const parsed = parse(dependencyFacts(member).fixedVersion);
    return parsed !== undefined && order!.compare(parsed, parse(target)) <= 0;
  });
  return { target, fixed };
}

/** `CVE-1`, `CVE-1 and CVE-2`, `CVE-1, CVE-2 and 3 more`: a title's list of advisories. */
function advisoryList(ids: readonly string[]): string {
  if (ids.length <= 2) return ids.join(" and ");
  return `${ids[0]}, ${ids[1]} and ${ids.length - 2} more`;
}

/**
 * A dependency finding's fix: the manifest and lockfile edits that install a fixed version. One
 * pull request per package upgrade: `siblings` are the other findings of the finding's run, and
 * every advisory of the same package in the same file is fixed by the same upgrade (to the
 * highest of their fixed versions) and listed in it.
 */
export function planDependencyFix(
  finding: FindingForFix,
  siblings: readonly FindingForFix[],
  readFile: ReadFile,
  planUpgrade: PlanUpgrade,
  specEcosystem: (osvEcosystem: string) => string,
): PlanResult {
  const refusal = dependencyFixRefusal(finding, specEcosystem);
  if (refusal) return { ok: false, reason: refusal };
  const facts = dependencyFacts(finding);
  const name = facts.name!;
  const installedVersion = facts.installedVersion!;
  const filePath = finding.filePath!;
  const group = samePackage(finding, [
    finding,
    ...siblings.filter((s) => s.fingerprint !== finding.fingerprint),
  ]);
  const { target, fixed } = upgradeTarget(finding, facts.ecosystem, group);
  const upgrade = planUpgrade(
    {
      ecosystem: facts.ecosystem as UpgradableEcosystem,
      name,
      installedVersion,
      fixedVersion: target,
      filePath,
    },
    readFile,
  );
  if (!upgrade.ok) return { ok: false, reason: `The upgrade cannot be planned: ${upgrade.reason}` };
  if (upgrade.changes.length === 0)
    return { ok: false, reason: "The upgrade changes nothing in the scanned commit" };

  const advisories = fixed.map((member) => ({
    id: dependencyFacts(member).advisory ?? member.fingerprint.slice(0, 12),
    member,
  }));
  advisories.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = advisories.map((advisory) => advisory.id);
  const unfixed = group.filter((member) => !fixed.includes(member));
  const severity = fixed.reduce(
    (highest, member) =>
      (SEVERITY_RANK[member.severity] ?? 0) > (SEVERITY_RANK[highest] ?? 0) ? member.severity : highest,
    finding.severity,
  );
  const lines =
    advisories.length === 1
      ? [
          `Rampart found ${name} ${installedVersion} in \`${filePath}\`, affected by ${ids[0]} (severity ${severity}).`,
          ...(facts.summary ? ["", `> ${facts.summary}`] : []),
        ]
      : [
          `Rampart found ${name} ${installedVersion} in \`${filePath}\`, affected by ${advisories.length} advisories (highest severity ${severity}). Upgrading to ${target} fixes all of them:`,
          "",
          ...advisories.map(({ id, member }) => {
            const memberFacts = dependencyFacts(member);
            const summary = memberFacts.summary ? `: ${memberFacts.summary}` : "";
            return `- ${id} (${member.severity})${summary}; fixed in ${memberFacts.fixedVersion}`;
          }),
        ];
  lines.push(
    "",
    `${upgrade.summary}.`,
    ...(upgrade.notes.length > 0 ? ["", ...upgrade.notes.map((note) => `- ${note}`)] : []),
  );
  if (unfixed.length > 0) {
    const names = unfixed.map(
      (member) => dependencyFacts(member).advisory ?? member.fingerprint.slice(0, 12),
    );
    lines.push("", `Not fixed by this upgrade (no fixed version is known): ${names.join(", ")}.`);
  }
  const controls = new Map<string, { code: string; title: string }>();
  for (const member of fixed)
    for (const control of controlsOf(member.metadata)) controls.set(control.code, control);
  return {
    ok: true,
    plan: planOf({
      kind: "dependency",
      upgrades: [
        {
          ecosystem: specEcosystem(facts.ecosystem),
          name,
          filePath,
          from: installedVersion,
          to: target,
          advisories: ids,
          controls: [...controls.values()],
        },
      ],
      controls: [...controls.values()],
      fixKey: `upgrade:${facts.ecosystem}:${filePath}:${name}@${installedVersion}->${target}`,
      fixedFingerprints: fixed.map((member) => member.fingerprint),
      slug: slugify(`upgrade-${name}-${target}`),
      title: `Upgrade ${name} from ${installedVersion} to ${target} (${advisoryList(ids)})`,
      body: lines.join("\n"),
      changes: upgrade.changes,
    }),
  };
}
