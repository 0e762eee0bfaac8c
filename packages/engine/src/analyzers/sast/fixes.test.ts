// The SAST fixes end to end: a finding's edits applied to the file give exactly the expected text,
// the fixed file parses and no longer has that finding, and where the evidence for a mechanical
// rewrite is missing or ambiguous there is no fix at all (a wrong fix PR is worse than advice).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { applyTextEdits } from "../../../test/fixture-harness.ts";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { classify } from "../../classify.ts";
import type { RawFinding } from "../../finding.ts";
import { planFixes } from "../../fix.ts";
import { SourceFile } from "../../source.ts";
import { sastAnalyzer } from "./analyzer.ts";
import { sastRules } from "./rules/index.ts";

function scan(path: string, text: string, ruleId: string) {
  return analyzeFile(
    new SourceFile(path, text),
    classify(path, text),
    [sastAnalyzer as Analyzer],
    (id) => id === ruleId,
  );
}

function apply(text: string, finding: RawFinding): string {
  return applyTextEdits(text, finding.fix!.edits);
}

/** The file after the fix of the finding on `line`; checks the fixed file parses and is clean there. */
function fixed(path: string, text: string, ruleId: string, line: number): string {
  const before = scan(path, text, ruleId);
  expect(before.problems).toEqual([]);
  const finding = before.findings.find((candidate) => candidate.location.line === line);
  expect(finding, `a finding at line ${line}`).toBeDefined();
  expect(finding!.fix, `a fix at line ${line}`).toBeDefined();
  const after = apply(text, finding!);
  const rescan = scan(path, after, ruleId);
  expect(rescan.problems).toEqual([]);
  expect(rescan.findings.length).toBe(before.findings.length - 1);
  return after;
}

function fixes(path: string, text: string, ruleId: string) {
  const result = scan(path, text, ruleId);
  expect(result.problems).toEqual([]);
  expect(result.findings.length).toBeGreaterThan(0);
  return result.findings.map((finding) => finding.fix);
}

beforeAll(async () => {
  await sastAnalyzer.prepare?.();
});

const SQL = "sast/sql-injection";
const RANDOM = "sast/weak-randomness";
const COMMAND = "sast/command-injection";
const SHELL = "sast/dynamic-shell-command";

