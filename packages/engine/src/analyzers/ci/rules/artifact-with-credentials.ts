import { defineFileRule } from "../../../rule.ts";
import { actionPath, type Step, usesAction, type WorkflowModel, withValue } from "../model.ts";

/** Upload paths that include the checkout's `.git` directory. */
const WHOLE_WORKSPACE = /^(?:\.\/?|\$\{\{\s*github\.workspace\s*\}\}\/?|\.\/\*\*?|\*\*?)$/;

function persistsCredentials(step: Step): boolean {
  if (!usesAction(step, "actions/checkout")) return false;
  return withValue(step, "persist-credentials")?.text.trim().toLowerCase() !== "false";
}

export const artifactWithCredentials = defineFileRule<WorkflowModel>({
  id: "ci/artifact-with-credentials",
  analyzer: "ci",
  title: "Artifact upload includes the checkout's persisted token",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [522, 200],
  controls: ["CI-CRED-01"],
  docs: {
    summary:
      "A job checks out with persisted credentials and then uploads the whole workspace (`path: .`) as an artifact, which includes `.git/config` and the token in it.",
    whyItMatters:
      'Artifacts of public repositories can be downloaded by anyone; the token inside is valid until the job ends, and a race to use it has been demonstrated ("ArtiPACKED").',
    remediation:
      "Set `persist-credentials: false` on the checkout and upload only build outputs (`path: dist/`). Since upload-artifact v4.4 hidden files (`.git`) are excluded unless `include-hidden-files: true`, so only that setting or an older tag is flagged; a SHA pin is assumed to be recent.",
    example: "- uses: actions/upload-artifact@<sha>\n  with:\n    name: dist\n    path: dist/",
    references: [
      "https://unit42.paloaltonetworks.com/github-repo-artifacts-leak-tokens/",
      "https://docs.zizmor.sh/audits/#artipacked",
    ],
  },
  check(ctx) {
    for (const job of ctx.model.jobs) {
      let checkout: Step | undefined;
      for (const step of job.steps) {
        if (persistsCredentials(step)) checkout = step;
        if (!checkout || actionPath(step) !== "actions/upload-artifact") continue;
        const path = withValue(step, "path");
        if (!path) continue;
        const paths = path.text
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line !== "" && !line.startsWith("!"));
        if (!paths.some((item) => WHOLE_WORKSPACE.test(item))) continue;
        // since v4.4 hidden files (.git) are excluded unless asked for; a SHA pin hides the version
        const hidden = withValue(step, "include-hidden-files")?.text.trim().toLowerCase() === "true";
        const ref = step.uses?.ref ?? "";
        const oldVersion = /^v[1-3](?:\.|$)|^v4\.[0-3](?:\.|$)/.test(ref);
        if (!hidden && !oldVersion) continue;
        ctx.report({
          message:
            "the whole workspace, including .git/config with the persisted token, is uploaded as an artifact",
          at: { line: path.line, column: path.column },
          related: [{ at: checkout.uses?.at ?? checkout.at, message: "checkout that persists the token" }],
        });
      }
    }
  },
});
