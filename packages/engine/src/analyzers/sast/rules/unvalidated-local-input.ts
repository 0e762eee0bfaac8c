// The audit tier of the taint rules: flows whose source is the invoking user's own input (a CLI's
// arguments and flags, the environment, standard input), which the taint rules leave out because
// that user already holds what the flow reaches. A reviewer should still look where the program
// may run with other privileges (setuid, a service reading its environment from a shared file).
import { defineFileRule } from "../../../rule.ts";
import { isTestPath } from "../../secrets/allowlist.ts";
import type { PatternHazard, TaintHazard } from "../languages/types.ts";
import type { SastModel } from "../model.ts";
import { reportedLines } from "../patterns.ts";
import { taintFlows } from "../taint.ts";
import { flowFix, flowReport } from "../taint-rule.ts";

// The hazards whose sinks a local source can reach; the taint rules have computed (and cached)
// their flows before this rule runs, so asking again costs a cache read.
const HAZARDS: readonly TaintHazard[] = [
  "command-injection",
  "path-traversal",
  "ssrf",
  "sql-injection",
  "nosql-injection",
  "code-injection",
  "ldap-injection",
  "xpath-injection",
  "log-injection",
];

// The pattern rules that report a value built at run time whatever its source: where one of them
// reports a line of the flow, that finding (at its own severity) stands for it.
const PATTERNS_OF: Partial<Record<TaintHazard, readonly PatternHazard[]>> = {
  "command-injection": ["dynamic-shell-command", "partial-executable-path"],
  "sql-injection": ["dynamic-sql-query"],
  "code-injection": ["dynamic-code-evaluation"],
};

export const unvalidatedLocalInput = Object.assign(
  defineFileRule<SastModel>({
    id: "sast/unvalidated-local-input",
    analyzer: "sast",
    title: "Command-line, environment or standard input reaches a file path, URL, command or log",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [20],
    controls: [],
    fixable: true,
    docs: {
      summary:
        "An audit finding: the invoking user's input flows, without a sanitizer, into a program path or shell command, a file path, an outgoing request's URL, a SQL or NoSQL query, an LDAP filter, an XPath expression or a log line. That input is, in Go, `os.Args`, `flag` values, `os.Getenv`/`LookupEnv` and standard input (`bufio` readers or scanners of `os.Stdin`, `fmt.Scan*`), package-level variables assigned from these included; in Python, `sys.argv`, what `argparse`'s `parse_args()` returns, `input()`, `sys.stdin` and `os.environ`/`os.getenv`; in JavaScript and TypeScript, `process.argv`, `process.env` and `process.stdin`; in Java, the parameters of `main(String[] args)`, `System.getenv`, `System.in` and `System.console()` reads. The same flow from request data is the hazard's own rule (`command-injection`, `path-traversal`, `ssrf` …) at high severity; this rule reports only flows whose source is the invoking user's input, with the same mechanical fix where the sink has one (`execFile` and an argument array instead of `exec`, bind parameters instead of query text). Where a pattern rule reports the line already (`dynamic-shell-command`, `dynamic-sql-query`, `dynamic-code-evaluation`), that finding stands for it. Test code is not reported.",
      whyItMatters:
        "The user who starts a command-line tool can already read and run what it reads and runs, so such a flow is usually intended. It becomes a hazard when the program runs with privileges its caller does not have (setuid binaries, services whose environment comes from a shared configuration, CI jobs fed by pull-request titles): then the argument or variable is an attacker's. gosec reports these flows regardless of context.",
      remediation:
        "Check the value where it enters: an allow-list of programs; for paths a base-directory check (Go `filepath.IsLocal`, Python `os.path.commonpath` of the resolved path and the base, Node `path.relative` not starting with `..`, Java `Path.normalize().startsWith(base)`); a fixed scheme and host for URLs. Where the flow is the tool's purpose (a file viewer opening the path it was given), mark the line: `// rampart:ignore sast/unvalidated-local-input the user names the file to read` (`#` in Python; gosec's `// #nosec G304 -- reason` and bandit's `# nosec B603 -- reason` are honoured too).",
      example:
        '// Go\nname := filepath.Base(os.Args[1])\nif !filepath.IsLocal(name) {\n\tlog.Fatal("not a local path")\n}\ndata, err := os.ReadFile(filepath.Join(dataDir, name))\n\n# Python\npath = (DATA_DIR / sys.argv[1]).resolve()\nif not path.is_relative_to(DATA_DIR):\n    sys.exit("not under the data directory")\ndata = path.read_bytes()\n\n// Node.js\nconst file = path.resolve(dataDir, process.argv[2]);\nif (path.relative(dataDir, file).startsWith("..")) throw new Error("not under the data directory");\nconst data = fs.readFileSync(file);',
      references: ["https://cwe.mitre.org/data/definitions/20.html"],
    },
    check(ctx) {
      if (isTestPath(ctx.model.file.path)) return;
      for (const hazard of HAZARDS) {
        let patternLines: Set<number> | undefined;
        for (const flow of taintFlows(ctx.model, hazard)) {
          if (!flow.source.local) continue;
          patternLines ??= reportedLines(ctx.model, { patterns: PATTERNS_OF[hazard] ?? [] });
          const lines = [
            flow.sink.line,
            flow.source.line,
            ...(flow.source.steps ?? []).map((step) => step.line),
          ];
          if (lines.some((line) => patternLines!.has(line))) continue;
          const { fix, fixSuggestion } = flowFix(ctx.model, flow);
          ctx.report({
            ...flowReport(
              flow,
              " (the invoking user's input: review if the program runs with other privileges)",
            ),
            ...(fix ? { fix } : {}),
            properties: {
              category: "security",
              hazard,
              sourceLine: flow.source.line,
              ...(flow.source.path ? { sourcePath: flow.source.path } : {}),
              sinkLine: flow.sink.line,
              ...(fixSuggestion ? { fixSuggestion } : {}),
            },
          });
        }
      }
    },
  }),
  { category: "security" as const },
);
