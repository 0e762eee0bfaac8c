import { defineFileRule } from "../../../rule.ts";
import { type Command, type DockerfileModel, runCommands } from "../model.ts";

/** True when a short-option cluster such as `-fsSLk` contains `letter`. */
function inShortCluster(word: string, letter: string): boolean {
  return /^-[A-Za-z]+$/.test(word) && word.slice(1).includes(letter);
}

function insecureOption(command: Command): string | null {
  const words = command.args.map((word) => word.text);
  switch (command.program) {
    case "curl":
      return words.find((w) => w === "--insecure" || inShortCluster(w, "k")) ?? null;
    case "wget": // wget -k is --convert-links, not TLS
      return words.find((w) => w === "--no-check-certificate") ?? null;
    case "git":
      return words.find((w) => /^http\.sslverify=false$/i.test(w)) ?? null;
    case "npm":
    case "yarn":
      return words.includes("strict-ssl") && words.includes("false") ? "strict-ssl false" : null;
    case "pip":
    case "pip3":
      return words.find((w) => w === "--trusted-host" || w.startsWith("--trusted-host=")) ?? null;
    default:
      return null;
  }
}

export const tlsVerificationDisabled = defineFileRule<DockerfileModel>({
  id: "dockerfile/tls-verification-disabled",
  analyzer: "dockerfile",
  title: "Download with TLS certificate verification disabled",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [295],
  controls: ["CTR-BLD-03", "SAST-TLS-01"],
  docs: {
    summary:
      "A RUN step downloads with certificate checks turned off: `curl -k/--insecure`, `wget --no-check-certificate`, `git -c http.sslVerify=false`, `npm config set strict-ssl false`, `pip --trusted-host`.",
    whyItMatters:
      "Anyone on the network path of the build (a proxy, a compromised CI network) can substitute the download and its content ends up in the image.",
    remediation:
      "Keep verification on. If a corporate proxy re-signs TLS, add its CA certificate to the image's trust store instead.",
    example: "RUN curl -fsSL https://example.com/tool -o /usr/local/bin/tool",
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const option = insecureOption(command);
        if (option) {
          ctx.report({
            message: `${command.program} runs with ${option}, which disables certificate verification`,
            at: { line: command.line, column: command.column },
          });
        }
      }
    }
  },
});
