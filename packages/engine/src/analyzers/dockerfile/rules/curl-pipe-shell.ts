import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

const DOWNLOADERS = new Set(["curl", "wget"]);
const INTERPRETERS = /^(?:(?:ba|da|z|k|a|fi)?sh|python[0-9.]*|perl|ruby|node|php)$/;
/** `sh -c "$(curl …)"` and `bash <(wget -O- …)` run a download just like a pipe does. */
const SUBSTITUTED_DOWNLOAD = /(?:\$\(|<\(|`)\s*(?:curl|wget)\s/;

export const curlPipeShell = defineFileRule<DockerfileModel>({
  id: "dockerfile/curl-pipe-shell",
  analyzer: "dockerfile",
  title: "Downloaded script piped into a shell",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [494],
  controls: ["CTR-BLD-04"],
  docs: {
    summary:
      'A RUN step pipes the output of curl or wget into a shell or interpreter (`curl … | sh`, `sh -c "$(curl …)"`, `bash <(curl …)`).',
    whyItMatters:
      "The build executes whatever the server returns at that moment, with the build's privileges and without a record of what ran; a compromised host or CDN owns your image.",
    remediation:
      "Download the script to a file, verify a pinned checksum or signature, then run it; better, install a versioned package.",
    example:
      'RUN curl -fsSLo install.sh https://example.com/install-1.2.sh \\\n && echo "<sha256>  install.sh" | sha256sum -c - \\\n && sh install.sh',
    references: ["https://github.com/hadolint/hadolint/wiki/DL4006"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      let previous: { program: string } | undefined;
      for (const { command, position } of runCommands(stage)) {
        if (position === 0) previous = undefined;
        const piped = command.separatorBefore === "|" && previous && DOWNLOADERS.has(previous.program);
        if (piped && INTERPRETERS.test(command.program)) {
          ctx.report({
            message: `${previous!.program} output is piped into ${command.program}`,
            at: { line: command.line, column: command.column },
          });
        } else if (
          INTERPRETERS.test(command.program) &&
          command.args.some((w) => SUBSTITUTED_DOWNLOAD.test(w.text))
        ) {
          ctx.report({
            message: `${command.program} runs a script downloaded in a command substitution`,
            at: { line: command.line, column: command.column },
          });
        }
        previous = command;
      }
    }
  },
});
