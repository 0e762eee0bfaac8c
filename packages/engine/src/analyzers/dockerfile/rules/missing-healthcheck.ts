import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, finalStage, finalStageChain } from "../model.ts";

export const missingHealthcheck = defineFileRule<DockerfileModel>({
  id: "dockerfile/missing-healthcheck",
  analyzer: "dockerfile",
  title: "Final image has no HEALTHCHECK",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "Neither the final stage nor the stages it builds on declare a HEALTHCHECK (an explicit `HEALTHCHECK NONE` counts as a decision).",
    whyItMatters:
      "Without a health check Docker and Compose report a hung service as running; orchestrators that use it cannot restart or stop routing to it.",
    remediation:
      "Add a HEALTHCHECK that exercises the service, or `HEALTHCHECK NONE` when the orchestrator probes the container itself (Kubernetes ignores HEALTHCHECK).",
    example: 'HEALTHCHECK --interval=30s --timeout=3s CMD ["/app/healthcheck"]',
    references: ["https://docs.docker.com/reference/dockerfile/#healthcheck"],
  },
  check(ctx) {
    const stage = finalStage(ctx.model);
    // a fragment without FROM is not known to be an image of its own
    const from = stage?.from;
    if (!from) return;
    if (finalStageChain(ctx.model).some((s) => s.instructions.some((i) => i.keyword === "HEALTHCHECK")))
      return;
    ctx.report({
      message: "the final stage declares no HEALTHCHECK",
      at: { line: from.line, column: from.column },
    });
  },
});
