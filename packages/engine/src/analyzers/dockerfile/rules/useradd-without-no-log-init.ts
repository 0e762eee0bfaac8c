import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

/**
 * lastlog and faillog are sparse files indexed by UID: at a high UID they grow to gigabytes, and
 * image layers do not keep files sparse. Above 65535 the file is already tens of megabytes.
 */
const HIGH_UID = 65535;

/** The UID a `useradd` sets (`-u 1000`, `-u1000`, `--uid=1000`), or null when absent or unknown. */
function uidOf(args: readonly string[]): number | null {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    let value: string | undefined;
    if (word === "-u" || word === "--uid") value = args[i + 1];
    else if (word.startsWith("--uid=")) value = word.slice(6);
    else if (/^-u\d+$/.test(word)) value = word.slice(2);
    if (value !== undefined) return /^\d+$/.test(value) ? Number(value) : null;
  }
  return null;
}

export const useraddWithoutNoLogInit = defineFileRule<DockerfileModel>({
  id: "dockerfile/useradd-without-no-log-init",
  analyzer: "dockerfile",
  title: "useradd with a high UID without --no-log-init",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "`useradd` creates a user with a UID above 65535 without `-l`/`--no-log-init`.",
    whyItMatters:
      "useradd reserves an entry for the UID in /var/log/lastlog and faillog, sparse files that the image layer stores in full: a large UID adds gigabytes to the image and can exhaust the build disk.",
    remediation: "Add `-l` (`--no-log-init`), or use a UID of 65535 or less.",
    example: "RUN useradd --no-log-init -r -u 100000 app",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3046"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "useradd") continue;
        const args = command.args.map((word) => word.text);
        if (args.some((word) => word === "--no-log-init" || /^-[a-zA-Z]*l[a-zA-Z]*$/.test(word))) continue;
        const uid = uidOf(args);
        if (uid === null || uid <= HIGH_UID) continue;
        ctx.report({
          message: `useradd with UID ${uid} without --no-log-init writes a huge lastlog into the layer`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