describe("sql-injection: the placeholder comes from the file's driver", () => {
  const js = (head: string) =>
    `${head}\napp.get("/", (req, res) => {\n  db.query("SELECT * FROM t WHERE id = '" + req.query.id + "'");\n});\n`;

  it("JS: pg and pg-promise take $n, mysql2 and sqlite3 take ?", () => {
    expect(fixed("a.js", js('const { Pool } = require("pg");'), SQL, 3)).toContain(
      'db.query("SELECT * FROM t WHERE id = $1", [req.query.id]);',
    );
    expect(fixed("a.ts", js('import mysql from "mysql2/promise";'), SQL, 3)).toContain(
      'db.query("SELECT * FROM t WHERE id = ?", [req.query.id]);',
    );
    const sqlite = js('import sqlite3 from "sqlite3";').replace("db.query(", "db.all(");
    expect(fixed("a.mjs", sqlite, SQL, 3)).toContain(
      'db.all("SELECT * FROM t WHERE id = ?", [req.query.id]);',
    );
    // the driver decides the methods too: pg's clients have no execute, sqlite3's no query
    expect(fixes("a.js", js('const pg = require("pg");').replace("db.query(", "db.execute("), SQL)).toEqual([
      undefined,
    ]);
    expect(fixes("a.mjs", js('import sqlite3 from "sqlite3";'), SQL)).toEqual([undefined]);
  });

  it("JS: placeholders only where SQL takes a value", () => {
    const query = (sql: string) =>
      `const mysql = require("mysql");\napp.get("/", (req, res) => {\n  const q = req.query.q;\n  db.query(${sql});\n});\n`;
    expect(fixed("a.js", query(`"INSERT INTO t (a, b) VALUES ('" + q + "', " + q + ")"`), SQL, 4)).toContain(
      'db.query("INSERT INTO t (a, b) VALUES (?, ?)", [q, q]);',
    );
    expect(fixed("a.js", query(`"UPDATE t SET n = '" + q + "' WHERE id <> " + q`), SQL, 4)).toContain(
      'db.query("UPDATE t SET n = ? WHERE id <> ?", [q, q]);',
    );
    for (const sql of [
      '"SELECT * FROM t ORDER BY " + q',
      '"SELECT * FROM t WHERE id IN (" + q + ")"',
      '"SELECT * FROM t LIMIT " + q',
      '"SELECT a, " + q + " FROM t"',
      '"SELECT * FROM t WHERE id = " + q + q',
      '"SELECT * FROM t WHERE id = x" + q',
      '"SELECT * FROM t WHERE a = 1 AND " + q',
    ]) {
      expect(fixes("a.js", query(sql), SQL), sql).toEqual([undefined]);
    }
  });

  it("JS: existing placeholders are evidence when the driver sits behind a wrapper", () => {
    const text = `${js('const db = require("./db");')}function other(id) {\n  return db.query("SELECT * FROM u WHERE id = $1", [id]);\n}\n`;
    expect(fixed("a.js", text, SQL, 3)).toContain(
      'db.query("SELECT * FROM t WHERE id = $1", [req.query.id]);',
    );
  });

  it("JS: no fix without evidence, with conflicting evidence, or for another call shape", () => {
    expect(fixes("a.js", js('const db = require("./db");'), SQL)).toEqual([undefined]);
    expect(fixes("a.js", js('const pg = require("pg");\nconst mysql = require("mysql");'), SQL)).toEqual([
      undefined,
    ]);
    expect(fixes("a.js", js('const { Sequelize } = require("sequelize");'), SQL)).toEqual([undefined]);
    // better-sqlite3's exec takes no values; sqlite3's run/all/get do, pg's client has none
    expect(
      fixes(
        "a.js",
        'const pg = require("pg");\napp.get("/", (req, res) => {\n  db.get("SELECT * FROM t WHERE id = " + req.query.id);\n});\n',
        SQL,
      ),
    ).toEqual([undefined]);
    // a value inside a LIKE pattern cannot become a placeholder in place
    expect(
      fixes(
        "a.js",
        'const pg = require("pg");\napp.get("/", (req, res) => {\n  db.query("SELECT * FROM t WHERE n LIKE \'%" + req.query.q + "%\'");\n});\n',
        SQL,
      ),
    ).toEqual([undefined]);
  });

  const py = (head: string) =>
    `${head}\nfrom flask import request\n\ndef f():\n    uid = request.args["id"]\n    cursor.execute("SELECT * FROM t WHERE id = '%s'" % uid)\n    cursor.execute(f"SELECT * FROM t WHERE id = {uid}")\n`;

  it("Python: psycopg2, pymysql and Django take %s; sqlite3 takes ?", () => {
    for (const head of ["import psycopg2", "import pymysql", "from django.db import connection"]) {
      expect(fixed("a.py", py(head), SQL, 6)).toContain(
        'cursor.execute("SELECT * FROM t WHERE id = %s", (uid,))',
      );
      expect(fixed("a.py", py(head), SQL, 7)).toContain(
        'cursor.execute("SELECT * FROM t WHERE id = %s", (uid,))',
      );
    }
    expect(fixed("a.py", py("import sqlite3"), SQL, 6)).toContain(
      'cursor.execute("SELECT * FROM t WHERE id = ?", (uid,))',
    );
    expect(fixed("a.py", py("import sqlite3"), SQL, 7)).toContain(
      'cursor.execute("SELECT * FROM t WHERE id = ?", (uid,))',
    );
  });

  it("Python: no fix without a driver, with two, or through SQLAlchemy", () => {
    expect(fixes("a.py", py("import os"), SQL)).toEqual([undefined, undefined]);
    expect(fixes("a.py", py("import sqlite3\nimport psycopg2"), SQL)).toEqual([undefined, undefined]);
    expect(fixes("a.py", py("import psycopg2\nfrom sqlalchemy import text"), SQL)).toEqual([
      undefined,
      undefined,
    ]);
  });

  const go = (driver: string) =>
    `package m\n\nimport (\n\t"database/sql"\n\t"net/http"\n\n\t_ "${driver}"\n)\n\nfunc h(db *sql.DB, r *http.Request) {\n\tid := r.FormValue("id")\n\tdb.Query("SELECT * FROM t WHERE id = " + id)\n}\n`;

  it("Go: lib/pq and pgx take $n, go-sql-driver/mysql and go-sqlite3 take ?", () => {
    for (const driver of ["github.com/lib/pq", "github.com/jackc/pgx/v5/stdlib"]) {
      expect(fixed("a.go", go(driver), SQL, 12)).toContain('db.Query("SELECT * FROM t WHERE id = $1", id)');
    }
    for (const driver of ["github.com/go-sql-driver/mysql", "github.com/mattn/go-sqlite3"]) {
      expect(fixed("a.go", go(driver), SQL, 12)).toContain('db.Query("SELECT * FROM t WHERE id = ?", id)');
    }
  });

  it("Go: no fix when the driver is registered elsewhere, or through GORM", () => {
    expect(fixes("a.go", go("example.com/internal/dbinit"), SQL)).toEqual([undefined]);
    expect(fixes("a.go", go("gorm.io/gorm"), SQL)).toEqual([undefined]);
  });

  it("Java: advice only (a Statement becomes a PreparedStatement over several lines)", () => {
    const text = readFileSync(join(import.meta.dirname, "fixtures/sql-injection/UserDao.java"), "utf8");
    const result = scan("UserDao.java", text, SQL);
    expect(result.findings.length).toBeGreaterThan(0);
    for (const finding of result.findings) {
      expect(finding.fix).toBeUndefined();
      expect(finding.properties?.fixSuggestion).toMatch(/PreparedStatement/);
    }
  });
});

