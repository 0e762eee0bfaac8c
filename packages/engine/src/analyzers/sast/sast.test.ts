import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { classify } from "../../classify.ts";
import { SourceFile } from "../../source.ts";
import { pythonAliases } from "./aliases.ts";
import { sastAnalyzer } from "./analyzer.ts";
import { LANGUAGES, parseSource } from "./model.ts";
import { patternMatches } from "./patterns.ts";

const FIXTURES = join(import.meta.dirname, "fixtures");
const TAINT_RULES = [
  "prototype-pollution",
  "sql-injection",
  "nosql-injection",
  "command-injection",
  "code-injection",
  "path-traversal",
  "ssrf",
  "open-redirect",
  "xss",
  "ldap-injection",
  "xpath-injection",
  "trust-boundary-violation",
  "log-injection",
  "smtp-address-injection",
  "unhardened-decoding",
];

function run(path: string, text: string, ruleId?: string) {
  const file = new SourceFile(path, text);
  return analyzeFile(
    file,
    classify(path, text),
    [sastAnalyzer as Analyzer],
    ruleId ? (id) => id === ruleId : undefined,
  );
}

beforeAll(async () => {
  await sastAnalyzer.prepare?.();
});

describe("taint paths", () => {
  // Each fixture marks the source of its first positive with a trailing `taint: source` comment:
  // the first finding must point at the sink below the first `ruleid:` and name that source line.
  for (const rule of TAINT_RULES) {
    // Folders are small projects of several files (cross-file summaries), tested on their own.
    for (const name of readdirSync(join(FIXTURES, rule)).filter((entry) => entry.includes("."))) {
      it(`${rule} in ${name}: the finding shows the source and sink lines`, () => {
        const text = readFileSync(join(FIXTURES, rule, name), "utf8");
        const lines = text.split("\n");
        const sourceLine = lines.findIndex((line) => /taint: source/.test(line)) + 1;
        const annotation = lines.findIndex((line) => line.includes(`ruleid: sast/${rule}`));
        expect(sourceLine, "fixture marks its source").toBeGreaterThan(0);
        expect(annotation, "fixture has a positive").toBeGreaterThanOrEqual(0);
        let sinkLine = annotation + 2;
        while (/^\s*(?:\/\/|#)\s*(?:ruleid|ok):/.test(lines[sinkLine - 1] ?? "")) sinkLine++;
        const result = run(name, text, `sast/${rule}`);
        expect(result.problems).toEqual([]);
        const finding = result.findings.find((candidate) => candidate.location.line === sinkLine);
        expect(finding, `a finding at line ${sinkLine}`).toBeDefined();
        expect(finding!.related[0]?.location.line).toBe(sourceLine);
        expect(finding!.message).toContain(`from line ${sourceLine}`);
      });
    }
  }
});

describe("the invoking user's input is the audit tier in every language", () => {
  // A program's own arguments, environment and standard input reach a sink: the audit rule reports
  // the flow at low severity, the hazard's taint rule does not; request data stays the taint rule's.
  const cases: [string, string, number, string][] = [
    ["tool.py", 'import os\nimport sys\n\nopen(sys.argv[1])\nopen(os.getenv("LOG"))\n', 4, "path-traversal"],
    ["tool.js", 'const fs = require("fs");\n\nfs.readFileSync(process.argv[2]);\n', 3, "path-traversal"],
    // a parameter source carries the tier too: `main(String[] args)`
    [
      "Tool.java",
      "class Tool {\n  public static void main(String[] args) throws Exception {\n    Runtime.getRuntime().exec(args[0]);\n  }\n}\n",
      3,
      "command-injection",
    ],
  ];
  for (const [path, text, line, hazard] of cases) {
    it(`${path}: sast/unvalidated-local-input, not sast/${hazard}`, () => {
      expect(run(path, text, `sast/${hazard}`).findings).toEqual([]);
      const audit = run(path, text, "sast/unvalidated-local-input").findings;
      expect(audit.map((finding) => finding.location.line)).toContain(line);
      expect(audit.every((finding) => finding.severity === "low")).toBe(true);
    });
  }

  it("request data stays the taint rule's: a Spring parameter, a Flask route parameter", () => {
    const java =
      'class Ping {\n  void ping(@RequestParam String host) throws Exception {\n    Runtime.getRuntime().exec("ping " + host);\n  }\n}\n';
    expect(run("Ping.java", java, "sast/command-injection").findings.map((f) => f.location.line)).toEqual([
      3,
    ]);
    const python = '@app.route("/f/<name>")\ndef f(name):\n    return open(name).read()\n';
    expect(run("views.py", python, "sast/path-traversal").findings.map((f) => f.location.line)).toEqual([3]);
    expect(run("views.py", python, "sast/unvalidated-local-input").findings).toEqual([]);
  });
});

describe("test code", () => {
  it("reports a hard-coded credential in a test path at low severity, elsewhere at the rule's", () => {
    const text = 'API_TOKEN = "tk-9f8e7d6c5b4a3210"\n';
    const inTest = run("tests/test_client.py", text, "sast/hardcoded-credential");
    const inApp = run("app/client.py", text, "sast/hardcoded-credential");
    expect(inTest.findings.map((finding) => finding.severity)).toEqual(["low"]);
    expect(inApp.findings.map((finding) => finding.severity)).toEqual(["high"]);
  });

  it("skips pattern rules meant for production code in test paths", () => {
    const text = "def test_admin(user):\n    assert user.is_admin\n";
    expect(run("tests/test_admin.py", text, "sast/assert-used-for-security").findings).toEqual([]);
    expect(run("admin.py", text, "sast/assert-used-for-security").findings).toHaveLength(1);
  });
});

describe("parse", () => {
  it("skips files with syntax errors and says where", () => {
    const result = parseSource(new SourceFile("broken.py", "def f(:\n  return\n"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^python syntax error at line 1/);
    const js = run("broken.js", "const x = ;\n");
    expect(js.problems.map((problem) => problem.reason)).toEqual([
      "javascript syntax error at line 1, column 9",
    ]);
  });

  it("never throws on random input (property)", () => {
    const names = fc.constantFrom("a.js", "a.ts", "a.tsx", "a.py", "a.go", "A.java");
    const code = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            "req.query.id",
            " + ",
            "(",
            ")",
            "{",
            "}",
            "db.query(",
            "exec(",
            "x = ",
            "\n",
            '"',
            "`${",
            "if not x in A: return\n",
            "request.args['a']",
            "os.Args[1]",
            'request.getParameter("a")',
            ";",
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(names, code, (name, text) => {
        const result = run(name, text);
        expect(result.problems.every((problem) => !/crashed|failed/.test(problem.reason))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("rule data", () => {
  it("every pattern compiles in its grammar (ast-grep throws on unknown kinds)", () => {
    const samples = {
      javascript: "x",
      typescript: "x",
      tsx: "x",
      python: "x",
      go: "package m",
      java: "class A {}",
      template: "<p>{{ x }}</p>",
    };
    for (const [name, spec] of Object.entries(LANGUAGES)) {
      const parsed = parseSource(
        new SourceFile(
          `a.${{ javascript: "js", typescript: "ts", tsx: "tsx", python: "py", go: "go", java: "java", template: "html" }[name]}`,
          samples[name as keyof typeof samples],
        ),
      );
      expect(parsed.ok, name).toBe(true);
      if (!parsed.ok) continue;
      // run each rule directly: the text prefilter would skip it on this sample
      for (const pattern of spec.patterns)
        expect(
          () => parsed.model.root.findAll({ rule: pattern.rule, constraints: pattern.constraints } as never),
          `${name} ${pattern.hazard}`,
        ).not.toThrow();
      expect(patternMatches(parsed.model, "weak-hash")).toEqual([]);
    }
  });
});

describe("fixes", () => {
  function fixedLines(path: string, text: string, ruleId: string): string[] {
    return run(path, text, ruleId)
      .findings.filter((finding) => finding.fix)
      .map((finding) => {
        const edit = finding.fix!.edits[0]!;
        const bytes = Buffer.from(text);
        const fixed = Buffer.concat([
          bytes.subarray(0, edit.start),
          Buffer.from(edit.text),
          bytes.subarray(edit.end),
        ]);
        return fixed.toString().split("\n")[finding.location.line - 1]!.trim();
      });
  }

  it("turns inline SQL building into bind parameters (JS, Python, Go)", () => {
    expect(
      fixedLines(
        "a.js",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
        'const mysql = require("mysql");\napp.get("/", (req, res) => {\n  const id = req.query.id;\n  db.query("SELECT * FROM t WHERE id = \'" + id + "\'");\n  db.query(`SELECT * FROM t WHERE a = ${id} AND b = \'${req.query.b}\'`);\n});\n',
        "sast/sql-injection",
      ),
    ).toEqual([
      'db.query("SELECT * FROM t WHERE id = ?", [id]);',
      'db.query("SELECT * FROM t WHERE a = ? AND b = ?", [id, req.query.b]);',
    ]);
    expect(
      fixedLines(
        "a.py",
        'import sqlite3\nfrom flask import request\ndef f():\n    uid = request.args["id"]\n    cursor.execute("SELECT * FROM t WHERE id = \'%s\'" % uid)\n    cursor.execute(f"SELECT * FROM t WHERE id = {uid} AND n = \'{uid}\'")\n',
        "sast/sql-injection",
      ),
    ).toEqual([
      'cursor.execute("SELECT * FROM t WHERE id = ?", (uid,))',
      'cursor.execute("SELECT * FROM t WHERE id = ? AND n = ?", (uid, uid))',
    ]);
    expect(
      fixedLines(
        "a.go",
        'package m\n\nimport _ "github.com/lib/pq"\n\nfunc h(w http.ResponseWriter, r *http.Request) {\n\tid := r.FormValue("id")\n\tdb.Query("SELECT * FROM t WHERE id = " + id)\n}\n',
        "sast/sql-injection",
      ),
    ).toEqual(['db.Query("SELECT * FROM t WHERE id = $1", id)']);
  });

  it("flips unsafe flags and swaps yaml.load for yaml.safe_load", () => {
    expect(fixedLines("c.py", "requests.get(url, verify=False)\n", "sast/tls-verification-disabled")).toEqual(
      ["requests.get(url, verify=True)"],
    );
    expect(fixedLines("c.py", "config = yaml.load(stream)\n", "sast/unsafe-deserialization")).toEqual([
      "config = yaml.safe_load(stream)",
    ]);
    expect(
      fixedLines(
        "c.js",
        "const a = new https.Agent({ rejectUnauthorized: false });\n",
        "sast/tls-verification-disabled",
      ),
    ).toEqual(["const a = new https.Agent({ rejectUnauthorized: true });"]);
    expect(
      fixedLines(
        "c.go",
        "package m\n\nvar c = &tls.Config{InsecureSkipVerify: true}\n",
        "sast/tls-verification-disabled",
      ),
    ).toEqual(["var c = &tls.Config{InsecureSkipVerify: false}"]);
  });
});

describe("redos-regex on hostile literals", () => {
  it("judges long and deeply nested regex literals quickly", () => {
    const long = `const A = /(${"a+".repeat(20_000)}b)+/;\n`;
    const nested = `const B = /${"(".repeat(2_000)}a+${")+".repeat(2_000)}/;\n`;
    const shallow = `const C = /${"(".repeat(100)}a+${")+".repeat(100)}/;\n`;
    const started = performance.now();
    const result = run("regexes.js", long + nested + shallow, "sast/redos-regex");
    expect(result.problems).toEqual([]);
    // literals past 400 characters are not judged; the shorter nested one is, once
    expect(result.findings.map((finding) => finding.location.line)).toEqual([3]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("python import aliases", () => {
  it("maps local names to module paths, only for modules the pattern rules name", () => {
    const text = [
      "import subprocess as sp",
      "from os import path, popen",
      "from django.db import models",
      "from pickle import (loads as unpickle, dumps)",
      "from .local import helper",
      "",
    ].join("\n");
    expect(Object.fromEntries(pythonAliases(text))).toEqual({
      sp: "subprocess",
      popen: "os.popen",
      unpickle: "pickle.loads",
      dumps: "pickle.dumps",
    });
  });
});

describe("java properties files", () => {
  it("judges an algorithm read with getProperty by the project's properties file, then by its default", () => {
    const servlet = [
      "package shop.web;",
      "import javax.servlet.http.HttpServletRequest;",
      "public class Store {",
      "  void run(HttpServletRequest request) throws Exception {",
      "    java.util.Properties props = new java.util.Properties();",
      '    props.load(getClass().getClassLoader().getResourceAsStream("app.properties"));',
      '    String first = props.getProperty("hashAlg1", "SHA512");',
      "    java.security.MessageDigest.getInstance(first);",
      '    String second = props.getProperty("hashAlg2", "MD5");',
      "    java.security.MessageDigest.getInstance(second);",
      '    String missing = props.getProperty("hashAlg3", "MD5");',
      "    java.security.MessageDigest.getInstance(missing);",
      "  }",
      "}",
    ].join("\n");
    const files = new Map([
      ["src/main/resources/app.properties", "# algorithms\nhashAlg1=MD5\nhashAlg2 = SHA-256\n"],
    ]);
    const path = "src/main/java/shop/web/Store.java";
    const file = new SourceFile(path, servlet, { readSibling: (name) => files.get(name) });
    const result = analyzeFile(
      file,
      classify(path, servlet),
      [sastAnalyzer as Analyzer],
      (id) => id === "sast/weak-hash",
    );
    expect(result.findings.map((finding) => finding.location.line)).toEqual([8, 12]);
  });
});
