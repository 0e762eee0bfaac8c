import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf } from "../model.ts";

export const REMOTE_SOURCE = /^(?:https?|ftp):\/\//i;

export const addRemoteUrl = defineFileRule<DockerfileModel>({
  id: "dockerfile/add-remote-url",
  analyzer: "dockerfile",
  title: "ADD downloads a remote URL without a checksum",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [494],
  controls: ["CTR-BLD-03"],
  docs: {
    summary:
      "An ADD instruction fetches a file from a URL and adds whatever the server returns to the image.",
    whyItMatters:
      "Nothing verifies the download: a compromised server, a hijacked domain or a changed release asset silently changes the image.",
    remediation:
      "Pass `--checksum=sha256:<hash>` to ADD (BuildKit), or download with curl in a RUN and verify a pinned checksum before using the file.",
    example:
      'RUN curl -fsSLo /tmp/tool.tgz https://example.com/tool-1.2.tgz \\\n && echo "<sha256>  /tmp/tool.tgz" | sha256sum -c -',
    references: ["https://docs.docker.com/reference/dockerfile/#add---checksum"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const add of instructionsOf(stage)) {
        if (add.keyword !== "ADD" || add.flags.some((flag) => flag.name === "checksum")) continue;
        for (const source of add.args.slice(0, -1)) {
          if (REMOTE_SOURCE.test(source.text)) {
            ctx.report({
              message: `ADD fetches ${source.text} without verifying a checksum`,
              at: { line: source.line, column: source.column },
            });
          }
        }
      }
    }
  },
});
