import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

export const sudoInRun = defineFileRule<DockerfileModel>({
  id: "dockerfile/sudo-in-run",
  analyzer: "dockerfile",
  title: "sudo used in a RUN step",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CTR-BLD-01"],
  docs: {
    summary: "A RUN step calls `sudo`.",
    whyItMatters:
      "sudo in an image means the runtime user can become root (the package and its sudoers entry are in the image), and its TTY and PID handling behaves unpredictably in containers.",
    remediation:
      "Run the privileged steps before switching USER (or switch to root around them with `USER root` … `USER app`), and do not install sudo in the image.",
    example: "USER root\nRUN apt-get update && apt-get install -y --no-install-recommends curl\nUSER app",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3004"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const sudo = command.words.slice(0, Math.max(command.programAt, 0)).find((w) => w.text === "sudo");
        if (sudo) ctx.report({ message: "RUN uses sudo", at: { line: sudo.line, column: sudo.column } });
      }
    }
  },
});
