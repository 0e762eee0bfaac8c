import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const overriddenHealthcheck = defineFileRule<DockerfileModel>({
  id: "dockerfile/overridden-healthcheck",
  analyzer: "dockerfile",
  title: "HEALTHCHECK overridden later in the same stage",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "A stage has more than one HEALTHCHECK; only the last takes effect.",
    whyItMatters:
      "The earlier check is dead code that reviewers take for the container's health probe, while the runtime probes something else (or, after `HEALTHCHECK NONE`, nothing).",
    remediation: "Keep one HEALTHCHECK per stage.",
    example: 'HEALTHCHECK --interval=30s CMD ["/app/healthcheck"]',
    references: ["https://github.com/hadolint/hadolint/wiki/DL3012"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      const checks = stage.instructions.filter((instruction) => instruction.keyword === "HEALTHCHECK");
      const last = checks[checks.length - 1];
      for (const earlier of checks.slice(0, -1)) {
        ctx.report({
          message: `this HEALTHCHECK is overridden by the one on line ${last!.line}`,
          at: { line: earlier.line, column: earlier.column },
          related: [
            { at: { line: last!.line, column: last!.column }, message: "the HEALTHCHECK that takes effect" },
          ],
        });
      }
    }
  },
});
