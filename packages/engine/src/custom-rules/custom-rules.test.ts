import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkRuleFixtures, loadFixtureFolder, runRuleOnFiles } from "../../test/fixture-harness.ts";
import { makeTree } from "../../test/temp-tree.ts";
import { allRules } from "../all-analyzers.ts";
import type { Analyzer } from "../analyzer.ts";
import { sastAnalyzer } from "../analyzers/sast/analyzer.ts";
import { registerLanguages } from "../analyzers/sast/model.ts";
import { scan } from "../scan.ts";
import { customAnalyzer } from "./analyzer.ts";
import { formatProblem, loadCustomRules, parseRuleText } from "./load.ts";
import { mayMatch, requiredWords } from "./pattern.ts";

const HERE = import.meta.dirname;
const EXAMPLES = join(HERE, "examples");
const knownControls = new Set(allRules().flatMap((rule) => rule.controls));

beforeAll(async () => {
  await registerLanguages();
});

describe("example rules (examples/*.yaml) against their fixtures", async () => {
  const loaded = await loadCustomRules({ directories: [EXAMPLES], knownControls });
  it("load without problems", () => {
    expect(loaded.problems.map(formatProblem)).toEqual([]);
    expect(loaded.rules.length).toBeGreaterThanOrEqual(9);
  });
  const analyzer = customAnalyzer(loaded.rules) as Analyzer;
  for (const rule of analyzer.rules) {
    it(`${rule.id} flags exactly its ruleid lines`, () => {
      const report = checkRuleFixtures(analyzer, HERE, rule);
      expect(report.errors).toEqual([]);
    });
  }
  it("every example rule has a fixture folder and every folder a rule", () => {
    const ids = analyzer.rules.map((rule) => rule.id.slice("custom/".length)).sort();
    expect(readdirSync(join(HERE, "fixtures")).sort()).toEqual(ids);
  });
});

