import { definePatternRule } from "../pattern-rule.ts";

export const partialExecutablePath = definePatternRule({
  hazard: "partial-executable-path",
  category: "security",
  title: "Program started by a partial path",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [426, 427],
  controls: ["SAST-CFG-01"],
  fixable: false,
  docs: {
    summary:
      'A process is started with a program name that is not an absolute path (`subprocess.run(["git", \u2026])`, `os.system("ls")`), so the `PATH` search picks the file; or, in Go, `syscall.Exec`/`ForkExec`/`StartProcess` is given a relative path (`"sleep"`, `"bin/server"`, directly or through a parameter every call in the package fills with literals), which it opens from the working directory without any search.',
    whyItMatters:
      "Whoever controls `PATH` or a writable directory early on it replaces the program with their own.",
    remediation:
      "Use the absolute path of the program, or resolve it once with `shutil.which` (Go: `exec.LookPath`) from a trusted `PATH` at start-up.",
    example: 'GIT = shutil.which("git", path="/usr/bin:/bin")\nsubprocess.run([GIT, "status"], check=True)',
  },
});
