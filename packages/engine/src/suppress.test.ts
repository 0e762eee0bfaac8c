import { describe, expect, it } from "vitest";
import type { Finding } from "./finding.ts";
import {
  applyConfigSuppressions,
  applyInlineSuppressions,
  extractSuppressions,
  suppressionProblems,
} from "./suppress.ts";

function finding(ruleId: string, path: string, line: number): Finding {
  return {
    ruleId,
    analyzer: ruleId.split("/")[0]!,
    severity: "high",
    confidence: "high",
    message: "m",
    location: { path, line, column: 1, snippet: "" },
    related: [],
    fingerprint: "f",
  };
}

describe("inline suppressions", () => {
  it("are read in every comment syntax, on the line or alone on the line above", () => {
    const text = [
      "# rampart:ignore k8s/privileged-container needed for the CNI plugin", // 1 -> 2
      "privileged: true",
      'resource "x" "y" { // rampart:ignore terraform/a,terraform/b legacy, tracked in JIRA-1', // 3 -> 3
      "/* rampart:ignore sql/x reviewed */", // 4 -> 6 (skips the stacked directive)
      "<!-- rampart:ignore html/y -->", // 5 -> 6, no reason
      "target",
      "-- rampart:ignore", // 7 -> 8, no rule
      "select 1;",
    ].join("\n");
    expect(extractSuppressions(text)).toEqual([
      { line: 1, target: 2, ruleIds: ["k8s/privileged-container"], reason: "needed for the CNI plugin" },
      { line: 3, target: 3, ruleIds: ["terraform/a", "terraform/b"], reason: "legacy, tracked in JIRA-1" },
      { line: 4, target: 6, ruleIds: ["sql/x"], reason: "reviewed" },
      { line: 5, target: 6, ruleIds: ["html/y"], reason: "" },
      { line: 7, target: 8, ruleIds: [], reason: "" },
    ]);
  });

  it("mark covered findings, skip those without a reason, and report the bad ones", () => {
    const suppressions = extractSuppressions("# rampart:ignore a/b why not\nx\n# rampart:ignore a/c\ny\n");
    const findings = [finding("a/b", "f", 2), finding("a/c", "f", 4), finding("a/b", "g", 2)];
    applyInlineSuppressions(findings, new Map([["f", suppressions]]));
    expect(findings.map((item) => item.suppression ?? null)).toEqual([
      { kind: "inline", reason: "why not", source: "f:1" },
      null,
      null,
    ]);
    const problems = suppressionProblems("f", suppressions, () => "# rampart:ignore a/c");
    expect(problems.map((problem) => [problem.ruleId, problem.location.line])).toEqual([
      ["rampart/suppression-without-reason", 3],
    ]);
  });
});

