import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

export const curlAndWget = defineFileRule<DockerfileModel>({
  id: "dockerfile/curl-and-wget",
  analyzer: "dockerfile",
  title: "Both curl and wget used in one stage",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary: "A stage downloads with both `curl` and `wget`.",
    whyItMatters:
      "Two download tools mean two packages in the image, two sets of TLS and redirect defaults to review, and twice the attack surface left behind for anyone who gets a shell in the container.",
    remediation: "Pick one tool for the stage (and remove it after use where you can).",
    example:
      "RUN curl -fsSLo /tmp/a.tgz https://example.com/a.tgz && curl -fsSLo /tmp/b.tgz https://example.com/b.tgz",
    references: ["https://github.com/hadolint/hadolint/wiki/DL4001"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      const commands = [...runCommands(stage)].map(({ command }) => command);
      const curl = commands.find((command) => command.program === "curl");
      const wget = commands.find((command) => command.program === "wget");
      if (!curl || !wget) continue;
      const [earlier, later] = curl.line <= wget.line ? [curl, wget] : [wget, curl];
      ctx.report({
        message: `${later.program} here and ${earlier.program} on line ${earlier.line}: use one download tool`,
        at: { line: later.line, column: later.column },
      });
    }
  },
});
