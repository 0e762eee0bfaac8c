import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

/** A double-quoted LABEL value: backslash, quote and `$` (LABEL expands variables) are escaped. */
export function labelValue(text: string): string {
  return `"${text.replace(/[\\"$]/g, (c) => `\\${c}`)}"`;
}

export const deprecatedMaintainer = defineFileRule<DockerfileModel>({
  id: "dockerfile/deprecated-maintainer",
  analyzer: "dockerfile",
  title: "MAINTAINER instruction is deprecated",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  fixable: true,
  docs: {
    summary: "The Dockerfile uses MAINTAINER, which Docker deprecated in favour of a label.",
    whyItMatters:
      "Tools read the `org.opencontainers.image.authors` or `maintainer` label, not the deprecated field.",
    remediation: 'Replace it with `LABEL maintainer="…"`.',
    example: 'LABEL maintainer="team@example.com"',
    references: ["https://github.com/hadolint/hadolint/wiki/DL4000"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const instruction of stage.instructions) {
        if (instruction.keyword !== "MAINTAINER") continue;
        // Docker keeps MAINTAINER's text verbatim (quotes included), so the label carries the raw text
        const value = ctx.file.text.slice(instruction.keywordEnd, instruction.end).trim();
        const singleLine = instruction.endLine === instruction.line;
        ctx.report({
          message: "MAINTAINER is deprecated; use LABEL maintainer",
          at: { line: instruction.line, column: instruction.column },
          ...(singleLine
            ? {
                fix: {
                  description: "replace with a maintainer label",
                  edits: [
                    {
                      start: ctx.file.byteOffsetOfIndex(instruction.index),
                      end: ctx.file.byteOffsetOfIndex(instruction.end),
                      text: `LABEL maintainer=${labelValue(value)}`,
                    },
                  ],
                },
              }
            : {}),
        });
      }
    }
  },
});