describe("validation: file, line, what is wrong", () => {
  const problems = (text: string) => parseRuleText(text, "rules.yaml").problems.map(formatProblem);

  it("reports invalid YAML at its line", () => {
    expect(problems("rules:\n  - id: a\n    message: [unclosed\n")).toEqual([
      expect.stringMatching(/^rules\.yaml:[34]: invalid YAML/),
    ]);
  });

  it("reports a file without rules", () => {
    expect(problems("other: 1\n")).toEqual([
      "rules.yaml:1: rules: a rule file lists its rules under rules:",
      "rules.yaml:1: unknown key other",
    ]);
  });

  it("names the key and line of a schema error, and unknown keys", () => {
    const text = [
      "rules:",
      "  - id: no-eval",
      "    languages: [python]",
      "    severity: urgent",
      "    message: eval",
      "    pattern: eval($X)",
      "    patern-not: eval('1')",
    ].join("\n");
    expect(problems(text)).toEqual([
      expect.stringMatching(/^rules\.yaml:4: rule no-eval: severity: Invalid option/),
      "rules.yaml:2: rule no-eval: unknown key patern-not",
    ]);
  });

  it("catches a malformed pattern that ast-grep would compile into a rule matching nothing", () => {
    const text = [
      "rules:",
      "  - id: no-eval",
      "    languages: [python]",
      "    severity: high",
      "    message: eval",
      "    pattern: eval($X",
    ].join("\n");
    expect(problems(text)).toEqual([
      "rules.yaml:6: rule no-eval: pattern is not valid python (line 1, column 1 of the pattern): `eval($X`",
    ]);
  });

  it("checks each pattern in the languages of the rule, and the item of a list", () => {
    const text = [
      "rules:",
      "  - id: weak",
      "    languages: [javascript, go]",
      "    severity: low",
      "    message: weak",
      "    any:",
      "      - md5($X)",
      "      - func {",
    ].join("\n");
    expect(problems(text)).toEqual([
      expect.stringMatching(/^rules\.yaml:8: rule weak: any is not valid javascript/),
    ]);
  });

  it("rejects regular expressions that do not compile or repeat a repeated group", () => {
    const text = [
      "rules:",
      "  - id: to-shell",
      "    mode: taint",
      "    languages: [python]",
      "    severity: high",
      "    message: shell",
      "    sources:",
      "      - regex: '(a+)+$'",
      "    sinks:",
      "      - callee: { regex: 'os\\.system(' }",
    ].join("\n");
    expect(problems(text)).toEqual([
      "rules.yaml:8: rule to-shell: regular expression /(a+)+$/ repeats a repeated group (slow on some input)",
      "rules.yaml:10: rule to-shell: invalid regular expression /os\\.system(/",
    ]);
  });

  it("reports a metavariable regex ast-grep rejects (Rust syntax, not JavaScript's)", () => {
    const text = [
      "rules:",
      "  - id: look-around",
      "    languages: [python]",
      "    severity: low",
      "    message: m",
      "    pattern: f($X)",
      "    metavariables:",
      "      X: { regex: '(?<=a)b' }",
    ].join("\n");
    expect(problems(text)).toEqual([
      "rules.yaml:8: rule look-around: ast-grep rejects the rule for python: the condition on X: `constraints` is not configured correctly.",
    ]);
  });

  it("reports a condition that is none of the known shapes", () => {
    const text = [
      "rules:",
      "  - id: acl",
      "    resource: aws_s3_bucket",
      "    severity: low",
      "    message: m",
      "    where: { attribute: acl, equal: public-read }",
    ].join("\n");
    expect(problems(text)).toEqual([
      "rules.yaml:6: rule acl: where: unknown key equal",
      "rules.yaml:6: rule acl: where: an attribute condition takes exactly one of equals, not-equals, in, matches",
    ]);
  });

  it("refuses unknown controls and duplicate ids across files", async () => {
    const tree = makeTree({
      ".rampart/rules/a.yaml":
        "rules:\n  - id: r1\n    resource: aws_instance\n    severity: low\n    message: m\n    controls: [IAC-ZZZ-99]\n    where: { missing: tags }\n",
      ".rampart/rules/b.yaml":
        "rules:\n  - id: r2\n    resource: aws_instance\n    severity: low\n    message: m\n    where: { missing: tags }\n  - id: r2\n    resource: aws_instance\n    severity: low\n    message: m\n    where: { missing: ami }\n",
    });
    try {
      const loaded = await loadCustomRules({ root: tree.root, knownControls });
      expect(loaded.problems.map(formatProblem).sort()).toEqual([
        ".rampart/rules/a.yaml:6: rule r1: unknown control IAC-ZZZ-99 (name a control the built-in rules evidence)",
        ".rampart/rules/b.yaml:7: rule id r2 is already used at .rampart/rules/b.yaml:2",
      ]);
      expect(loaded.rules.map((definition) => definition.rule.id)).toEqual(["r2"]);
    } finally {
      tree.remove();
    }
  });

  it("refuses deep nesting, oversized files and a symbolic link for a rules folder", async () => {
    const deep = `rules:\n  - id: d\n    resource: aws_instance\n    severity: low\n    message: m\n    where: ${"{not: ".repeat(5000)}{missing: tags}${"}".repeat(5000)}\n`;
    expect(problems(deep)).toEqual(["rules.yaml:1: nested deeper than 200 levels"]);
    const tree = makeTree({
      "real/rules.yaml": "rules: []\n",
      "repo/.rampart/rules/big.yaml": `# ${"x".repeat(300 * 1024)}\n`,
      "linked/placeholder": "",
    });
    try {
      const big = await loadCustomRules({ root: join(tree.root, "repo") });
      expect(big.problems.map(formatProblem)).toEqual([".rampart/rules/big.yaml: larger than 256 KB"]);
      mkdirSync(join(tree.root, "linked", ".rampart"), { recursive: true });
      symlinkSync(join(tree.root, "real"), join(tree.root, "linked", ".rampart", "rules"));
      const linked = await loadCustomRules({ root: join(tree.root, "linked") });
      expect(linked.problems.map(formatProblem)).toEqual([
        ".rampart/rules: the rules folder is a symbolic link; not read",
      ]);
      mkdirSync(join(tree.root, "outside", "rules"), { recursive: true });
      writeFileSync(join(tree.root, "outside", "rules", "r.yaml"), "rules: []\n");
      mkdirSync(join(tree.root, "parent-linked"));
      symlinkSync(join(tree.root, "outside"), join(tree.root, "parent-linked", ".rampart"));
      const parent = await loadCustomRules({ root: join(tree.root, "parent-linked") });
      expect(parent.problems.map(formatProblem)).toEqual([
        ".rampart/rules: leads outside the repository (a symbolic link); not read",
      ]);
    } finally {
      tree.remove();
    }
  });

  it("never throws on hostile input", () => {
    for (const text of [
      "",
      "rules: 3",
      "rules: [1, null, 'x']",
      "a: &a [*a]",
      "rules:\n  - !!binary AAAA",
      "- - - -",
      "\u0000",
    ]) {
      expect(() => parseRuleText(text, "x.yaml")).not.toThrow();
      expect(parseRuleText(text, "x.yaml").rules).toEqual([]);
    }
  });
});

