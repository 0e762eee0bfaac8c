import { definePatternRule } from "../pattern-rule.ts";

export const dynamicShellCommand = definePatternRule({
  hazard: "dynamic-shell-command",
  category: "security",
  title: "Shell command built at run time",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [78],
  controls: ["SAST-INJ-02"],
  fixable: true,
  docs: {
    summary:
      'A command line that is not a literal is handed to a shell: `subprocess.*(\u2026, shell=True)`, `os.system`, `os.popen`, `subprocess.getoutput`, `asyncio.create_subprocess_shell`; or, without a shell, a program whose path is not a literal: `os.spawn*`, `os.exec*`, `os.startfile`, `popen2`. When untrusted input provably reaches it, `sast/command-injection` reports the flow instead. Go: `exec.Command("sh", "-c", …)` with a non-literal command line, or `exec.Command`/`CommandContext` (and `syscall.Exec`/`ForkExec`/`StartProcess`) whose program is a variable; names declared with a literal (`tool := "uptime"`) are fixed.',
    whyItMatters:
      "The shell interprets quotes, `;`, `$(\u2026)` and globs inside the value: any part of it that ever comes from outside runs as a command.",
    remediation:
      'Pass an argument list without a shell (`subprocess.run(["tar", "-xf", path])`); when a shell is unavoidable, quote each value with `shlex.quote`.',
    example: 'subprocess.run(["convert", source, target], check=True)',
  },
});