describe("weak-randomness", () => {
  it("Python: random.choice, randrange(n), getrandbits and simple randint become secrets calls", () => {
    const text =
      '"""Tokens."""\nimport random\n\n\ndef codes(low, high):\n    otp_token = random.randint(100000, 999999)\n    reset_code = str(random.randint(0, 9999))\n    reset_token = random.randint(low, high) * 2\n    api_key = "".join(random.choice(ALPHABET) for _ in range(32))\n    nonce = random.getrandbits(64)\n    salt = random.randrange(1 << 30)\n';
    expect(fixed("a.py", text, RANDOM, 6)).toBe(
      text
        .replace("import random\n", "import random\nimport secrets\n")
        .replace("random.randint(100000, 999999)", "secrets.randbelow(900000) + 100000"),
    );
    expect(fixed("a.py", text, RANDOM, 7)).toContain("reset_code = str(secrets.randbelow(10000))");
    expect(fixed("a.py", text, RANDOM, 8)).toContain(
      "reset_token = (secrets.randbelow(high - low + 1) + low) * 2",
    );
    expect(fixed("a.py", text, RANDOM, 9)).toContain(
      'api_key = "".join(secrets.choice(ALPHABET) for _ in range(32))',
    );
    expect(fixed("a.py", text, RANDOM, 10)).toContain("nonce = secrets.randbits(64)");
    expect(fixed("a.py", text, RANDOM, 11)).toContain("salt = secrets.randbelow(1 << 30)");
  });

  it("Python: no fix for random.random/uniform/sample, complex bounds, or a `secrets` name in use", () => {
    const text =
      "import random\n\n\ndef f(cfg):\n    token = random.random()\n    secret_key = random.sample(CHARS, 16)\n    reset_token = random.randint(cfg.low, cfg.high)\n";
    expect(fixes("a.py", text, RANDOM)).toEqual([undefined, undefined, undefined]);
    const shadow = "import random\nsecrets = load()\n\n\ndef f():\n    token = random.choice(CHARS)\n";
    expect(fixes("a.py", shadow, RANDOM)).toEqual([undefined]);
  });

  it("Java: new Random() becomes new SecureRandom() with its import", () => {
    const text =
      "package app;\n\nimport java.util.Random;\n\npublic class T {\n    long token() {\n        long resetToken = new Random().nextLong();\n        return resetToken;\n    }\n}\n";
    expect(fixed("T.java", text, RANDOM, 7)).toBe(
      text
        .replace(
          "import java.util.Random;\n",
          "import java.util.Random;\nimport java.security.SecureRandom;\n",
        )
        .replace("new Random()", "new SecureRandom()"),
    );
    const seeded = text.replace("new Random()", "new Random(42)");
    expect(fixes("T.java", seeded, RANDOM)).toEqual([undefined]);
    const qualified = text.replace("new Random()", "new java.util.Random()");
    expect(fixed("T.java", qualified, RANDOM, 7)).toContain(
      "long resetToken = new java.security.SecureRandom().nextLong();",
    );
  });

  it("JS/TS: a base-36 token from Math.random becomes crypto.randomBytes, imported in the file's style", () => {
    const cjs =
      'const express = require("express");\n\nconst resetToken = Math.random().toString(36).slice(2);\n';
    expect(fixed("a.js", cjs, RANDOM, 3)).toBe(
      'const express = require("express");\nconst { randomBytes } = require("node:crypto");\n\nconst resetToken = randomBytes(16).toString("hex");\n',
    );
    const esm =
      'import { readFile } from "node:fs/promises";\n\nexport const apiKey = Math.random().toString(36).substring(2, 12);\n';
    expect(fixed("a.ts", esm, RANDOM, 3)).toBe(
      'import { readFile } from "node:fs/promises";\nimport { randomBytes } from "node:crypto";\n\nexport const apiKey = randomBytes(5).toString("hex");\n',
    );
    const namespace =
      'import crypto from "node:crypto";\n\nconst sessionToken = Math.random().toString(36).substr(2, 9);\n';
    expect(fixed("a.mjs", namespace, RANDOM, 3)).toContain(
      'const sessionToken = crypto.randomBytes(5).toString("hex").slice(0, 9);',
    );
  });

  it("JS/TS: no fix in browser code, without module evidence, or for other Math.random shapes", () => {
    expect(fixes("a.js", "const resetToken = Math.random().toString(36).slice(2);\n", RANDOM)).toEqual([
      undefined,
    ]);
    expect(
      fixes(
        "a.tsx",
        'import React from "react";\nconst resetToken = Math.random().toString(36).slice(2);\n',
        RANDOM,
      ),
    ).toEqual([undefined]);
    for (const shape of [
      "Math.floor(Math.random() * limit)",
      "Math.floor(Math.random() * 2.5)",
      "Math.round(Math.random() * 1000000)",
      "Math.random() * 1000000 | 0",
      "Math.floor(1000000 * Math.random())",
      "Math.floor(Math.random() * 281474976710656)",
    ]) {
      expect(fixes("a.js", `const fs = require("fs");\nconst otpCode = ${shape};\n`, RANDOM), shape).toEqual([
        undefined,
      ]);
    }
  });

  it("JS/TS: Math.floor(Math.random() * N) becomes crypto.randomInt(N) for an integer or a length", () => {
    const cjs = 'const fs = require("fs");\n\nconst otpCode = Math.floor(Math.random() * 1000000) + 1;\n';
    expect(fixed("a.js", cjs, RANDOM, 3)).toBe(
      'const fs = require("fs");\nconst { randomInt } = require("node:crypto");\n\nconst otpCode = randomInt(1000000) + 1;\n',
    );
    const namespace =
      'import crypto from "node:crypto";\n\nexport const resetToken = CHARS[Math.floor(Math.random() * CHARS.length)];\n';
    expect(fixed("a.ts", namespace, RANDOM, 3)).toContain(
      "export const resetToken = CHARS[crypto.randomInt(CHARS.length)];",
    );
    const named =
      'import { randomInt } from "node:crypto";\nimport express from "express";\n\nconst resetToken = Math.floor(Math.random() * 10000);\n';
    expect(fixed("a.mjs", named, RANDOM, 4)).toContain("const resetToken = randomInt(10000);");
  });

  it("Go: advice only (crypto/rand is another API)", () => {
    const text = readFileSync(join(import.meta.dirname, "fixtures/weak-randomness/token.go"), "utf8");
    expect(fixes("token.go", text, RANDOM)).toEqual([undefined]);
  });
});