describe("taint rules", () => {
  it("report at the sink, name the source's line, and carry the path", async () => {
    const loaded = await loadCustomRules({ directories: [EXAMPLES] });
    const analyzer = customAnalyzer(loaded.rules) as Analyzer;
    const rule = analyzer.rules.find((item) => item.id === "custom/request-data-in-raw-report-query")!;
    const { files } = loadFixtureFolder(join(HERE, "fixtures", "request-data-in-raw-report-query"));
    const [finding] = runRuleOnFiles(analyzer, rule, files).findings;
    expect(finding).toMatchObject({
      ruleId: "custom/request-data-in-raw-report-query",
      severity: "critical",
      message:
        "Request data reaches the reporting database's raw SQL (HTTP request data from line 10 reaches `run_raw_report`)",
      location: { line: 13 },
      properties: { category: "custom", ruleFile: expect.stringMatching(/taint\.yaml$/), sourceLine: 10 },
    });
    expect(finding!.related.map((item) => [item.location.line, item.message])).toEqual([
      [10, "source: HTTP request data"],
      [10, "step: `region`"],
      [11, "step: `sql`"],
    ]);
  });
});

describe("prefilter", () => {
  it("derives the words a match needs from the pattern, without metavariables; context patterns need none", () => {
    const rule = (text: string) => {
      const parsed = parseRuleText(text, "r.yaml");
      expect(parsed.problems).toEqual([]);
      const definition = parsed.rules[0]!;
      if (definition.kind !== "pattern") throw new Error("not a pattern rule");
      return definition.rule;
    };
    const head = "rules:\n  - id: r\n    languages: [python]\n    severity: low\n    message: m\n";
    const words = requiredWords(rule(`${head}    any: ["yaml.load($$$ARGS)", "$X.unsafe_load($Y)"]\n`));
    expect(words).toEqual([["yaml", "load"], ["unsafe_load"]]);
    expect(mayMatch(words, "import yaml\nyaml.safe_load(x)")).toBe(true);
    expect(mayMatch(words, "loader.unsafe_load(x)")).toBe(true);
    expect(mayMatch(words, "import json\n")).toBe(false);
    const context = requiredWords(
      rule(`${head}    pattern: { context: "def f():\\n  eval($X)", selector: call }\n`),
    );
    expect(mayMatch(context, "")).toBe(true);
  });
});

/**
 * Built-in pattern rules written in the custom format: same findings (line, column, end) on the
 * built-in rule's own fixtures. The format can say what the built-ins say.
 */
describe("built-in rules re-expressed as custom rules", () => {
  const cases = [
    {
      builtin: "sast/ssh-host-key-not-verified",
      yaml: `rules:
  - id: ssh-host-key-not-verified
    languages: [go, python]
    severity: high
    message: host key not verified
    any:
      - ssh.InsecureIgnoreHostKey()
      - $CLIENT.set_missing_host_key_policy($POLICY)
    metavariables:
      POLICY: { regex: '^(?:paramiko\\.)?(?:client\\.)?(?:AutoAddPolicy|WarningPolicy)\\b' }
`,
    },
    {
      builtin: "sast/spring-csrf-disabled",
      yaml: `rules:
  - id: spring-csrf-disabled
    languages: [java]
    severity: med
    message: csrf disabled
    any:
      - $HTTP.csrf().disable()
      - $HTTP.csrf($C -> $C.disable())
      - $HTTP.csrf($C -> { $C.disable(); })
      - $HTTP.csrf($CONFIGURER::disable)
`,
    },
    {
      builtin: "sast/unsafe-package-use",
      yaml: `rules:
  - id: unsafe-package-use
    languages: [go]
    severity: low
    message: unsafe
    # alone, Go reads a one-argument call as a conversion: the context makes it a call
    pattern:
      context: "func f() { unsafe.$FUNCTION($$$ARGS) }"
      selector: call_expression
    metavariables:
      FUNCTION: { regex: '^(?:Pointer|Slice|String|StringData|SliceData|Add)$' }
`,
    },
  ];
  for (const { builtin, yaml } of cases) {
    it(`${builtin}: identical findings on its fixtures`, () => {
      const parsed = parseRuleText(yaml, "builtin.yaml");
      expect(parsed.problems).toEqual([]);
      const custom = customAnalyzer(parsed.rules) as Analyzer;
      const name = builtin.slice("sast/".length);
      const { files } = loadFixtureFolder(join(HERE, "../analyzers/sast/fixtures", name));
      const builtinRule = sastAnalyzer.rules.find((rule) => rule.id === builtin)!;
      const expected = runRuleOnFiles(sastAnalyzer as Analyzer, builtinRule, files);
      const actual = runRuleOnFiles(custom, custom.rules[0]!, files);
      const where = (findings: typeof expected.findings) =>
        findings.map((finding) => ({
          path: finding.location.path,
          line: finding.location.line,
          column: finding.location.column,
          endLine: finding.location.endLine,
          endColumn: finding.location.endColumn,
        }));
      expect(expected.findings.length).toBeGreaterThan(0);
      expect(actual.problems).toEqual([]);
      expect(where(actual.findings)).toEqual(where(expected.findings));
    });
  }
});

