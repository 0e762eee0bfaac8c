// The description of a fix pull request, in Markdown: what was found (the plan's own words), the
// controls the finding counts against, what the one commit changes, and how the change was
// checked (the re-scan of the patched files). Pure, so the wording is tested without a host.
import { getControl } from "@rampart/policy";
import type { FixPlan, PlannedUpgrade } from "./fix-plans.ts";
import type { FixVerification } from "./verify-fix.ts";

/** The controls named in a stored finding's metadata, with their titles, in the rule's order. */
export function controlsOf(metadata: unknown): { code: string; title: string }[] {
  const codes = (metadata as { controls?: unknown } | null)?.controls;
  if (!Array.isArray(codes)) return [];
  return codes.flatMap((code) => {
    const control = typeof code === "string" ? getControl(code) : undefined;
    return control ? [{ code: control.code, title: control.title }] : [];
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A table cell: one line, its pipes escaped so they do not end the cell. */
const cell = (text: string) => text.replace(/\s+/g, " ").replaceAll("|", "\\|");

/**
 * A dependency fix's table: package, from → to, the advisories each upgrade fixes and the controls
 * they count against; and that the ecosystem's later fixes join this pull request.
 */
export function upgradesTable(upgrades: readonly PlannedUpgrade[]): string[] {
  const ecosystem = upgrades[0]?.ecosystem ?? "";
  return [
    `Rampart groups the ${ecosystem} dependency fixes of this repository into one pull request: ${plural(upgrades.length, "upgrade")} so far, and each fix asked for while it is open is added to it.`,
    "",
    "| Package | From → To | Advisories fixed | Controls |",
    "| --- | --- | --- | --- |",
    ...upgrades.map(
      (upgrade) =>
        `| ${cell(`${upgrade.name} (\`${upgrade.filePath}\`)`)} | ${cell(`${upgrade.from} → ${upgrade.to}`)} | ${cell(upgrade.advisories.join(", "))} | ${cell(upgrade.controls.map((control) => control.code).join(", ") || "none")} |`,
    ),
  ];
}

export function fixPullRequestBody(input: {
  plan: Pick<FixPlan, "body" | "changes" | "fixedFingerprints" | "upgrades">;
  controls: readonly { code: string; title: string }[];
  baseCommit: string;
  verification: FixVerification;
}): string {
  const { plan, verification } = input;
  const base = input.baseCommit.slice(0, 12);
  const upgrades = plan.upgrades ?? [];
  const lines = [
    ...(upgrades.length > 0 ? ["### Upgrades", "", ...upgradesTable(upgrades), ""] : []),
    upgrades.length > 1 ? "### Findings" : "### Finding",
    "",
    plan.body,
    "",
    "### Control",
    "",
  ];
  if (input.controls.length === 0)
    lines.push("The rule behind this finding evidences no compliance control.");
  else for (const control of input.controls) lines.push(`- **${control.code}** ${control.title}`);
  lines.push(
    "",
    "### Change",
    "",
    `One commit on top of \`${base}\`, the commit Rampart scanned, changing ${plural(plan.changes.length, "file")}:`,
    "",
    ...plan.changes.map((change) => `- \`${change.path}\``),
    "",
    "### How it was checked",
    "",
    `Rampart applied this change to the files of \`${base}\` and scanned them again with the same rules and advisory data (${plural(verification.filesScanned, "file")} read):`,
    "",
    verification.remaining.length > 0
      ? `- ❌ ${plural(verification.remaining.length, "finding")} of the ${plan.fixedFingerprints.length} this change is for still reported`
      : plan.fixedFingerprints.length === 1
        ? "- ✅ the finding this change fixes is no longer reported"
        : `- ✅ none of the ${plan.fixedFingerprints.length} findings this change fixes is reported any more`,
    verification.introduced === 0
      ? "- ✅ no finding the scanned commit did not already have"
      : `- ⚠️ ${plural(verification.introduced, "finding")} the scanned commit did not have: review them before merging`,
  );
  return lines.join("\n");
}
