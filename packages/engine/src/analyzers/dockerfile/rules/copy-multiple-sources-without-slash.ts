import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf } from "../model.ts";

export const copyMultipleSourcesWithoutSlash = defineFileRule<DockerfileModel>({
  id: "dockerfile/copy-multiple-sources-without-slash",
  analyzer: "dockerfile",
  title: "COPY or ADD of several sources to a destination without a trailing /",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "A COPY or ADD names more than one source, and its destination does not end with `/`.",
    whyItMatters:
      "With several sources the destination must be a directory written with a trailing slash; the build fails otherwise, or, on builders that accept it, the files land somewhere the reader did not expect.",
    remediation: "End the destination with `/` (`COPY a.txt b.txt /app/`). Variables are not flagged.",
    example: "COPY package.json package-lock.json /app/",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3021"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const copy of instructionsOf(stage)) {
        if (copy.keyword !== "COPY" && copy.keyword !== "ADD") continue;
        // heredoc sources (`COPY <<a <<b /dir/`) count as sources; their bodies are not arguments
        if (copy.args.length < 3) continue;
        const destination = copy.args[copy.args.length - 1]!;
        if (/[/\\]$|[$`]/.test(destination.text)) continue;
        ctx.report({
          message: `${copy.keyword} of ${copy.args.length - 1} sources needs a destination ending in / ("${destination.text}")`,
          at: { line: destination.line, column: destination.column },
        });
      }
    }
  },
});
