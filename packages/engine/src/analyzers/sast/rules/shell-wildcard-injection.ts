import { definePatternRule } from "../pattern-rule.ts";

export const shellWildcardInjection = definePatternRule({
  hazard: "shell-wildcard-injection",
  category: "security",
  title: "Shell wildcard in a command that takes options",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [78, 155],
  controls: ["SAST-INJ-02"],
  fixable: false,
  docs: {
    summary: "A shell command runs `tar`, `chmod`, `chown`, `chgrp`, `rsync`, `zip` or `7z` with a `*` glob.",
    whyItMatters:
      "A file named `--checkpoint-action=exec=sh x.sh` (or `--reference=\u2026`) in the directory becomes an option of the command: whoever can create files there runs code or changes permissions.",
    remediation:
      "Run the program without a shell over an explicit file list, and put `--` before the file names.",
    example: 'subprocess.run(["tar", "-czf", "backup.tgz", "--", *paths], check=True)',
  },
});
