import { defineFileRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";

export const missingPermissions = defineFileRule<WorkflowModel>({
  id: "ci/missing-permissions",
  analyzer: "ci",
  title: "Workflow without a permissions block",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CI-PERM-01"],
  fixable: true,
  docs: {
    summary:
      "The workflow sets no top-level `permissions:` and at least one job sets none either, so those jobs get the repository's default token permissions, which are read-write on older repositories and organisations.",
    whyItMatters:
      "Every step of such a job, including every third-party action, holds a token that can push code, create releases or edit issues. A compromised dependency or an injection then writes to the repository.",
    remediation:
      "Add `permissions: contents: read` (or `{}`) at the top of the workflow and grant write scopes per job where they are needed. Workflows that only run as reusable workflows (`on: workflow_call`) inherit the caller's token and are not flagged; neither are workflows whose every job declares permissions.",
    example: "on: push\npermissions:\n  contents: read\njobs:\n  test: …",
    references: [
      "https://docs.zizmor.sh/audits/#excessive-permissions",
      "https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/controlling-permissions-for-github_token",
    ],
  },
  check(ctx) {
    const model = ctx.model;
    if (model.kind !== "workflow" || model.permissions) return;
    if (model.triggers.length > 0 && model.triggers.every((t) => t.name === "workflow_call")) return;
    const open = model.jobs.filter((job) => !job.permissions);
    if (open.length === 0) return;
    const at = model.onAt ?? { line: model.root.line, column: model.root.column };
    const names = open.map((job) => job.id).join(", ");
    const report = {
      message: `no permissions block: job(s) ${names} run with the default token permissions`,
      at,
    };
    // a flow-style (`{…}`) or JSON workflow cannot take an inserted block key
    const insertAt =
      model.onEnd === null || model.root.flow ? null : lineStartAfter(ctx.file.text, model.onEnd);
    if (insertAt === null) {
      ctx.report(report);
      return;
    }
    const indent = " ".repeat(model.root.column - 1);
    const prefix = insertAt === ctx.file.text.length && !ctx.file.text.endsWith("\n") ? "\n" : "";
    ctx.report({
      ...report,
      fix: {
        description: "add a read-only top-level permissions block after on:",
        edits: [
          {
            start: ctx.file.byteOffsetOfIndex(insertAt),
            end: ctx.file.byteOffsetOfIndex(insertAt),
            text: `${prefix}${indent}permissions:\n${indent}  contents: read\n`,
          },
        ],
      },
    });
  },
});

/** The index of the start of the line after `index` (or `index` itself if it starts a line). */
function lineStartAfter(text: string, index: number): number {
  if (index > 0 && text[index - 1] === "\n") return index;
  const newline = text.indexOf("\n", index);
  return newline === -1 ? text.length : newline + 1;
}