describe("gosec and bandit markers", () => {
  it("suppress sast findings of the hazards they name, with a reason, as evidence", () => {
    const go = [
      "package main", // 1
      "f, _ := os.Open(path) // #nosec G304 -- the operator names the log file", // 2
      "//#nosec G204", // 3 -> 4, no reason: applies, and says so
      "exec.Command(prog).Run()",
      "http.Get(url) /* #nosec G101 -- wrong code */", // 5: G101 does not cover ssrf
      "x := build(y) // #nosec -- generated code, reviewed upstream", // 6: every sast rule
    ].join("\n");
    const suppressions = extractSuppressions(go, "cmd/tail/main.go");
    expect(
      suppressions.map(({ line, target, ruleIds, reason }) => ({ line, target, ruleIds, reason })),
    ).toEqual([
      { line: 2, target: 2, ruleIds: ["G304"], reason: "the operator names the log file" },
      { line: 3, target: 4, ruleIds: ["G204"], reason: "" },
      { line: 5, target: 5, ruleIds: ["G101"], reason: "wrong code" },
      { line: 6, target: 6, ruleIds: [], reason: "generated code, reviewed upstream" },
    ]);
    const path = "cmd/tail/main.go";
    const findings = [
      finding("sast/path-traversal", path, 2),
      finding("sast/unvalidated-local-input", path, 2),
      finding("secrets/generic-api-key", path, 2),
      finding("sast/dynamic-shell-command", path, 4),
      finding("sast/ssrf", path, 5),
      finding("sast/sql-injection", path, 6),
    ];
    applyInlineSuppressions(findings, new Map([[path, suppressions]]));
    expect(findings.map((item) => item.suppression?.reason ?? null)).toEqual([
      "gosec #nosec G304: the operator names the log file",
      "gosec #nosec G304: the operator names the log file",
      null,
      "gosec #nosec G204: no justification given",
      null,
      "gosec #nosec: generated code, reviewed upstream",
    ]);
    // another tool's syntax: a marker without a reason is not reported as a bad directive
    expect(suppressionProblems(path, suppressions, () => "")).toEqual([]);
  });

  it("cover, for gosec, the block or literal the marked line opens", () => {
    const go = [
      "package main", // 1
      "func main() {", // 2
      "\t_ = DBConfig{ // #nosec G101", // 3: covers 3-6
      '\t\tName: "a}b",', // 4: a brace in a string is text
      '\t\tPassword: "f62e5bcda4fae4f82370da0c6f20697b8f8447ef",', // 5
      "\t}", // 6
      '\tpassword := "f62e5bcda4fae4f82370da0c6f20697b8f8447ef"', // 7
      "\t// #nosec G101 -- help text, not credentials", // 8 -> 9: covers 9-13
      "\tlong := `", // 9
      '\turl: "postgres://user:pass@host/db" }', // 10: inside the raw string
      "`", // 11
      "\thelp := Help{Long: long,", // 12 -> opens, closed on 13; not 8's target
      "\t}", // 13
      "}", // 14
    ].join("\n");
    const path = "main.go";
    const suppressions = extractSuppressions(go, path);
    expect(suppressions.map(({ target, targetEnd }) => [target, targetEnd])).toEqual([
      [3, 6],
      [9, 11],
    ]);
    const findings = [
      finding("sast/hardcoded-credential", path, 5),
      finding("secrets/generic-high-entropy-assignment", path, 5),
      finding("sast/hardcoded-credential", path, 7),
      finding("secrets/database-url-password", path, 10),
      finding("sast/hardcoded-credential", path, 12),
    ];
    applyInlineSuppressions(findings, new Map([[path, suppressions]]));
    expect(findings.map((item) => item.suppression?.source ?? null)).toEqual([
      "main.go:3",
      "main.go:3",
      null,
      "main.go:8",
      null,
    ]);
  });

  it("read bandit's nosec only in Python and gosec's only in Go", () => {
    const python = "subprocess.call(cmd, shell=True)  # nosec B602 -- admin tool, fixed input\n";
    expect(extractSuppressions(python, "tools/run.py")[0]).toMatchObject({
      ruleIds: ["B602"],
      reason: "admin tool, fixed input",
      peer: { tool: "bandit", codes: ["B602"] },
    });
    expect(extractSuppressions(python, "tools/run.rb")).toEqual([]);
    // inside a string it is text, not a marker
    expect(extractSuppressions("subprocess.Popen('#nosec', shell=True)\n", "run.py")).toEqual([]);
    expect(extractSuppressions('exec.Command("sh", "-c", "//#nosec")\n', "run.go")).toEqual([]);
    // a marker on the last line of a call spanning lines covers the finding reported at its start
    const spanning = "subprocess.Popen(cmd,\n    shell=True)  # nosec B602 -- fixed command\n";
    const found = finding("sast/dynamic-shell-command", "run.py", 1);
    found.location.endLine = 2;
    applyInlineSuppressions([found], new Map([["run.py", extractSuppressions(spanning, "run.py")]]));
    expect(found.suppression?.reason).toBe("bandit nosec B602: fixed command");
    // the invoking user's input is the audit rule's finding now: the sink's bandit code covers it
    const local = "urllib.request.urlopen(sys.argv[1])  # nosec B310 -- the user names the URL\n";
    const audit = finding("sast/unvalidated-local-input", "fetch.py", 1);
    applyInlineSuppressions([audit], new Map([["fetch.py", extractSuppressions(local, "fetch.py")]]));
    expect(audit.suppression?.reason).toBe("bandit nosec B310: the user names the URL");
    expect(extractSuppressions("x := 1 # nosec -- no\n", "main.go")).toEqual([]);
    expect(extractSuppressions(python)).toEqual([]);
  });

  it("cover the audit tier's rules for the codes bandit reports them under", () => {
    const python = [
      "os.system('/bin/echo hi')  # nosec B605 -- fixed command", // 1
      "tree = xml.etree.ElementTree.parse(path)  # nosec B314 -- our own config file", // 2
      "ok = eval(expression)  # nosec B307 -- calculator sandbox", // 3
      "cur.execute(RawSQL(query))  # nosec B611 -- vetted", // 4
      "urllib.request.urlopen(url)  # nosec B404", // 5: B404 is about importing subprocess
    ].join("\n");
    const path = "tools/run.py";
    const findings = [
      finding("sast/shell-process-start", path, 1),
      finding("sast/xml-parser-not-hardened", path, 2),
      finding("sast/code-evaluation", path, 3),
      finding("sast/raw-sql-fragment", path, 4),
      finding("sast/unrestricted-url-scheme", path, 5),
    ];
    applyInlineSuppressions(findings, new Map([[path, extractSuppressions(python, path)]]));
    expect(findings.map((item) => item.suppression?.reason ?? null)).toEqual([
      "bandit nosec B605: fixed command",
      "bandit nosec B314: our own config file",
      "bandit nosec B307: calculator sandbox",
      "bandit nosec B611: vetted",
      null,
    ]);
  });
});

describe("config suppressions", () => {
  it("match rule and gitignore-style paths", () => {
    const findings = [
      finding("a/b", "test/x.tf", 1),
      finding("a/b", "main.tf", 1),
      finding("a/c", "test/y.tf", 1),
    ];
    applyConfigSuppressions(findings, [
      { rule: "a/b", paths: ["test/"], reason: "fixtures", source: ".rampart.yaml" },
    ]);
    expect(findings.map((item) => item.suppression?.kind ?? null)).toEqual(["config", null, null]);
  });
});
