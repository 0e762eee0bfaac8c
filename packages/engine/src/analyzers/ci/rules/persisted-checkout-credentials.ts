import { defineFileRule } from "../../../rule.ts";
import { allSteps, usesAction, type WorkflowModel, withValue } from "../model.ts";

export const persistedCheckoutCredentials = defineFileRule<WorkflowModel>({
  id: "ci/persisted-checkout-credentials",
  analyzer: "ci",
  title: "actions/checkout leaves the token in .git/config",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [522],
  controls: ["CI-CRED-01"],
  fixable: true,
  docs: {
    summary:
      "An `actions/checkout` step does not set `persist-credentials: false`, so the job's token is written into `.git/config` for the rest of the job.",
    whyItMatters:
      'Every later step (and every third-party action) can read the token from the workspace, and an `upload-artifact` of the checkout directory publishes it ("ArtiPACKED").',
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Set `persist-credentials: false`. Steps that really push can pass the token explicitly (`git push https://x-access-token:${TOKEN}@…`) or use a dedicated action.",
    example: "- uses: actions/checkout@<sha>\n  with:\n    persist-credentials: false",
    references: [
      "https://docs.zizmor.sh/audits/#artipacked",
      "https://unit42.paloaltonetworks.com/github-repo-artifacts-leak-tokens/",
    ],
  },
  check(ctx) {
    for (const { step } of allSteps(ctx.model)) {
      if (!usesAction(step, "actions/checkout") || !step.uses) continue;
      const persist = withValue(step, "persist-credentials");
      if (persist?.text.trim().toLowerCase() === "false") continue;
      if (persist?.text.includes("${{")) continue; // decided elsewhere
      const report = { message: "checkout persists the job token in .git/config", at: step.uses.at };
      const fix = persist ? null : insertion(ctx.file.text, step);
      if (!fix) {
        ctx.report(report);
        continue;
      }
      ctx.report({
        ...report,
        fix: {
          description: "set persist-credentials: false",
          edits: [
            {
              start: ctx.file.byteOffsetOfIndex(fix.index),
              end: ctx.file.byteOffsetOfIndex(fix.index),
              text: fix.text,
            },
          ],
        },
      });
    }
  },
});

/** Where and what to insert: into an existing block `with:` map, or a new `with:` after `uses:`. */
function insertion(
  text: string,
  step: Parameters<typeof withValue>[0],
): { index: number; text: string } | null {
  if (step.node.flow) return null;
  const indent = " ".repeat(step.at.column - 1);
  const withNode = step.withEntry?.value;
  if (step.withEntry) {
    if (withNode?.kind !== "map" || withNode.flow || withNode.entries.length === 0) return null;
    const first = withNode.entries[0]!;
    const lineStart = text.lastIndexOf("\n", first.keyIndex - 1) + 1;
    return { index: lineStart, text: `${" ".repeat(first.at.column - 1)}persist-credentials: false\n` };
  }
  const usesEntry = step.node.entries.find((e) => e.key === "uses");
  if (!usesEntry?.value) return null;
  const newline = text.indexOf("\n", usesEntry.value.end);
  if (newline === -1)
    return { index: text.length, text: `\n${indent}with:\n${indent}  persist-credentials: false\n` };
  return { index: newline + 1, text: `${indent}with:\n${indent}  persist-credentials: false\n` };
}
