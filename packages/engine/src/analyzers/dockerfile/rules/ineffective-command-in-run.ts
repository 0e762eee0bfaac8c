import { defineFileRule } from "../../../rule.ts";
import { type Command, type DockerfileModel, runCommands } from "../model.ts";

/** Programs that do nothing lasting (or nothing at all) in a build step, and why. */
const INEFFECTIVE: Record<string, { why: string; applies?: (command: Command) => boolean }> = {
  service: {
    why: "starts or stops a service for this build step only; it is gone when the step ends",
    applies: (command) => ["start", "restart", "stop", "reload"].includes(command.args[1]?.text ?? ""),
  },
  "rc-service": {
    why: "starts or stops a service for this build step only; it is gone when the step ends",
    applies: (command) => ["start", "restart", "stop"].includes(command.args[1]?.text ?? ""),
  },
  shutdown: { why: "has no system to shut down in a build container" },
  reboot: { why: "has no system to reboot in a build container" },
  halt: { why: "has no system to halt in a build container" },
  poweroff: { why: "has no system to power off in a build container" },
  mount: { why: "needs privileges a build step does not have, and the mount ends with the step" },
  umount: { why: "needs privileges a build step does not have" },
  vim: { why: "is interactive; a build has no terminal" },
  vi: { why: "is interactive; a build has no terminal" },
  nano: { why: "is interactive; a build has no terminal" },
  top: { why: "is interactive; a build has no terminal" },
  htop: { why: "is interactive; a build has no terminal" },
  ssh: {
    why: "reaches a remote host from the build: the image then depends on that host and on credentials in the build",
  },
  free: { why: "reports the memory of a throwaway build container" },
  ifconfig: { why: "reports or changes the network of a throwaway build container" },
  ps: { why: "lists the processes of a throwaway build container" },
  kill: { why: "signals processes of a build step that end with the step anyway" },
};

export const ineffectiveCommandInRun = defineFileRule<DockerfileModel>({
  id: "dockerfile/ineffective-command-in-run",
  analyzer: "dockerfile",
  title: "RUN calls a command that has no lasting effect in a build",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A RUN step calls a command that makes no sense in an image build: starting services (`service x start`), shutting down, mounting, interactive editors and monitors, `ssh` to another host, process and network inspection.",
    whyItMatters:
      "Each RUN is a fresh, unprivileged, non-interactive container that ends with the step: the service is not running in the image, the editor hangs the build, and an ssh step makes the image depend on a remote host and on credentials handed to the build. The file says something happens that does not.",
    remediation:
      "Start services from the CMD or ENTRYPOINT, edit files with `sed` or COPY, and fetch remote content with a verified download or a build context.",
    example: 'CMD ["nginx", "-g", "daemon off;"]',
    references: ["https://github.com/hadolint/hadolint/wiki/DL3001"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const entry = Object.hasOwn(INEFFECTIVE, command.program) ? INEFFECTIVE[command.program] : undefined;
        if (!entry || (entry.applies && !entry.applies(command))) continue;
        ctx.report({
          message: `${command.program} ${entry.why}`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
