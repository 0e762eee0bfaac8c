// What a fix pull request changes and says, planned from a stored finding and the files of the
// commit it was found in. Pure: the service reads the files and opens the pull request.
import { unifiedDiff } from "@rampart/engine/fix";
import { applyFilePatch, parseUnifiedDiff } from "./apply-patch.ts";

export interface PlannedChange {
  path: string;
  before: string;
  after: string;
}

export interface FixPlan {
  kind: "sast" | "dependency";
  /** The branch's name after `security/fix/`, before the pull request number. */
  slug: string;
  title: string;
  /** The pull request's description, also shown as the suggestion's explainer. */
  body: string;
  changes: PlannedChange[];
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

function planOf(fields: Omit<FixPlan, "patch" | "testsAdded">): FixPlan {
  return {
    ...fields,
    patch: fields.changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join(""),
    testsAdded: fields.changes.some((change) => TEST_PATH.test(change.path)),
  };
}

/** A SAST finding's fix: the engine's patch (metadata.patch) applied to the scanned files. */
export function planSastFix(finding: FindingForFix, readFile: ReadFile): PlanResult {
  const metadata = metadataOf(finding);
  const diff = text(metadata.patch);
  if (!diff) return { ok: false, reason: "No automated fix is available for this finding" };
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
      kind: "sast",
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

/**
 * A dependency finding's fix: the manifest and lockfile edits that install the fixed version.
 * `specEcosystem` names the ecosystem as the spec's tooltip does (npm, pip, go, maven …).
 */
export function planDependencyFix(
  finding: FindingForFix,
  readFile: ReadFile,
  planUpgrade: PlanUpgrade,
  specEcosystem: (osvEcosystem: string) => string,
): PlanResult {
  const properties = (metadataOf(finding).properties ?? {}) as Record<string, unknown>;
  const ecosystem = text(properties.ecosystem) ?? "";
  if (!(ecosystem in UPGRADABLE)) {
    return { ok: false, reason: `Automated fixes not yet supported for ${specEcosystem(ecosystem)}` };
  }
  const name = text(properties.packageName);
  const installedVersion = text(properties.packageVersion);
  const fixedVersion = text(properties.fixedVersion);
  if (!name || !installedVersion || !finding.filePath) {
    return { ok: false, reason: "The finding does not name the package and file to upgrade" };
  }
  if (!fixedVersion) {
    return { ok: false, reason: `No fixed version of ${name} is known, so there is nothing to upgrade to` };
  }
  const upgrade = planUpgrade(
    {
      ecosystem: ecosystem as UpgradableEcosystem,
      name,
      installedVersion,
      fixedVersion,
      filePath: finding.filePath,
    },
    readFile,
  );
  if (!upgrade.ok) return { ok: false, reason: `The upgrade cannot be planned: ${upgrade.reason}` };
  if (upgrade.changes.length === 0)
    return { ok: false, reason: "The upgrade changes nothing in the scanned commit" };

  const advisory = text(properties.cveId);
  const summary = text(properties.summary);
  const lines = [
    `Rampart found ${name} ${installedVersion} in \`${finding.filePath}\`${advisory ? `, affected by ${advisory}` : ""} (severity ${finding.severity}).`,
    ...(summary ? ["", `> ${summary}`] : []),
    "",
    `${upgrade.summary}.`,
    ...(upgrade.notes.length > 0 ? ["", ...upgrade.notes.map((note) => `- ${note}`)] : []),
  ];
  return {
    ok: true,
    plan: planOf({
      kind: "dependency",
      slug: slugify(`upgrade-${name}-${fixedVersion}`),
      title: `Upgrade ${name} from ${installedVersion} to ${fixedVersion}${advisory ? ` (${advisory})` : ""}`,
      body: lines.join("\n"),
      changes: upgrade.changes,
    }),
  };
}
