import { definePatternRule } from "../pattern-rule.ts";

export const shellProcessStart = definePatternRule({
  hazard: "shell-process-start",
  category: "security",
  title: "Process started through a shell, to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [78],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Python): a command line run by a shell even when it is a literal: `os.system`, `os.popen*`, `subprocess.*(…, shell=True)`, `subprocess.getoutput`, `commands.*`, `popen2.*`, `asyncio.create_subprocess_shell`, paramiko `exec_command`. Lines where `sast/command-injection`, `sast/dynamic-shell-command` or `sast/shell-wildcard-injection` report are theirs; tests are not reported.",
    whyItMatters:
      "A shell re-parses the whole line: quotes, `;`, `$(…)` and globs in any part that later comes from a setting, a file name or a request become commands. A literal today is one edit away from that, and the shell adds nothing an argument list cannot do.",
    remediation:
      'Run the program with an argument list and no shell (`subprocess.run(["ls", "-l", path], check=True)`); over SSH quote every value with `shlex.quote`. A shell feature that is really needed (a pipe) can stay, with the finding suppressed and the reason written down.',
    example: 'subprocess.run(["/bin/ls", "-l"], check=True)',
    references: ["https://docs.python.org/3/library/subprocess.html#security-considerations"],
  },
});
