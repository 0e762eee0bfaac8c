import { defineTaintRule } from "../taint-rule.ts";

export const commandInjection = defineTaintRule({
  hazard: "command-injection",
  category: "security",
  title: "Shell command built from untrusted input",
  severity: "critical",
  confidence: "high",
  lifecycle: "preview",
  cwe: [78],
  controls: ["SAST-INJ-02"],
  fixable: true,
  docs: {
    summary:
      "Untrusted input reaches a shell command (`exec`, `os.system`, `subprocess` with `shell=True`, `sh -c`, `Runtime.exec` of a string) or chooses the program to run.",
    whyItMatters:
      "Shell metacharacters (`;`, `&&`, `$( )`) in the input run arbitrary commands with the service's privileges.",
    remediation:
      'Run the program directly with an argument array and no shell (`execFile("git", ["log", ref])`, `subprocess.run(["git", "log", ref])`, `exec.Command("git", "log", ref)`), and allow-list the program.',
    example: 'execFile("convert", [inputPath, "out.png"]);\nsubprocess.run(["ls", "-l", folder], check=True)',
    references: [
      "https://owasp.org/www-community/attacks/Command_Injection",
      "https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html",
    ],
  },
});