describe("scans", () => {
  const ruleFile = readFileSync(join(EXAMPLES, "infrastructure.yaml"), "utf8");
  const bucket = 'resource "aws_s3_bucket" "site" {\n  acl = "public-read"\n}\n';

  it("load .rampart/rules/ from the scanned folder; findings carry custom/<id> and the rule metadata", async () => {
    const tree = makeTree({ ".rampart/rules/infra.yaml": ruleFile, "main.tf": bucket });
    try {
      const result = await scan(tree.root, { workers: 0 });
      const finding = result.findings.find((item) => item.ruleId === "custom/bucket-with-public-acl");
      expect(finding).toMatchObject({
        analyzer: "custom",
        severity: "high",
        location: { path: "main.tf", line: 2 },
      });
      expect(finding!.message).toBe("aws_s3_bucket.site grants public access through its ACL");
      expect(result.analyzers.find((run) => run.analyzer === "custom")?.status).toBe("succeeded");
      expect(result.customRules?.map((rule) => rule.id)).toContain("custom/bucket-with-public-acl");
      expect(
        result.customRules?.find((rule) => rule.id === "custom/bucket-with-public-acl")?.controls,
      ).toEqual(["IAC-NET-03"]);
    } finally {
      tree.remove();
    }
  });

  it("disable: and severity overrides apply to custom rules like built-in ones", async () => {
    const tree = makeTree({ ".rampart/rules/infra.yaml": ruleFile, "main.tf": bucket });
    try {
      const disabled = await scan(tree.root, {
        workers: 0,
        disabledRules: ["custom/bucket-with-public-acl"],
      });
      expect(disabled.findings.some((item) => item.ruleId === "custom/bucket-with-public-acl")).toBe(false);
      const lowered = await scan(tree.root, {
        workers: 0,
        severityOverrides: { "custom/bucket-with-public-acl": "low" },
        suppressions: [
          { rule: "custom/bucket-with-public-acl", paths: ["*.tf"], reason: "a public website", source: "t" },
        ],
      });
      const finding = lowered.findings.find((item) => item.ruleId === "custom/bucket-with-public-acl");
      expect(finding?.severity).toBe("low");
      expect(finding?.suppression).toMatchObject({ reason: "a public website" });
    } finally {
      tree.remove();
    }
  });

  it("a broken rule file makes the custom run partial with file and line, and the valid rules still run", async () => {
    const tree = makeTree({
      ".rampart/rules/infra.yaml": ruleFile,
      ".rampart/rules/broken.yaml": "rules:\n  - id: Bad Id\n    resource: aws_instance\n",
      "main.tf": bucket,
    });
    try {
      const result = await scan(tree.root, { workers: 0 });
      const run = result.analyzers.find((item) => item.analyzer === "custom")!;
      expect(run.status).toBe("partial");
      expect(run.skipped[0]).toMatchObject({ path: ".rampart/rules/broken.yaml" });
      expect(run.skipped[0]!.reason).toMatch(/^custom rule: line 2: rule Bad Id: id: an id is lower-case/);
      expect(result.findings.some((item) => item.ruleId === "custom/bucket-with-public-acl")).toBe(true);
    } finally {
      tree.remove();
    }
  });

  it("a scan without rule files has no custom run", async () => {
    const tree = makeTree({ "main.tf": bucket });
    try {
      const result = await scan(tree.root, { workers: 0 });
      expect(result.analyzers.some((run) => run.analyzer === "custom")).toBe(false);
      expect(result.customRules).toBeUndefined();
    } finally {
      tree.remove();
    }
  });

  it("runs custom rules in worker threads too", async () => {
    const tree = makeTree({
      "rules/code.yaml": readFileSync(join(EXAMPLES, "code.yaml"), "utf8"),
      "app/settings.py": "import yaml\n\nconfig = yaml.load(open('c.yaml'))\n",
    });
    try {
      const result = await scan(join(tree.root, "app"), {
        workers: 1,
        ruleDirectories: [join(tree.root, "rules")],
      });
      expect(result.findings.map((item) => [item.ruleId, item.location.line])).toContainEqual([
        "custom/yaml-load-without-safe-loader",
        3,
      ]);
    } finally {
      tree.remove();
    }
  }, 60_000);
});
