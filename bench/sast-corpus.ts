// A 200,000-line mixed-language code corpus through the whole engine scan, with peak memory: the
// issue 22 "done when" measure. Generates a deterministic project of Python, JavaScript, TypeScript,
// Go and Java services (routes, queries, helpers that carry request data to a sink in another
// function, classes with fields, containers, configuration, plain business logic; about one route
// in eight has an unsanitized flow), writes it to a temporary directory and scans it in a child
// process per round, so peak RSS is the scan's own: `process.resourceUsage().maxRSS` covers the
// main thread and every worker thread of that process, and a 50 ms sampler of the resident set
// says when the peak happened. Reports lines, files, wall, CPU (all threads), peak RSS and
// findings per rule.
//   node --import tsx bench/sast-corpus.ts [lines=200000] [rounds=2] [workers=one per core; 0 = in-process]
// Also exports `run()` for bench/run.ts.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Deterministic pseudo-random numbers, so every run scans the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Next = () => number;

const NOUNS = [
  "order",
  "invoice",
  "account",
  "customer",
  "product",
  "shipment",
  "ticket",
  "report",
  "payment",
  "project",
  "member",
  "session",
  "document",
  "review",
  "coupon",
  "vendor",
  "asset",
  "alert",
];
const VERBS = ["load", "find", "list", "update", "archive", "export", "sync", "render", "check", "merge"];

