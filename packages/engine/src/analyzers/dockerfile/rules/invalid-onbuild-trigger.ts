import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

/** Instructions Docker does not accept as an ONBUILD trigger. */
const NOT_TRIGGERS = new Set(["ONBUILD", "FROM", "MAINTAINER"]);

export const invalidOnbuildTrigger = defineFileRule<DockerfileModel>({
  id: "dockerfile/invalid-onbuild-trigger",
  analyzer: "dockerfile",
  title: "ONBUILD with ONBUILD, FROM or MAINTAINER",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "An ONBUILD registers ONBUILD, FROM or MAINTAINER, which Docker does not allow as triggers.",
    whyItMatters:
      "The build fails, or on lenient builders the trigger never does what it says: every image built on this one misses the step its author meant to run.",
    remediation: "Remove the trigger, or register the instruction the child build needs (RUN, COPY, ENV …).",
    example: "ONBUILD COPY . /app/",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3043"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const onbuild of stage.instructions) {
        const trigger = onbuild.trigger;
        if (!trigger || !NOT_TRIGGERS.has(trigger.keyword)) continue;
        ctx.report({
          message: `ONBUILD ${trigger.keyword} is not a valid trigger`,
          at: { line: trigger.line, column: trigger.column },
        });
      }
    }
  },
});
