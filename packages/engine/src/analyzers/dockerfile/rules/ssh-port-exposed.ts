import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, shippedStages } from "../model.ts";

export const sshPortExposed = defineFileRule<DockerfileModel>({
  id: "dockerfile/ssh-port-exposed",
  analyzer: "dockerfile",
  title: "Image exposes the SSH port",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  controls: ["IAC-NET-01"],
  docs: {
    summary:
      "The final image declares `EXPOSE 22`, which usually means an SSH daemon runs inside the container.",
    whyItMatters:
      "An SSH server in a container is another long-lived credential and network service to attack, and it bypasses the orchestrator's audited exec path.",
    remediation: "Remove the SSH server and the EXPOSE; use `docker exec` / `kubectl exec` for debugging.",
    example: "EXPOSE 8080",
    references: ["https://docs.bridgecrew.io/docs/ensure-port-22-is-not-exposed"],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const expose of instructionsOf(stage)) {
        if (expose.keyword !== "EXPOSE") continue;
        for (const port of expose.args) {
          // 22, 22/tcp, or a range that includes 22 (20-25)
          const match = /^(\d+)(?:-(\d+))?(?:\/(?:tcp|udp|sctp))?$/i.exec(port.text);
          if (!match) continue;
          const low = Number(match[1]);
          const high = match[2] ? Number(match[2]) : low;
          if (low <= 22 && 22 <= high) {
            ctx.report({
              message: `EXPOSE ${port.text} opens the SSH port`,
              at: { line: port.line, column: port.column },
            });
          }
        }
      }
    }
  },
});
