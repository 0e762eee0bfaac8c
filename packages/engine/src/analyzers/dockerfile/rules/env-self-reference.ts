import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, keyValuePairs } from "../model.ts";

/** Names a value refers to: `$NAME`, `${NAME}`, `${NAME:-default}`. */
function referencedNames(value: string): string[] {
  return [...value.matchAll(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*))/g)].map(
    (match) => (match[1] ?? match[2])!,
  );
}

export const envSelfReference = defineFileRule<DockerfileModel>({
  id: "dockerfile/env-self-reference",
  analyzer: "dockerfile",
  title: "ENV refers to a variable set in the same instruction",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "One ENV instruction sets a variable and a later pair of the same instruction refers to it (`ENV A=1 B=$A`).",
    whyItMatters:
      "Docker substitutes every value of an ENV with the variables as they were before the instruction, so `B` gets the old (usually empty) value of `A`, not the one written beside it: paths and versions end up silently wrong.",
    remediation:
      "Split the instruction: `ENV A=1` then `ENV B=$A`. Extending a variable with its own previous value (`ENV PATH=/opt/bin:$PATH`) is fine and not flagged.",
    example: "ENV APP_HOME=/opt/app\nENV PATH=$APP_HOME/bin:$PATH",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3044"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const env of instructionsOf(stage)) {
        if (env.keyword !== "ENV") continue;
        const earlier = new Set<string>();
        for (const pair of keyValuePairs(env)) {
          // single quotes keep `$A` literal: no substitution, no hazard
          const raw = ctx.file.text.slice(pair.at.index, pair.at.end);
          const names = pair.value === null || raw.includes("'") ? [] : referencedNames(pair.value);
          // `PATH=/a:$PATH` is its own previous value; a second `PATH=/b:$PATH` in the same ENV also
          // gets that previous value, losing `/a`
          const stale = names.find((name) => earlier.has(name));
          if (stale) {
            ctx.report({
              message: `${pair.key} refers to ${stale}, set in this same ENV: it gets ${stale}'s previous value`,
              at: { line: pair.at.line, column: pair.at.column },
            });
          }
          earlier.add(pair.key);
        }
      }
    }
  },
});
