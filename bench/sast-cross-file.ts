// Cross-file summaries' cost: a generated project of Python and JavaScript packages whose views and
// routes import helpers of their own package (build a query, run one, return request data), scanned
// with the engine of the tree at REPO. Run it for two trees (A/B) and compare CPU and findings.
//   node --import tsx bench/sast-cross-file.ts REPO [packages=150]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = process.argv[2]!;
const packages = Number(process.argv[3] ?? 150);
const { scan } = await import(join(repo, "packages/engine/src/scan.ts"));
const root = mkdtempSync(join(tmpdir(), "xfile-"));
for (let p = 0; p < packages; p++) {
  const dir = join(root, `app${p}`);
  mkdirSync(dir, { recursive: true });
  const helpers: string[] = ["from flask import request", ""];
  const js: string[] = [];
  for (let f = 0; f < 12; f++) {
    helpers.push(
      `def build_${f}(name, limit):\n    text = "SELECT * FROM t${f} WHERE name = '" + name + "'"\n    return text + " LIMIT %d" % int(limit)\n`,
    );
    helpers.push(
      `def run_${f}(cursor, term):\n    cursor.execute("DELETE FROM t${f} WHERE a = '" + term + "'")\n`,
    );
    js.push(
      `export function query${f}(pool, name) {\n  return pool.query("SELECT * FROM t${f} WHERE n = '" + name + "'");\n}\nexport const clean${f} = (v) => Number(v);\n`,
    );
  }
  helpers.push(`def term():\n    return request.args.get("q")\n`);
  writeFileSync(join(dir, "helpers.py"), helpers.join("\n"));
  writeFileSync(join(dir, "__init__.py"), "");
  for (let v = 0; v < 4; v++) {
    writeFileSync(
      join(dir, `views${v}.py`),
      `import sqlite3\nfrom flask import request\nfrom .helpers import build_1, run_2, term\n\n\ndef view(cursor):\n    name = request.args["name"]\n    cursor.execute(build_1(name, 5))\n    run_2(cursor, name)\n\n\ndef other(cursor):\n    cursor.execute("SELECT " + term())\n`,
    );
    writeFileSync(
      join(dir, `routes${v}.js`),
      `import { query1, clean2 } from "./db.js";\nexport function handler(req, res, pool) {\n  query1(pool, req.query.name);\n  return pool.query("SELECT " + clean2(req.query.id));\n}\n`,
    );
  }
  writeFileSync(join(dir, "db.js"), js.join("\n"));
}
const before = process.resourceUsage();
const started = performance.now();
const result = await scan(root, {});
const wall = (performance.now() - started) / 1000;
const after = process.resourceUsage();
const cpu = (after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime) / 1e6;
const sql = result.findings.filter((f: { ruleId: string }) => f.ruleId === "sast/sql-injection").length;
console.log(
  JSON.stringify({
    repo,
    files: result.filesScanned,
    wall: wall.toFixed(2),
    cpu: cpu.toFixed(2),
    sqlFindings: sql,
    sast: result.analyzers.find((a: { analyzer: string }) => a.analyzer === "sast")?.busyMs,
  }),
);
rmSync(root, { recursive: true, force: true });