describe("command-injection", () => {
  it("JS: exec of a literal program and words becomes execFile with an argument array", () => {
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      'const { exec } = require("child_process");\n\napp.post("/c", (req, res) => {\n  exec(`convert ${req.body.file} -resize 50% out.png`, { cwd: "/tmp" }, (err) => res.end());\n  child_process.execSync("ping -c 1 " + req.query.host);\n});\n';
    expect(fixed("a.js", text, COMMAND, 4)).toBe(
      text.replace("{ exec }", "{ exec, execFile }").replace(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
        "exec(`convert ${req.body.file} -resize 50% out.png`",
        'execFile("convert", [req.body.file, "-resize", "50%", "out.png"]',
      ),
    );
    expect(fixed("a.js", text, COMMAND, 5)).toContain(
      'child_process.execFileSync("ping", ["-c", "1", req.query.host]);',
    );
  });

  it("JS: no fix when the shell does work (pipes, quotes, globs, $, mixed words) or exec is unknown", () => {
    const cases = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      "cp.exec(`grep ${q} log.txt | wc -l`);",
      'cp.exec("convert \'" + q + "\' out.png");',
      'cp.exec("rm " + q + " *.tmp");',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      "cp.exec(`convert --in=${q} out.png`);",
      'cp.exec("echo $HOME " + q);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      "cp.exec(`${q} --version`);",
    ];
    for (const line of cases) {
      const text = `const cp = require("child_process");\nconst q = req.query.q;\n${line}\n`;
      expect(fixes("a.js", text, COMMAND), line).toEqual([undefined]);
    }
    expect(fixes("a.js", 'const q = req.query.q;\nexec("ping " + q);\n', COMMAND)).toEqual([undefined]);
  });

  it("Python: os.system and shell=True become an argument list without a shell", () => {
    const text =
      'from flask import request\n\nhost = request.args["host"]\nos.system("ping -c 1 " + host)\nsubprocess.run(f"nslookup {host}", shell=True, check=True)\n';
    expect(fixed("a.py", text, COMMAND, 4)).toBe(
      'from flask import request\nimport subprocess\n\nhost = request.args["host"]\nsubprocess.run(["ping", "-c", "1", host], check=False)\nsubprocess.run(f"nslookup {host}", shell=True, check=True)\n',
    );
    expect(fixed("a.py", text, COMMAND, 5)).toContain('subprocess.run(["nslookup", host], check=True)');
  });

  it("Python: no fix when the exit status is used, or the shell does work", () => {
    const text =
      'import os\nfrom flask import request\n\nhost = request.args["host"]\nstatus = os.system("ping -c 1 " + host)\nos.system("ping " + host + " > /dev/null")\nsubprocess.run(f"ls {host}/*", shell=True)\n';
    expect(fixes("a.py", text, COMMAND)).toEqual([undefined, undefined, undefined]);
  });
});