function pick<T>(next: Next, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function pascal(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

/** One generated function: its text, and the rules its unsanitized flow or unsafe setting is for. */
interface Block {
  text: string;
  planted: string[];
}

// ---- Python: Flask routes, DB-API queries, helpers, classes, configuration ----

function python(next: Next, n: number): Block {
  const noun = pick(next, NOUNS);
  const bad = next() < 0.125;
  switch (Math.floor(next() * 7)) {
    case 0:
      return {
        planted: bad ? ["sast/sql-injection"] : [],
        text: `@app.route("/${noun}s/<int:${noun}_id>/notes")
def ${noun}_notes_${n}(${noun}_id):
    status = request.args.get("status", "open")
    limit = int(request.args.get("limit", "50"))
    cursor = connection.cursor()
    ${
      bad
        ? `cursor.execute(f"SELECT * FROM ${noun}_notes WHERE ${noun}_id = {${noun}_id} AND status = '{status}'")`
        : `cursor.execute("SELECT * FROM ${noun}_notes WHERE ${noun}_id = %s AND status = %s", (${noun}_id, status))`
    }
    rows = cursor.fetchmany(limit)
    notes = []
    for row in rows:
        notes.append({"id": row[0], "text": row[1], "status": row[2]})
    return jsonify(notes)
`,
      };
    case 1:
      return {
        planted: bad ? ["sast/path-traversal"] : [],
        text: `def ${noun}_archive_path_${n}(name):
    cleaned = name.strip().lower()
    return os.path.join(ARCHIVE_ROOT, ${bad ? "cleaned" : "secure_filename(cleaned)"})


@app.route("/${noun}s/archive")
def ${noun}_archive_${n}():
    target = ${noun}_archive_path_${n}(request.args["name"])
    with open(target, "rb") as handle:
        payload = handle.read()
    return send_file(io.BytesIO(payload), download_name="${noun}.bin")
`,
      };
    case 2:
      return {
        planted: [],
        text: `class ${pascal(noun)}Service${n}:
    def __init__(self, repository, cache):
        self.repository = repository
        self.cache = cache
        self.hits = 0

    def ${pick(next, VERBS)}(self, key):
        if key in self.cache:
            self.hits += 1
            return self.cache[key]
        value = self.repository.get(key)
        self.cache[key] = value
        return value

    def summary(self):
        total = sum(len(str(item)) for item in self.cache.values())
        return {"entries": len(self.cache), "hits": self.hits, "bytes": total}
`,
      };
    case 3:
      return {
        planted: bad ? ["sast/request-without-timeout", "sast/unsafe-deserialization"] : [],
        text: `def fetch_${noun}_feed_${n}(base_url, token):
    headers = {"Authorization": "Bearer " + token, "Accept": "application/json"}
    response = requests.get(base_url + "/${noun}s", headers=headers${bad ? "" : ", timeout=10"})
    response.raise_for_status()
    items = response.json().get("items", [])
    return [item for item in items if item.get("active")]


def load_${noun}_rules_${n}(path):
    with open(path) as stream:
        return yaml.${bad ? "load(stream, Loader=yaml.Loader)" : "safe_load(stream)"}
`,
      };
    case 4:
      return {
        planted: bad ? ["sast/command-injection"] : [],
        text: `@app.post("/${noun}s/convert")
def convert_${noun}_${n}():
    name = request.form["file"]
    ${
      bad
        ? `subprocess.run(f"convert {name} /tmp/${noun}.png", shell=True, check=True)`
        : `subprocess.run(["convert", name, "/tmp/${noun}.png"], check=True)`
    }
    return {"converted": name}
`,
      };
    default:
      return {
        planted: [],
        text: `def ${pick(next, VERBS)}_${noun}_totals_${n}(records, currency="EUR"):
    totals = {}
    for record in records:
        if record.get("currency", currency) != currency:
            continue
        key = record["${noun}_id"]
        totals[key] = totals.get(key, 0) + record["amount"] * record.get("quantity", 1)
    ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
    top = ranked[:10]
    label = f"{len(top)} ${noun}s in {currency}"
    return {"label": label, "top": top, "count": len(totals)}
`,
      };
  }
}

const PYTHON_HEAD = `import io
import os
import subprocess

import requests
import yaml
from flask import Flask, jsonify, request, send_file
from werkzeug.utils import secure_filename

from .db import connection

app = Flask(__name__)
ARCHIVE_ROOT = "/srv/archive"

`;

// ---- JavaScript and TypeScript: Express routes, pg queries, helpers, classes ----

function javascript(next: Next, n: number, typed: boolean): Block {
  const noun = pick(next, NOUNS);
  const bad = next() < 0.125;
  const t = (annotation: string) => (typed ? `: ${annotation}` : "");
  switch (Math.floor(next() * 6)) {
    case 0:
      return {
        planted: bad ? ["sast/sql-injection"] : [],
        text: `app.get("/${noun}s/:id", async (req${t("Request")}, res${t("Response")}) => {
  const id = req.params.id;
  const sort = req.query.sort === "asc" ? "ASC" : "DESC";
  const { rows } = await pool.query(${
    bad
      ? `"SELECT * FROM ${noun}s WHERE id = '" + id + "' ORDER BY created " + sort`
      : `"SELECT * FROM ${noun}s WHERE id = $1 ORDER BY created DESC", [id]`
  });
  if (rows.length === 0) return res.status(404).json({ error: "not found" });
  return res.json(rows[0]);
});
`,
      };
    case 1:
      return {
        planted: bad ? ["sast/xss"] : [],
        text: `function ${noun}Banner${n}(title${t("string")}) {
  return ${bad ? "`<h1>$" + "{title}</h1>`" : "`<h1>$" + "{escapeHtml(title)}</h1>`"};
}

app.get("/${noun}s/banner", (req${t("Request")}, res${t("Response")}) => {
  const html = ${noun}Banner${n}(String(req.query.title ?? ""));
  res.send(html);
});
`,
      };
    case 2:
      return {
        planted: bad ? ["sast/path-traversal"] : [],
        text: `app.get("/${noun}s/files/:name", (req${t("Request")}, res${t("Response")}) => {
  const name = ${bad ? "req.params.name" : "path.basename(req.params.name)"};
  const target = path.join(UPLOADS, name);
  fs.readFile(target, (error, data) => {
    if (error) return res.sendStatus(404);
    res.type("application/octet-stream").send(data);
  });
});
`,
      };
    case 3:
      return {
        planted: [],
        text: `export class ${pascal(noun)}Queue${n} {
  ${typed ? `private readonly items: { id: string; attempts: number }[] = [];` : "items = [];"}

  push(id${t("string")}) {
    if (this.items.some((item) => item.id === id)) return false;
    this.items.push({ id, attempts: 0 });
    return true;
  }

  next() {
    const item = this.items.shift();
    if (!item) return undefined;
    item.attempts += 1;
    if (item.attempts < 3) this.items.push(item);
    return item.id;
  }
}
`,
      };
    default:
      return {
        planted: [],
        text: `export function ${pick(next, VERBS)}${pascal(noun)}Stats${n}(entries${t("{ amount: number; day: string }[]")}) {
  const byDay = new Map${typed ? "<string, number>" : ""}();
  for (const entry of entries) {
    byDay.set(entry.day, (byDay.get(entry.day) ?? 0) + entry.amount);
  }
  const days = [...byDay.keys()].sort();
  const total = days.reduce((sum, day) => sum + (byDay.get(day) ?? 0), 0);
  const average = days.length === 0 ? 0 : total / days.length;
  return { days, total, average: Math.round(average * 100) / 100 };
}
`,
      };
  }
}

const JS_HEAD = `const fs = require("node:fs");
const path = require("node:path");
const express = require("express");
const escapeHtml = require("escape-html");
const { Pool } = require("pg");

const app = express();
const pool = new Pool();
const UPLOADS = "/srv/uploads";

`;

const TS_HEAD = `import fs from "node:fs";
import path from "node:path";
import escapeHtml from "escape-html";
import express, { type Request, type Response } from "express";
import { Pool } from "pg";

const app = express();
const pool = new Pool();
const UPLOADS = "/srv/uploads";

`;

// ---- Go: net/http handlers, database/sql, os/exec, TLS settings ----

function go(next: Next, n: number): Block {
  const noun = pick(next, NOUNS);
  const Noun = pascal(noun);
  const bad = next() < 0.125;
  switch (Math.floor(next() * 5)) {
    case 0:
      return {
        planted: bad ? ["sast/sql-injection"] : [],
        text: `func (s *Server) ${noun}Handler${n}(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	${
    bad
      ? `rows, err := s.db.Query("SELECT id, name FROM ${noun}s WHERE id = '" + id + "'")`
      : `rows, err := s.db.Query("SELECT id, name FROM ${noun}s WHERE id = $1", id)`
  }
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var key int
		var name string
		if err := rows.Scan(&key, &name); err != nil {
			continue
		}
		names = append(names, name)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(names)
}
`,
      };
    case 1:
      return {
        planted: bad ? ["sast/command-injection"] : [],
        text: `func ${noun}Thumbnail${n}(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("file")
	${
    bad
      ? `out, err := exec.Command("sh", "-c", "convert "+name+" thumb.png").CombinedOutput()`
      : `out, err := exec.Command("convert", filepath.Base(name), "thumb.png").CombinedOutput()`
  }
	if err != nil {
		http.Error(w, "convert failed", http.StatusBadRequest)
		return
	}
	fmt.Fprintf(w, "%d bytes", len(out))
}
`,
      };
    case 2:
      return {
        planted: bad ? ["sast/old-tls-version"] : [],
        text: `func new${Noun}Client${n}() *http.Client {
	config := &tls.Config{
		MinVersion: tls.${bad ? "VersionTLS10" : "VersionTLS12"},
	}
	return &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{TLSClientConfig: config},
	}
}
`,
      };
    default:
      return {
        planted: [],
        text: `type ${Noun}Line${n} struct {
	Price    float64
	Quantity int
	Tags     []string
}

func ${noun}Total${n}(lines []${Noun}Line${n}, tag string) (float64, int) {
	total := 0.0
	count := 0
	for _, line := range lines {
		if line.Quantity <= 0 {
			continue
		}
		for _, candidate := range line.Tags {
			if candidate == tag {
				total += line.Price * float64(line.Quantity)
				count++
				break
			}
		}
	}
	return total, count
}
`,
      };
  }
}

const GO_HEAD = (pkg: string) => `package ${pkg}

import (
	"crypto/tls"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"time"

	_ "github.com/lib/pq"
)

type Server struct {
	db *sql.DB
}

`;

// ---- Java: Spring controllers and servlets, JDBC, Runtime.exec ----

function java(next: Next, n: number): Block {
  const noun = pick(next, NOUNS);
  const Noun = pascal(noun);
  const bad = next() < 0.125;
  switch (Math.floor(next() * 5)) {
    case 0:
      return {
        planted: bad ? ["sast/sql-injection"] : [],
        text: `    @GetMapping("/${noun}s/search")
    public List<String> search${Noun}${n}(@RequestParam String name) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
${
  bad
    ? `            Statement statement = connection.createStatement();
            ResultSet rows = statement.executeQuery("SELECT name FROM ${noun}s WHERE name LIKE '" + name + "%'");`
    : `            PreparedStatement statement = connection.prepareStatement("SELECT name FROM ${noun}s WHERE name LIKE ?");
            statement.setString(1, name + "%");
            ResultSet rows = statement.executeQuery();`
}
            while (rows.next()) {
                found.add(rows.getString(1));
            }
        }
        return found;
    }
`,
      };
    case 1:
      return {
        planted: bad ? ["sast/command-injection"] : [],
        text: `    @PostMapping("/${noun}s/export")
    public String export${Noun}${n}(HttpServletRequest request) throws IOException {
        String format = request.getParameter("format");
        ${
          bad
            ? `Runtime.getRuntime().exec("export-tool --format " + format);`
            : `if (!ALLOWED_FORMATS.contains(format)) {
            return "unsupported";
        }
        new ProcessBuilder("export-tool", "--format", format).start();`
        }
        return "started";
    }
`,
      };
    default:
      return {
        planted: [],
        text: `    public Map<String, Integer> count${Noun}s${n}(List<String> names) {
        Map<String, Integer> counts = new HashMap<>();
        for (String name : names) {
            if (name == null || name.isBlank()) {
                continue;
            }
            String key = name.trim().toLowerCase();
            counts.merge(key, 1, Integer::sum);
        }
        StringBuilder summary = new StringBuilder();
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
            summary.append(entry.getKey()).append('=').append(entry.getValue()).append(';');
        }
        log.debug(summary.toString());
        return counts;
    }
`,
      };
  }
}

const JAVA_HEAD = (pkg: string, name: string) => `package com.example.${pkg};

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.servlet.http.HttpServletRequest;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ${name} {
    private static final Logger log = LoggerFactory.getLogger(${name}.class);
    private static final Set<String> ALLOWED_FORMATS = Set.of("csv", "json");
    private final DataSource dataSource;

    public ${name}(DataSource dataSource) {
        this.dataSource = dataSource;
    }

`;

function countBy(items: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

type Language = "py" | "js" | "ts" | "go" | "java";
const LANGUAGES: Language[] = ["py", "js", "ts", "go", "java"];

export interface CorpusFile {
  path: string;
  text: string;
  lines: number;
  language: Language;
  /** Planted hazards by rule id. */
  planted: Record<string, number>;
}

/** Files of 20-40 functions each, languages in turn, until `totalLines` lines are written. */
export function generateCorpus(totalLines: number, seed = 22): CorpusFile[] {
  const next = random(seed);
  const files: CorpusFile[] = [];
  let lines = 0;
  for (let index = 0; lines < totalLines; index++) {
    const language = LANGUAGES[index % LANGUAGES.length]!;
    const service = `${pick(next, NOUNS)}${index}`;
    const blocks: Block[] = [];
    const count = 20 + Math.floor(next() * 21);
    for (let position = 0; position < count; position++) {
      const n = index * 100 + position;
      blocks.push(
        language === "py"
          ? python(next, n)
          : language === "go"
            ? go(next, n)
            : language === "java"
              ? java(next, n)
              : javascript(next, n, language === "ts"),
      );
    }
    const name = `${pascal(service)}Controller`;
    const body = blocks.map((block) => block.text).join(language === "py" ? "\n\n" : "\n");
    const text =
      language === "py"
        ? `${PYTHON_HEAD}\n${body}`
        : language === "js"
          ? `${JS_HEAD}${body}\nmodule.exports = app;\n`
          : language === "ts"
            ? `${TS_HEAD}${body}\nexport default app;\n`
            : language === "go"
              ? `${GO_HEAD(`svc${index}`)}${body}`
              : `${JAVA_HEAD(`svc${index}`, name)}${body}}\n`;
    const path =
      language === "go"
        ? `services/svc${index}/handlers.go`
        : language === "java"
          ? `src/main/java/com/example/svc${index}/${name}.java`
          : `${language === "py" ? "app" : "web"}/${service}.${language}`;
    const lineCount = text.split("\n").length;
    files.push({
      path,
      text,
      lines: lineCount,
      language,
      planted: countBy(blocks.flatMap((block) => block.planted)),
    });
    lines += lineCount;
  }
  return files;
}

/** What the child process reports about its one scan. */
interface ScanReport {
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  sampledPeakRssMb: number;
  sampledPeakAtSeconds: number;
  quarters: number[];
  heapUsedMb: number;
  filesScanned: number;
  skipped: number;
  findingsByRule: Record<string, number>;
  /** `<path> <rule>` → findings, to compare file by file with what was planted. */
  findingsByFileAndRule: Record<string, number>;
  analyzers: { analyzer: string; status: string; busyMs: number; files: string }[];
  phases: Record<string, number>;
}

/** The child: loads the analyzers like the CLI does, scans `root` once and prints a ScanReport. */
async function scanChild(root: string, workers: number | undefined): Promise<void> {
  await import("../packages/engine/src/registry.ts");
  const { scan } = await import("../packages/engine/src/scan.ts");
  let peak = 0;
  let peakAt = 0;
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    samples.push(rss);
    if (rss > peak) {
      peak = rss;
      peakAt = elapsed();
    }
  }, 50);
  const cpuBefore = process.cpuUsage();
  const result = await scan(root, workers === undefined ? {} : { workers });
  const seconds = elapsed();
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  const findingsByRule = countBy(result.findings.map((finding) => finding.ruleId));
  const findingsByFileAndRule = countBy(
    result.findings.map((finding) => `${finding.location.path} ${finding.ruleId}`),
  );
  const report: ScanReport = {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    sampledPeakRssMb: peak / 1024 / 1024,
    sampledPeakAtSeconds: peakAt,
    // The resident set at each quarter of the scan: a peak at the end is growth, not a spike.
    quarters: [0.25, 0.5, 0.75, 1].map(
      (share) => (samples[Math.max(0, Math.ceil(samples.length * share) - 1)] ?? 0) / 1024 / 1024,
    ),
    heapUsedMb: process.memoryUsage().heapUsed / 1024 / 1024,
    filesScanned: result.filesScanned,
    skipped: result.skipped.length,
    findingsByRule,
    findingsByFileAndRule,
    analyzers: result.analyzers.map((item) => ({
      analyzer: item.analyzer,
      status: item.status,
      busyMs: item.busyMs,
      files: `${item.filesAnalyzed}/${item.filesGiven}`,
    })),
    phases: result.phases,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

const SELF = fileURLToPath(import.meta.url);

function runChild(root: string, workers: number | undefined): ScanReport {
  const args = [SELF, "--scan", root, ...(workers === undefined ? [] : [String(workers)])];
  const child = spawnSync(process.execPath, ["--import", "tsx", ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`scan child exited ${child.status}: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as ScanReport;
}

export async function run(totalLines = 200_000, rounds = 2, workers?: number): Promise<string> {
  const corpus = generateCorpus(totalLines);
  const root = mkdtempSync(join(tmpdir(), "rampart-sast-corpus-"));
  try {
    for (const file of corpus) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
    }
    const lines = corpus.reduce((sum, file) => sum + file.lines, 0);
    const bytes = corpus.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
    const perLanguage = LANGUAGES.map((language) => {
      const files = corpus.filter((file) => file.language === language);
      return `${language} ${files.length} files / ${files.reduce((sum, file) => sum + file.lines, 0)} lines`;
    });
    const planted: Record<string, number> = {};
    for (const file of corpus)
      for (const [rule, count] of Object.entries(file.planted)) planted[rule] = (planted[rule] ?? 0) + count;
    const plantedTotal = Object.values(planted).reduce((sum, count) => sum + count, 0);
    const reports: ScanReport[] = [];
    for (let round = 0; round < rounds; round++) reports.push(runChild(root, workers));
    const median = [...reports].sort((a, b) => a.seconds - b.seconds)[Math.floor(reports.length / 2)]!;
    const sast = median.analyzers.find((item) => item.analyzer === "sast");
    const ruleIds = new Set([...Object.keys(median.findingsByRule), ...Object.keys(planted)]);
    const rules = [...ruleIds]
      .map((rule) => [rule, median.findingsByRule[rule] ?? 0] as const)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const total = rules.reduce((sum, [, count]) => sum + count, 0);
    // A planted hazard found in another function of its file, or a miss beside a false alarm of
    // the same rule, would cancel out in the totals: compare file by file.
    const differing = new Map<string, number>();
    for (const file of corpus) {
      for (const rule of ruleIds) {
        if (!(rule in planted)) continue;
        const found = median.findingsByFileAndRule[`${file.path} ${rule}`] ?? 0;
        if (found !== (file.planted[rule] ?? 0)) differing.set(rule, (differing.get(rule) ?? 0) + 1);
      }
    }
    return [
      `Generated ${lines} lines (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${corpus.length} files: ${perLanguage.join(", ")}; ${plantedTotal} unsanitized flows or unsafe settings planted. \`scan()\` ${workers === 0 ? "in-process (no worker threads)" : `with ${workers ?? availableParallelism()} worker threads`}, one child process per round.`,
      "",
      "| measure | value |",
      "|---|---|",
      `| wall time, ${rounds} rounds | ${reports.map((report) => `${report.seconds.toFixed(2)} s`).join(", ")} |`,
      `| lines/s (median round, wall) | ${Math.round(lines / median.seconds)} |`,
      `| CPU time, all threads | ${reports.map((report) => `${report.cpuSeconds.toFixed(1)} s`).join(", ")} |`,
      `| lines/s per CPU second (median round) | ${Math.round(lines / median.cpuSeconds)} |`,
      `| sast analyzer time (median round, all threads) | ${sast ? `${(sast.busyMs / 1000).toFixed(2)} s, ${sast.status} (${sast.files} files)` : "not run"} |`,
      `| peak RSS (maxRSS: main + worker threads) | ${reports.map((report) => `${report.maxRssMb.toFixed(0)} MB`).join(", ")} |`,
      `| peak resident set sampled every 50 ms | ${reports.map((report) => `${report.sampledPeakRssMb.toFixed(0)} MB at ${report.sampledPeakAtSeconds.toFixed(1)} s`).join(", ")} |`,
      `| resident set at each quarter of the scan | ${reports.map((report) => report.quarters.map((mb) => mb.toFixed(0)).join(" → ")).join("; ")} MB |`,
      `| main-thread heap after the scan | ${median.heapUsedMb.toFixed(0)} MB |`,
      `| files scanned / skipped | ${median.filesScanned} / ${median.skipped} |`,
      `| phases (median round) | ${Object.entries(median.phases)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(", ")} |`,
      `| analyzers | ${median.analyzers.map((item) => `${item.analyzer} ${item.status} ${(item.busyMs / 1000).toFixed(2)} s`).join("; ")} |`,
      `| load average at the end | ${loadavg()[0]!.toFixed(1)} |`,
      `| findings | ${total} |`,
      "",
      "Findings per rule beside the hazards the generator planted (a rule without planted hazards",
      "reports constructs the corpus has in its safe variants too, such as a program started by name).",
      "",
      "| rule | findings | planted | files where findings ≠ planted |",
      "|---|---|---|---|",
      ...rules.map(
        ([rule, count]) =>
          `| \`${rule}\` | ${count} | ${planted[rule] ?? 0} | ${rule in planted ? (differing.get(rule) ?? 0) : "-"} |`,
      ),
    ].join("\n");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === "--scan") {
    await scanChild(process.argv[3]!, process.argv[4] === undefined ? undefined : Number(process.argv[4]));
  } else if (process.argv[2] === "--write") {
    // Writes the corpus to a directory, to look at it or scan it with another tool.
    const target = process.argv[3]!;
    for (const file of generateCorpus(Number(process.argv[4] ?? 200_000))) {
      mkdirSync(dirname(join(target, file.path)), { recursive: true });
      writeFileSync(join(target, file.path), file.text);
    }
  } else {
    const lines = Number(process.argv[2] ?? 200_000);
    const rounds = Number(process.argv[3] ?? 2);
    const workers = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}\n`,
    );
    console.log(await run(lines, rounds, workers));
  }
}
