import { defineFileRule } from "../../../rule.ts";
import type { Permissions, WorkflowModel } from "../model.ts";

export const undocumentedPermissions = defineFileRule<WorkflowModel>({
  id: "ci/undocumented-permissions",
  analyzer: "ci",
  title: "Write permission granted without a comment saying why",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: ["CI-PERM-01"],
  docs: {
    summary:
      "A `permissions:` scope grants `write` (or `write-all` is used) with no trailing comment on its line explaining what needs it.",
    whyItMatters:
      "Write scopes accumulate: once nobody remembers which step needed `contents: write`, nobody dares remove it, and every later step (and every compromised action) keeps the grant. A one-line reason makes the grant reviewable and removable.",
    remediation:
      "Add a trailing comment naming the step or command that uses the scope (`contents: write # gh release create`), or remove the grant. Read scopes are not reported.",
    example:
      "permissions:\n  contents: write # gh release create in the publish step\n  id-token: write # PyPI trusted publishing",
    references: ["https://docs.zizmor.sh/audits/#undocumented-permissions"],
  },
  check(ctx) {
    // a trailing comment on the granting line: it stays attached when the line moves or is copied
    const documented = (line: number): boolean =>
      /\s#/.test(ctx.file.lineText(line).replace(/'[^']*'|"[^"]*"/g, ""));
    const inspect = (permissions: Permissions | null, where: string) => {
      if (!permissions) return;
      if (permissions.shorthand === "write-all" && !documented(permissions.at.line)) {
        ctx.report({ message: `${where} grants write-all without a comment saying why`, at: permissions.at });
      }
      for (const scope of permissions.scopes) {
        if (scope.value !== "write" || documented(scope.at.line)) continue;
        ctx.report({
          message: `${where} grants ${scope.name}: write without a comment saying why`,
          at: scope.at,
        });
      }
    };
    inspect(ctx.model.permissions, "the workflow");
    for (const job of ctx.model.jobs) inspect(job.permissions, `job ${job.id}`);
  },
});
