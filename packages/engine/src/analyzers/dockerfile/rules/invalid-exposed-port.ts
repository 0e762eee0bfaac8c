import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf } from "../model.ts";

/** `80`, `80/tcp`, `8000-8010/udp`: a port or range and an optional protocol. */
const PORT_SPEC = /^(\d+)(?:-(\d+))?(?:\/([A-Za-z]+))?$/;
const PROTOCOLS = new Set(["tcp", "udp", "sctp"]);

/** Why an EXPOSE item is invalid, or null when it is valid or unknown (a variable). */
export function portProblem(item: string): string | null {
  if (/[$`]/.test(item)) return null;
  const match = PORT_SPEC.exec(item);
  if (!match) return "is not a port, a port range or port/protocol";
  const [, first, last, protocol] = match;
  if (Number(first) > 65535 || (last !== undefined && Number(last) > 65535)) return "is outside 0-65535";
  if (last !== undefined && Number(last) < Number(first)) return "is a range that ends before it starts";
  if (protocol !== undefined && !PROTOCOLS.has(protocol.toLowerCase()))
    return `names protocol "${protocol}", not tcp, udp or sctp`;
  return null;
}

export const invalidExposedPort = defineFileRule<DockerfileModel>({
  id: "dockerfile/invalid-exposed-port",
  analyzer: "dockerfile",
  title: "EXPOSE names an invalid port",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "An EXPOSE item is not a TCP/UDP port (0-65535), a port range or `port/protocol` with tcp, udp or sctp. A host mapping such as `8080:80` belongs to `docker run -p`, not to EXPOSE.",
    whyItMatters:
      "The build fails, or the image documents and publishes (`-P`) a port the service does not listen on, so operators open the wrong port in firewalls and load balancers.",
    remediation: "List container ports only, optionally with /tcp or /udp. Variables are not flagged.",
    example: "EXPOSE 8080/tcp 8125/udp",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3011"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const expose of instructionsOf(stage)) {
        if (expose.keyword !== "EXPOSE") continue;
        for (const item of expose.args) {
          const problem = portProblem(item.text);
          if (problem)
            ctx.report({
              message: `EXPOSE ${item.text} ${problem}`,
              at: { line: item.line, column: item.column },
            });
        }
      }
    }
  },
});
