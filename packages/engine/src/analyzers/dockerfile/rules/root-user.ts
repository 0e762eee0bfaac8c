import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, finalStageChain } from "../model.ts";

/** `root`, `0`, `root:root`, `0:0`, `root:staff`: the user part decides. */
export function isRootUser(value: string): boolean {
  const user = value.split(":")[0]!.trim().toLowerCase();
  return user === "root" || user === "0";
}

export const rootUser = defineFileRule<DockerfileModel>({
  id: "dockerfile/root-user",
  analyzer: "dockerfile",
  title: "Final image runs as root",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CTR-BLD-01"],
  docs: {
    summary:
      "The last USER instruction that applies to the final stage switches to root, so containers started from the image run as root.",
    whyItMatters:
      "A process running as root inside a container turns any code-execution bug into root in the container, and a container escape or a writable host mount into root on the node.",
    remediation:
      "Switch back to an unprivileged user after the steps that need root. Only the final stage matters: build stages may stay root.",
    example: "FROM debian:12-slim\nRUN useradd --system app\nUSER app",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3002"],
  },
  check(ctx) {
    // The final stage inherits the user of the stage it builds on (`FROM builder`), so walk the chain.
    for (const stage of finalStageChain(ctx.model)) {
      const users = stage.instructions.filter((instruction) => instruction.keyword === "USER");
      const last = users[users.length - 1];
      if (!last) continue;
      const value = last.args[0]?.text ?? "";
      if (isRootUser(value)) {
        ctx.report({
          message: `the final image runs as "${value}"`,
          at: { line: last.line, column: last.column },
        });
      }
      return;
    }
  },
});