describe("the invoking user's input: the fix is the sink's, whatever the source", () => {
  const LOCAL = "sast/unvalidated-local-input";

  it("JS: the audit rule's exec of process.argv becomes execFile, not the taint rule's", () => {
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      'const { execSync } = require("child_process");\n\nconst host = process.argv[2];\nexecSync("ping -c 1 " + host);\nexecSync(`dig ${process.env.ZONE} | head`);\n';
    expect(scan("a.js", text, COMMAND).findings).toEqual([]);
    expect(fixed("a.js", text, LOCAL, 4)).toBe(
      text
        .replace("{ execSync }", "{ execSync, execFileSync }")
        .replace('execSync("ping -c 1 " + host)', 'execFileSync("ping", ["-c", "1", host])'),
    );
    // a pipe: the shell does work, so advice only
    const piped = scan("a.js", text, LOCAL).findings.find((finding) => finding.location.line === 5);
    expect(piped?.fix).toBeUndefined();
    expect(piped?.properties?.fixSuggestion).toContain("execFile");
  });

  it("Python: sys.argv into os.system is the dynamic-shell-command pattern's line, with its fix", () => {
    const text = 'import os\nimport sys\n\nhost = sys.argv[1]\nos.system("ping -c 1 " + host)\n';
    expect(fixes("a.py", text, SHELL)).toEqual([expect.anything()]);
    expect(fixed("a.py", text, SHELL, 5)).toContain('subprocess.run(["ping", "-c", "1", host], check=False)');
    expect(scan("a.py", text, COMMAND).findings).toEqual([]);
    expect(scan("a.py", text, LOCAL).findings).toEqual([]);
  });

  it("Python: input() into a built query is the dynamic-sql-query pattern's line, with the bind-parameter fix", () => {
    const text =
      'import sqlite3\n\nname = input("user: ")\ndb = sqlite3.connect("users.db")\ndb.execute("SELECT * FROM users WHERE name = \'" + name + "\'")\n';
    expect(scan("a.py", text, SQL).findings).toEqual([]);
    expect(scan("a.py", text, LOCAL).findings).toEqual([]);
    expect(fixed("a.py", text, "sast/dynamic-sql-query", 5)).toContain(
      'db.execute("SELECT * FROM users WHERE name = ?", (name,))',
    );
    // not the only argument of a SQL sink: no fix
    const built = 'import sqlite3\n\nquery = "SELECT * FROM users WHERE name = \'" + name + "\'"\n';
    expect(fixes("a.py", built, "sast/dynamic-sql-query")).toEqual([undefined]);
  });

  it("the SQL fix too: bind parameters for a query built from the environment", () => {
    const text =
      'const mysql = require("mysql2");\n\nconst tenant = process.env.TENANT;\ndb.query("SELECT * FROM t WHERE tenant = \'" + tenant + "\'");\n';
    expect(fixed("a.js", text, LOCAL, 4)).toContain(
      'db.query("SELECT * FROM t WHERE tenant = ?", [tenant]);',
    );
  });
});

const YAML = "sast/unsafe-deserialization";
const TIMEOUT = "sast/request-without-timeout";
const TLS_VERSION = "sast/old-tls-version";
const TLS_VERIFY = "sast/tls-verification-disabled";

describe("unsafe-deserialization: unsafe YAML loaders become yaml.safe_load", () => {
  const py = (call: string) => `import yaml


def read(stream):
    return ${call}
`;

  it("drops an unsafe Loader and renames unsafe_load, full_load and the _all forms", () => {
    for (const [call, safe] of [
      ["yaml.load(stream, Loader=yaml.Loader)", "yaml.safe_load(stream)"],
      ["yaml.load(stream, Loader=yaml.UnsafeLoader)", "yaml.safe_load(stream)"],
      ["yaml.load(open(path).read(), Loader=yaml.FullLoader)", "yaml.safe_load(open(path).read())"],
      ["yaml.load_all(stream, Loader=yaml.Loader)", "yaml.safe_load_all(stream)"],
      ["yaml.unsafe_load(stream)", "yaml.safe_load(stream)"],
      ["yaml.full_load(stream)", "yaml.safe_load(stream)"],
      ["yaml.unsafe_load_all(stream)", "yaml.safe_load_all(stream)"],
      ["yaml.load(stream)", "yaml.safe_load(stream)"],
    ] as const) {
      expect(fixed("a.py", py(call), YAML, 5), call).toBe(py(safe));
    }
  });

  it("no fix for splats, comments among the arguments or a stream passed by keyword", () => {
    for (const call of [
      "yaml.load(*args, Loader=yaml.Loader)",
      "yaml.load(stream, Loader=yaml.Loader, **options)",
      "yaml.load(\n        stream,  # the upload\n        Loader=yaml.Loader,\n    )",
      "yaml.unsafe_load(stream=stream)",
    ]) {
      expect(fixes("a.py", py(call), YAML), call).toEqual([undefined]);
    }
  });
});

