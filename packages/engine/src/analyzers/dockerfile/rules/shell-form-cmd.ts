import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, isPosixShell } from "../model.ts";

export const shellFormCmd = defineFileRule<DockerfileModel>({
  id: "dockerfile/shell-form-cmd",
  analyzer: "dockerfile",
  title: "CMD or ENTRYPOINT in shell form",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "CMD or ENTRYPOINT is written in shell form (`CMD node server.js`), so the container's first process is `/bin/sh -c`, not the program.",
    whyItMatters:
      "The shell does not pass SIGTERM on: `docker stop` and Kubernetes wait out the grace period and kill the service, which loses in-flight requests and skips cleanup. A shell-form ENTRYPOINT also ignores CMD and `docker run` arguments.",
    remediation:
      'Use the JSON (exec) form: `CMD ["node", "server.js"]`. A shell-form command that starts with `exec` replaces the shell and is not flagged, nor are PowerShell or cmd shells.',
    example: 'ENTRYPOINT ["/usr/local/bin/app"]\nCMD ["--port", "8080"]',
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3025",
      "https://docs.docker.com/reference/dockerfile/#shell-and-exec-form",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const instruction of instructionsOf(stage)) {
        if (instruction.keyword !== "CMD" && instruction.keyword !== "ENTRYPOINT") continue;
        if (instruction.execForm || instruction.args.length === 0) continue;
        if (instruction.args[0]!.text === "exec" || !isPosixShell(instruction.shell)) continue;
        ctx.report({
          message: `${instruction.keyword} in shell form runs under /bin/sh -c, which does not forward signals`,
          at: { line: instruction.line, column: instruction.column },
        });
      }
    }
  },
});
