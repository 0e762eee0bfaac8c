import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, runCommands } from "../model.ts";

/** Octal modes whose last digit grants write to others, without the sticky bit (1777 on /tmp is normal). */
function worldWritableMode(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) {
    const others = Number(mode[mode.length - 1]);
    const sticky = mode.length === 4 && (Number(mode[0]) & 1) === 1;
    return (others & 2) === 2 && !sticky;
  }
  // symbolic: o+w, a+rwx, +w (applies to all), ugo=rwx
  return /(?:^|,)(?:[ugo]*[ao][ugo]*|)[+=][rwxXst]*w/.test(mode) && !/t/.test(mode);
}

export const worldWritablePermissions = defineFileRule<DockerfileModel>({
  id: "dockerfile/world-writable-permissions",
  analyzer: "dockerfile",
  title: "Files made world-writable (chmod 777)",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [732],
  controls: ["CTR-BLD-01"],
  docs: {
    summary:
      "A RUN `chmod` or a `COPY/ADD --chmod` gives write permission to every user (777, 666, o+w, a+w).",
    whyItMatters:
      "Any process in the container, whatever user it runs as, can then replace those files: a foothold becomes persistence or privilege escalation through binaries or config that a privileged process reads.",
    remediation:
      "Give ownership to the user that needs to write (`COPY --chown=app:app`, `chown`) and keep modes such as 755/644. A sticky-bit mode like 1777 for a shared temporary directory is not flagged.",
    example: "COPY --chown=app:app --chmod=755 entrypoint.sh /usr/local/bin/",
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "chmod") continue;
        // the mode is the first word that is not one of chmod's own options (`-w` is a mode)
        const word = command.args.find((w) => !/^(?:--[a-z-]+(?:=.*)?|-[RvcfhHLP]+)$/.test(w.text));
        if (word && worldWritableMode(word.text)) {
          ctx.report({
            message: `chmod ${word.text} makes files writable by every user`,
            at: { line: word.line, column: word.column },
          });
        }
      }
      for (const copy of instructionsOf(stage)) {
        if (copy.keyword !== "COPY" && copy.keyword !== "ADD") continue;
        const flag = copy.flags.find((f) => f.name === "chmod");
        if (flag?.value && worldWritableMode(flag.value)) {
          ctx.report({
            message: `--chmod=${flag.value} makes files writable by every user`,
            at: { line: flag.line, column: flag.column },
          });
        }
      }
    }
  },
});