describe("request-without-timeout: requests calls get timeout=30", () => {
  it("after the last argument, keeping a trailing comma and comment in place", () => {
    const text =
      "import requests\n\nstatus = requests.get(url)\ncreated = requests.post(\n    url,\n    json=body,  # the new item\n)\n";
    expect(fixed("a.py", text, TIMEOUT, 3)).toContain("status = requests.get(url, timeout=30)\n");
    expect(fixed("a.py", text, TIMEOUT, 4)).toContain("    json=body, timeout=30,  # the new item\n)");
  });

  it("no fix when **kwargs or *args may already carry a timeout", () => {
    const text = "import requests\n\nrequests.get(url, **options)\nrequests.request(*args)\n";
    expect(fixes("a.py", text, TIMEOUT)).toEqual([undefined, undefined]);
  });
});

describe("old-tls-version: the minimum becomes TLS 1.2", () => {
  it("Python: minimum_version below TLS 1.2; not the maximum or protocol constants", () => {
    const text =
      "import ssl\n\ncontext = ssl.create_default_context()\ncontext.minimum_version = ssl.TLSVersion.TLSv1\ncontext.maximum_version = ssl.TLSVersion.TLSv1_1\nlegacy = ssl.SSLContext(ssl.PROTOCOL_TLSv1)\n";
    expect(fixed("a.py", text, TLS_VERSION, 4)).toContain(
      "context.minimum_version = ssl.TLSVersion.TLSv1_2\n",
    );
    expect(fixes("a.py", text, TLS_VERSION)).toEqual([expect.anything(), undefined, undefined]);
  });

  it("Go: MinVersion SSL 3/TLS 1.0/1.1 becomes VersionTLS12; a MaxVersion cap gets advice", () => {
    const go = (field: string) =>
      `package c\n\nimport "crypto/tls"\n\nvar config = &tls.Config{\n\t${field},\n}\n`;
    for (const version of ["VersionSSL30", "VersionTLS10", "VersionTLS11"]) {
      expect(fixed("a.go", go(`MinVersion: tls.${version}`), TLS_VERSION, 6)).toBe(
        go("MinVersion: tls.VersionTLS12"),
      );
    }
    expect(fixes("a.go", go("MaxVersion: tls.VersionTLS11"), TLS_VERSION)).toEqual([undefined]);
  });
});

describe("tls-verification-disabled: verification flags are turned back on", () => {
  it("Python: verify=False becomes verify=True for requests and httpx", () => {
    const text =
      "import httpx\nimport requests\n\nrequests.get(url, verify=False, timeout=5)\nclient = httpx.Client(verify=False)\nhttpx.post(url, json=body, verify=False)\n";
    expect(fixed("a.py", text, TLS_VERIFY, 4)).toContain("requests.get(url, verify=True, timeout=5)");
    expect(fixed("a.py", text, TLS_VERIFY, 5)).toContain("client = httpx.Client(verify=True)");
    expect(fixed("a.py", text, TLS_VERIFY, 6)).toContain("httpx.post(url, json=body, verify=True)");
  });

  it("Python: ssl._create_unverified_context() becomes ssl.create_default_context()", () => {
    const text =
      "import ssl\n\ncontext = ssl._create_unverified_context()\nlegacy = ssl._create_unverified_context(cafile=path)\nctx.check_hostname = False\n";
    expect(fixed("a.py", text, TLS_VERIFY, 3)).toContain("context = ssl.create_default_context()\n");
    expect(fixes("a.py", text, TLS_VERIFY)).toEqual([expect.anything(), undefined, undefined]);
  });

  it("Go: InsecureSkipVerify: true becomes false", () => {
    const text =
      'package c\n\nimport "crypto/tls"\n\nvar config = &tls.Config{\n\tInsecureSkipVerify: true,\n\tMinVersion:         tls.VersionTLS12,\n}\n';
    expect(fixed("a.go", text, TLS_VERIFY, 6)).toBe(
      text.replace("InsecureSkipVerify: true", "InsecureSkipVerify: false"),
    );
  });

  it("Node: rejectUnauthorized: false becomes true, NODE_TLS_REJECT_UNAUTHORIZED 0 becomes 1", () => {
    const text =
      'const https = require("https");\n\nhttps.request({ host, port: 443, rejectUnauthorized: false }, onResponse);\nprocess.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";\n';
    expect(fixed("a.js", text, TLS_VERIFY, 3)).toContain(
      "https.request({ host, port: 443, rejectUnauthorized: true }, onResponse);",
    );
    expect(fixed("a.js", text, TLS_VERIFY, 4)).toContain('process.env.NODE_TLS_REJECT_UNAUTHORIZED = "1";');
    expect(fixed("a.ts", "process.env.NODE_TLS_REJECT_UNAUTHORIZED = 0;\n", TLS_VERIFY, 1)).toBe(
      "process.env.NODE_TLS_REJECT_UNAUTHORIZED = 1;\n",
    );
  });
});

