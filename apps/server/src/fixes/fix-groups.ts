// Grouped dependency fixes, as Dependabot's grouped updates and Snyk's upgrade pull requests do
// it: the dependency fixes of one repository and one ecosystem (npm, pip, go) go to one pull
// request. 'Create Fix PR' on a finding whose group has an open pull request adds that upgrade to
// it: the branch is rebuilt as one commit, on the scanned commit, with every upgrade of the group,
// so a reviewer reads one change and merges it once, and no upgrade is in two pull requests.
//
// Code and infrastructure fixes are not grouped: each stays one pull request per finding. Their
// patches are written per rule, touch application code or infrastructure whose owners review
// them separately, and one that needs rework would hold back the others. Upgrades of one
// ecosystem are the opposite: mechanical, checked by the re-scan, and in conflict with each other
// when kept apart (two pull requests editing package-lock.json conflict once one is merged).
import {
  dependencyEcosystem,
  dependencyFixRefusal,
  type FindingForFix,
  type FixPlan,
  type PlannedChange,
  type PlanResult,
  type PlanUpgrade,
  planDependencyFix,
  planOf,
  type ReadFile,
  slugify,
  upgradeIdentity,
} from "./fix-plans.ts";

/** The fix key of a dependency finding's group: one open pull request per repository and key. */
export function dependencyGroupKey(finding: FindingForFix): string {
  return `dependencies:${dependencyEcosystem(finding)}`;
}

/** `a`, `a and b`, `a, b and 3 more`. */
function shortList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items[0]}, ${items[1]} and ${items.length - 2} more`;
}

/**
 * The group's pull request with `requested`'s upgrade in it: the upgrades of the findings the
 * group's open pull request fixes (`grouped`, empty for a new group) that the run still reports,
 * and the requested one, planned one after the other on the run's files (each reads the files as
 * the previous ones left them). `runFindings` are the run's failed findings. A grouped upgrade
 * that can no longer be planned on these files leaves the group, as its description says; a
 * requested one that cannot be is refused.
 */
export function planDependencyGroup(input: {
  requested: FindingForFix;
  grouped: ReadonlySet<string>;
  runFindings: readonly FindingForFix[];
  readFile: ReadFile;
  planUpgrade: PlanUpgrade;
  specEcosystem: (osvEcosystem: string) => string;
}): PlanResult {
  const { requested, specEcosystem } = input;
  const refusal = dependencyFixRefusal(requested, specEcosystem);
  if (refusal) return { ok: false, reason: refusal };
  const ecosystem = dependencyEcosystem(requested);
  const candidates = input.runFindings.filter(
    (finding) => finding.ruleId === requested.ruleId && dependencyEcosystem(finding) === ecosystem,
  );
  // One finding per upgrade plans it (its plan finds the package's other advisories itself).
  const members = new Map<string, FindingForFix>([[upgradeIdentity(requested), requested]]);
  for (const finding of candidates) {
    const identity = upgradeIdentity(finding);
    if (input.grouped.has(finding.fingerprint) && !members.has(identity)) members.set(identity, finding);
  }
  // A stable order (file, then package), so a rebuilt branch and its table read the same.
  const ordered = [...members.values()].sort((a, b) => compare(orderKey(a), orderKey(b)));

  const original = new Map<string, string>();
  const current = new Map<string, string>();
  const read: ReadFile = (path) => current.get(path) ?? input.readFile(path);
  const plans: FixPlan[] = [];
  const dropped: string[] = [];
  for (const member of ordered) {
    const result = planDependencyFix(member, candidates, read, input.planUpgrade, specEcosystem);
    if (!result.ok) {
      if (member === requested) return result;
      dropped.push(`${packageOf(member)}: ${result.reason}`);
      continue;
    }
    for (const change of result.plan.changes) {
      if (!original.has(change.path)) original.set(change.path, change.before);
      current.set(change.path, change.after);
    }
    plans.push(result.plan);
  }

  const changes: PlannedChange[] = [...original].flatMap(([path, before]) => {
    const after = current.get(path)!;
    return after === before ? [] : [{ path, before, after }];
  });
  if (changes.length === 0) return { ok: false, reason: "The upgrade changes nothing in the scanned commit" };
  const upgrades = plans.flatMap((plan) => plan.upgrades ?? []);
  const controls = new Map(plans.flatMap((plan) => plan.controls ?? []).map((c) => [c.code, c]));
  const label = specEcosystem(ecosystem);
  const title =
    plans.length === 1
      ? plans[0]!.title
      : `Upgrade ${plans.length} ${label} dependencies: ${shortList(upgrades.map((upgrade) => upgrade.name))}`;
  const body =
    plans.length === 1
      ? [plans[0]!.body]
      : plans.map((plan) => {
          const upgrade = plan.upgrades![0]!;
          return `#### ${upgrade.name} ${upgrade.from} → ${upgrade.to}\n\n${plan.body}`;
        });
  if (dropped.length > 0)
    body.push(
      `No longer in this pull request (the upgrade cannot be made on this commit any more):\n\n${dropped.map((line) => `- ${line}`).join("\n")}`,
    );
  return {
    ok: true,
    plan: planOf({
      kind: "dependency",
      fixKey: dependencyGroupKey(requested),
      fixedFingerprints: [...new Set(plans.flatMap((plan) => plan.fixedFingerprints))],
      slug: slugify(`${label}-dependencies`),
      title,
      body: body.join("\n\n"),
      changes,
      upgrades,
      controls: [...controls.values()],
    }),
  };
}

function packageOf(finding: FindingForFix): string {
  const properties = ((finding.metadata as { properties?: Record<string, unknown> } | null)?.properties ??
    {}) as Record<string, unknown>;
  return `${String(properties.packageName ?? "a package")} in \`${finding.filePath ?? "?"}\``;
}

function orderKey(finding: FindingForFix): string {
  const properties = ((finding.metadata as { properties?: Record<string, unknown> } | null)?.properties ??
    {}) as Record<string, unknown>;
  return `${finding.filePath ?? ""}\u0000${String(properties.packageName ?? "")}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
