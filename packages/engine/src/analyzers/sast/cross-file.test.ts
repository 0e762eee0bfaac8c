import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { classify } from "../../classify.ts";
import { SourceFile } from "../../source.ts";
import { sastAnalyzer } from "./analyzer.ts";
import { cachedModuleCount, clearModuleSummaries } from "./cross-file.ts";

/** Scans `path` of a small project held in memory, counting the neighbour reads. */
function scanProject(files: Record<string, string>, path: string, ruleId = "sast/sql-injection") {
  const reads: string[] = [];
  const readSibling = (wanted: string) => {
    reads.push(wanted);
    return files[wanted];
  };
  const listFolder = (folder: string) =>
    Object.keys(files)
      .filter((name) => (folder === "" ? !name.includes("/") : name.startsWith(`${folder}/`)))
      .map((name) => name.slice(folder === "" ? 0 : folder.length + 1))
      .filter((name) => !name.includes("/"));
  const file = new SourceFile(path, files[path]!, { readSibling, listFolder });
  const result = analyzeFile(
    file,
    classify(path, file.text),
    [sastAnalyzer as Analyzer],
    (id) => id === ruleId,
  );
  return { ...result, reads };
}

const HELPERS = `def build_query(name):
    return "SELECT * FROM t WHERE name = '" + name + "'"


def run_query(cursor, term):
    cursor.execute("SELECT * FROM t WHERE title = '" + term + "'")
`;

const VIEW = `from flask import request
from .helpers import build_query, run_query


def view(cursor):
    name = request.args["name"]
    cursor.execute(build_query(name))
    run_query(cursor, name)
`;

beforeAll(async () => {
  await sastAnalyzer.prepare?.();
});

beforeEach(() => {
  clearModuleSummaries();
});

describe("cross-file summaries", () => {
  it("show the sink in the other file as a related location with its path", () => {
    const result = scanProject({ "app/helpers.py": HELPERS, "app/views.py": VIEW }, "app/views.py");
    const remote = result.findings.find((finding) => finding.location.line === 8);
    expect(remote?.message).toContain("in app/helpers.py line 6, through `run_query()`");
    expect(remote?.related.at(-1)?.location).toMatchObject({ path: "app/helpers.py", line: 6, snippet: "" });
    expect(result.findings.map((finding) => finding.location.line)).toEqual([7, 8]);
  });

  it("summarise a file once per content, whoever imports it, and again when it changes", () => {
    const files = { "app/helpers.py": HELPERS, "app/views.py": VIEW, "app/other.py": VIEW };
    scanProject(files, "app/views.py");
    expect(cachedModuleCount()).toBe(1);
    scanProject(files, "app/other.py");
    expect(cachedModuleCount()).toBe(1);
    scanProject({ ...files, "app/helpers.py": `${HELPERS}\n# edited\n` }, "app/views.py");
    expect(cachedModuleCount()).toBe(2);
  });

  it("read nothing outside the root, follow no import cycle and survive broken neighbours", () => {
    const cycle = {
      "a.py":
        "from flask import request\nfrom .b import f\n\ndef v(c):\n    c.execute(f(request.args['x']))\n",
      "b.py": "from .a import v\n\ndef f(x):\n    return v(x)\n",
    };
    expect(scanProject(cycle, "a.py").findings).toHaveLength(1);
    const outside = scanProject(
      { "app.py": "from flask import request\nfrom ....etc.passwd import f\nf(request.args['x'])\n" },
      "app.py",
    );
    expect(outside.reads.every((path) => !path.includes(".."))).toBe(true);
    const broken = scanProject(
      { "h.py": "def f(x:\n  return", "v.py": VIEW.replace(".helpers", ".h") },
      "v.py",
    );
    expect(broken.problems).toEqual([]);
  });

  it("leave files without a source and without source-returning helpers unindexed", () => {
    const result = scanProject(
      { "app/helpers.py": HELPERS, "app/jobs.py": "from .helpers import run_query\n\nrun_query(c, 'x')\n" },
      "app/jobs.py",
    );
    expect(result.findings).toEqual([]);
    // the helper module has no source: it is read, but not parsed
    expect(cachedModuleCount()).toBe(1);
  });
});