describe("dynamic-shell-command: a command line of plain words becomes an argument list", () => {
  it("Python: shell=True is dropped and other options stay", () => {
    const text =
      'import subprocess\n\n\ndef usage(path):\n    return subprocess.check_output("du -sh " + path, shell=True, text=True)\n';
    expect(fixed("a.py", text, SHELL, 5)).toContain(
      'return subprocess.check_output(["du", "-sh", path], text=True)',
    );
  });

  it("no fix for a whole command in a variable, shell syntax, popen or a remote shell", () => {
    const text =
      'import os\nimport subprocess\n\n\ndef run(command, path, client):\n    subprocess.run(command, shell=True)\n    subprocess.run(f"ls {path} | wc -l", shell=True)\n    os.popen("ls " + path)\n    client.exec_command("ls " + path)\n';
    expect(fixes("a.py", text, SHELL)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe("rampart fix: several rules' fixes in one file", () => {
  it("plan together (neighbouring edits do not overlap), and the file re-scans clean", () => {
    const text =
      'import ssl\nimport subprocess\n\nimport requests\nimport yaml\n\n\ndef sync(path, url):\n    subprocess.run("du -sh " + path, shell=True, text=True)\n    data = yaml.load(open(path), Loader=yaml.Loader)\n    context = ssl._create_unverified_context()\n    return requests.get(url, verify=False), data, context\n';
    const all = (source: string) =>
      analyzeFile(new SourceFile("app.py", source), classify("app.py", source), [sastAnalyzer as Analyzer]);
    const before = all(text);
    const [patch] = planFixes(before.findings, () => Buffer.from(text));
    expect(patch!.skipped).toEqual([]);
    const after = patch!.after.toString("utf8");
    expect(after).toBe(
      'import ssl\nimport subprocess\n\nimport requests\nimport yaml\n\n\ndef sync(path, url):\n    subprocess.run(["du", "-sh", path], text=True)\n    data = yaml.safe_load(open(path))\n    context = ssl.create_default_context()\n    return requests.get(url, verify=True, timeout=30), data, context\n',
    );
    const rescan = all(after);
    expect(rescan.problems).toEqual([]);
    expect(rescan.findings.map((finding) => finding.ruleId)).toEqual(["sast/partial-executable-path"]);
  });
});

/** Every fixed line in the fixtures, by fixture; a fixture not listed must have no fix. */
const FIXED_LINES: Record<string, string[]> = {
  "sql-injection/accounts-mysql.ts": [
    'const [rows] = await db.execute("SELECT * FROM accounts WHERE id = ?", [id]);',
  ],
  "sql-injection/main.go": [
    'db.Query("SELECT * FROM users WHERE name = $1", name)',
    'db.Query("SELECT * FROM users WHERE id = $1", id)',
  ],
  "sql-injection/mysql.go": ['db.Exec("DELETE FROM users WHERE id = ?", id)'],
  "sql-injection/orders-pg.js": [
    'const rows = await pool.query("SELECT * FROM orders WHERE status = $1", [status]);',
  ],
  "sql-injection/summaries.js": [
    'await db.query("SELECT * FROM items WHERE name = ?", [quoted(term)]);',
    'await db.query("SELECT * FROM items WHERE name LIKE ?", [wrap(req.query.q)]);',
  ],
  "command-injection/koa.js": ['execFile("ping", ["-c", "1", host]);'],
  "sql-injection/pq.go": ['rows, _ := db.Query("SELECT * FROM users WHERE name = $1", name)'],
  "sql-injection/users_psycopg.py": [
    'cursor.execute("SELECT * FROM users WHERE id = %s", (user_id,))',
    'cursor.execute("SELECT * FROM users WHERE id = %s", (user_id,))',
  ],
  "sql-injection/users_sqlite.py": ['cursor.execute("SELECT * FROM users WHERE name = ?", (name,))'],
  "sql-injection/views.py": [
    'cursor.execute("SELECT * FROM users WHERE id = %s", (user_id,))',
    'cursor.execute("SELECT * FROM items WHERE id = %s", (item_id,))',
  ],
  "command-injection/app.js": [
    'execFile("convert", [file, "out.png"]);',
    'child_process.execFileSync("ping", ["-c", "1", target]);',
    'child_process.execFileSync("ping", ["-c", "1", host]);',
  ],
  "command-injection/convert.mjs": [
    'execFile("convert", [file, "-thumbnail", "64x64", "thumb.png"], (error) => res.end(String(error)));',
  ],
  "command-injection/tools.py": [
    'subprocess.run(["ping", "-c", "1", host], check=False)',
    'subprocess.run(["nslookup", host])',
  ],
  "weak-randomness/Reset.java": ["Random tokenSource = new SecureRandom();"],
  "weak-randomness/Token.java": ["long resetToken = new SecureRandom().nextLong();"],
  "weak-randomness/RememberMe.java": ["double value = new java.security.SecureRandom().nextDouble();"],
  "weak-randomness/keys.ts": ['const apiKey = randomBytes(5).toString("hex");'],
  "weak-randomness/otp.py": ["otp = secrets.randbelow(900000) + 100000"],
  "weak-randomness/session.js": ['const resetToken = randomBytes(16).toString("hex");'],
  "weak-randomness/token.py": ['otp = "".join(secrets.choice("0123456789") for _ in range(6))'],
  "insecure-cookie/Login.java": ["cookie.setSecure(true);"],
  "insecure-cookie/app.js": ['res.cookie("session", id, { secure: true, httpOnly: true });'],
  "insecure-cookie/cookie.go": ["Secure:   true,"],
  "insecure-cookie/views.py": [
    "SESSION_COOKIE_SECURE = True",
    'response.set_cookie("session", sid, secure=True, httponly=True)',
  ],
  "weak-password-hash-cost/accounts.go": [
    "bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)",
    "bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)",
  ],
  "tls-verification-disabled/client.go": ["InsecureSkipVerify: false,", "conf.InsecureSkipVerify = false"],
  "tls-verification-disabled/client.js": [
    "const agent = new https.Agent({ rejectUnauthorized: true });",
    'process.env.NODE_TLS_REJECT_UNAUTHORIZED = "1";',
  ],
  "tls-verification-disabled/client.py": [
    "response = requests.get(url, verify=True, timeout=10)",
    "context = ssl.create_default_context()",
  ],
  "unsafe-deserialization/load.py": ["config = yaml.safe_load(stream)", "config = yaml.safe_load(stream)"],
  "old-tls-version/tls.go": ["MinVersion: tls.VersionTLS12,"],
  "old-tls-version/tls.py": ["context.minimum_version = ssl.TLSVersion.TLSv1_2"],
  "dynamic-shell-command/backup.py": [
    'subprocess.run(["tar", "-czf", "backup.tgz", directory])',
    'subprocess.run(["du", "-sh", directory], check=False)',
    'subprocess.run(["rm", "-rf", target], check=False)',
  ],
  "dynamic-sql-query/store.go": ['_, err := db.Exec("DELETE FROM orders WHERE id = $1", id)'],
  "unvalidated-local-input/tool.js": ['child_process.execFileSync("ping", ["-c", "1", host]);'],
  "template-autoescape-disabled/handler.go": ['"html/template"'],
  "template-autoescape-disabled/mixed.go": ['"html/template"'],
  "template-autoescape-disabled/parsed.go": ['"html/template"'],
  "template-autoescape-disabled/views.js": [
    "swig.setDefaults({ cache: false, autoescape: true });",
    'nunjucks.configure("views", { autoescape: true, express: app });',
    "const page = Handlebars.compile(source, { noEscape: false });",
  ],
  "request-without-timeout/client.py": [
    'response = requests.get(f"{API}/status", timeout=30)',
    "created = requests.post(",
  ],
  "debug-mode-enabled/myproject/settings.py": ["DEBUG = False"],
};

describe("fixtures of every rule", () => {
  // Applying every fix of a rule to its own fixtures removes exactly those findings and parses; a
  // rule that says it is fixable shows a fix, and one that says it is not has none.
  for (const rule of sastRules) {
    it(`${rule.id}: every fix applies and re-scans clean`, () => {
      const folder = join(import.meta.dirname, "fixtures", rule.id.slice("sast/".length));
      let count = 0;
      const names = (readdirSync(folder, { recursive: true }) as string[]).filter((name) =>
        statSync(join(folder, name)).isFile(),
      );
      for (const name of names.map((name) => name.split(sep).join("/"))) {
        const text = readFileSync(join(folder, name), "utf8");
        const before = scan(name, text, rule.id);
        const withFix = before.findings.filter((candidate) => candidate.fix);
        const lines = withFix.map((finding) => {
          const after = apply(text, finding).split("\n");
          const shift = after.length - text.split("\n").length; // lines an added import pushed down
          return after[finding.location.line - 1 + shift]!.trim();
        });
        expect(lines, name).toEqual(FIXED_LINES[`${rule.id.slice("sast/".length)}/${name}`] ?? []);
        for (const finding of withFix) {
          const after = scan(name, apply(text, finding), rule.id);
          expect(after.problems, `${name}:${finding.location.line}`).toEqual([]);
          expect(after.findings.length, `${name}:${finding.location.line}`).toBe(before.findings.length - 1);
          count++;
        }
      }
      if (rule.fixable) expect(count, "the fixtures show at least one fix").toBeGreaterThan(0);
      else expect(count, "a rule with fixes is marked fixable").toBe(0);
    });
  }
});
