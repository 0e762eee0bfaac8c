// SAST throughput: generates a deterministic 200,000-line corpus of JavaScript, TypeScript, Python,
// Go and Java files (request handlers with tainted and sanitized flows, crypto and TLS settings,
// and plain business logic), then runs the sast analyzer over it on one core (parse once, every
// rule) and reports lines/s, files/s, findings and peak RSS.
//   node --import tsx bench/sast.ts [lines=200000]
// Also exports `run()` for bench/run.ts.
import { pathToFileURL } from "node:url";
import { analyzeFile } from "../packages/engine/src/analyze.ts";
import type { Analyzer } from "../packages/engine/src/analyzer.ts";
import { sastAnalyzer } from "../packages/engine/src/analyzers/sast/analyzer.ts";
import { classify } from "../packages/engine/src/classify.ts";
import { SourceFile } from "../packages/engine/src/source.ts";

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Language = "js" | "ts" | "py" | "go" | "java";

function handler(language: Language, n: number, bad: boolean): string {
  const value = (name: string) => (bad ? name : `parseInt(${name}, 10)`);
  switch (language) {
    case "js":
    case "ts":
      return `app.get("/items/${n}", async (req, res) => {
  const id = req.query.id;
  const name = req.body.name;
  const filter = { owner: String(name), state: "open" };
  const rows = await db.query("SELECT * FROM items WHERE id = " + ${value("id")});
  const safe = await db.query("SELECT * FROM items WHERE name = ?", [name]);
  if (!ALLOWED.includes(name)) return res.sendStatus(400);
  exec(\`ls \${name}\`);
  res.send(${bad ? "`<p>$" + "{name}</p>`" : "escapeHtml(name)"});
  return res.json({ rows, safe, filter });
});
`;
    case "py":
      return `@app.route("/items/${n}")
def items_${n}():
    item_id = request.args.get("id")
    name = request.form["name"]
    ${bad ? 'cursor.execute("SELECT * FROM items WHERE id = " + item_id)' : 'cursor.execute("SELECT * FROM items WHERE id = %s", (item_id,))'}
    limit = int(request.args.get("limit", "10"))
    cursor.execute(f"SELECT * FROM items LIMIT {limit}")
    if name not in ALLOWED:
        abort(400)
    os.system("ls " + name)
    return make_response(escape(name))
`;
    case "go":
      return `func items${n}(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	n, _ := strconv.Atoi(r.FormValue("n"))
	q := fmt.Sprintf("SELECT * FROM items WHERE id = '%s'", ${bad ? "id" : '"fixed"'})
	rows, _ := db.Query(q)
	defer rows.Close()
	db.Query("SELECT * FROM items LIMIT $1", n)
	fmt.Fprintf(w, "<p>%s</p>", html.EscapeString(id))
}
`;
    case "java":
      return `    public void items${n}(HttpServletRequest request, Connection conn) throws Exception {
        String id = request.getParameter("id");
        int n = Integer.parseInt(request.getParameter("n"));
        Statement stmt = conn.createStatement();
        stmt.executeQuery("SELECT * FROM items WHERE id = '" + ${bad ? "id" : '"fixed"'} + "'");
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM items WHERE id = ?");
        ps.setString(1, id);
        stmt.executeQuery("SELECT * FROM items LIMIT " + n);
    }
`;
  }
}

function logic(language: Language, n: number): string {
  switch (language) {
    case "js":
    case "ts":
      return `export function total${n}(items${language === "ts" ? ": { price: number; qty: number }[]" : ""}) {
  let sum = 0;
  for (const item of items) {
    if (item.qty > 0) {
      sum += item.price * item.qty;
    }
  }
  const rounded = Math.round(sum * 100) / 100;
  const label = \`total-\${rounded}\`;
  return { sum: rounded, label, count: items.length };
}
`;
    case "py":
      return `def total_${n}(items):
    total = 0
    for item in items:
        if item.qty > 0:
            total += item.price * item.qty
    rounded = round(total, 2)
    label = f"total-{rounded}"
    digest = hashlib.sha256(label.encode()).hexdigest()
    return {"sum": rounded, "label": label, "digest": digest}
`;
    case "go":
      return `func total${n}(items []Item) (float64, string) {
	sum := 0.0
	for _, item := range items {
		if item.Qty > 0 {
			sum += item.Price * float64(item.Qty)
		}
	}
	label := fmt.Sprintf("total-%.2f", sum)
	return sum, label
}
`;
    case "java":
      return `    public double total${n}(java.util.List<Item> items) {
        double sum = 0;
        for (Item item : items) {
            if (item.qty > 0) {
                sum += item.price * item.qty;
            }
        }
        String label = String.format("total-%.2f", sum);
        return sum;
    }
`;
  }
}

function header(language: Language): [string, string] {
  switch (language) {
    case "js":
      return ['const { exec } = require("child_process");\nconst crypto = require("crypto");\n\n', ""];
    case "ts":
      return ['import { exec } from "node:child_process";\nimport express from "express";\n\n', ""];
    case "py":
      return ["import hashlib\nimport os\nfrom flask import request, make_response, abort, escape\n\n\n", ""];
    case "go":
      return ['package main\n\nimport (\n\t"fmt"\n\t"html"\n\t"net/http"\n\t"strconv"\n)\n\n', ""];
    case "java":
      return ["import java.sql.*;\nimport javax.servlet.http.*;\n\npublic class Service {\n", "}\n"];
  }
}

export function generateCorpus(totalLines: number): { path: string; text: string; lines: number }[] {
  const next = random(7);
  const languages: Language[] = ["js", "ts", "py", "go", "java"];
  const files: { path: string; text: string; lines: number }[] = [];
  let lines = 0;
  for (let index = 0; lines < totalLines; index++) {
    const language = languages[index % languages.length]!;
    const [head, tail] = header(language);
    let text = head;
    const blocks = 6 + Math.floor(next() * 8);
    for (let block = 0; block < blocks; block++) {
      // About one block in four handles a request; the rest is business logic.
      text +=
        next() < 0.25
          ? handler(language, index * 100 + block, next() < 0.3)
          : logic(language, index * 100 + block);
      text += "\n";
    }
    text += tail;
    const count = text.split("\n").length;
    const name = language === "java" ? `Service${index}.java` : `file${index}.${language}`;
    files.push({ path: `src/${language}/${name}`, text, lines: count });
    lines += count;
  }
  return files;
}

const BATCH = 100;

export async function run(totalLines = 200_000): Promise<string> {
  await sastAnalyzer.prepare?.();
  const corpus = generateCorpus(totalLines);
  const lines = corpus.reduce((sum, file) => sum + file.lines, 0);
  const bytes = corpus.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
  // Warm-up on a slice so grammar loading and JIT are not measured.
  for (const file of corpus.slice(0, 50)) {
    const source = new SourceFile(file.path, file.text);
    analyzeFile(source, classify(file.path, file.text), [sastAnalyzer as Analyzer]);
  }
  let findings = 0;
  let skipped = 0;
  const started = performance.now();
  for (const [position, file] of corpus.entries()) {
    const source = new SourceFile(file.path, file.text);
    const result = analyzeFile(source, classify(file.path, file.text), [sastAnalyzer as Analyzer]);
    findings += result.findings.length;
    skipped += result.problems.length;
    // ast-grep frees a tree in a finalizer that runs on the event loop: yield between batches as
    // the scan's workers do, or native memory grows with every file of one synchronous loop.
    if (position % BATCH === BATCH - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRss = process.resourceUsage().maxRSS / 1024;
  const rows = [
    ["files", corpus.length],
    ["lines", lines],
    ["MB", (bytes / 1e6).toFixed(1)],
    ["rules", sastAnalyzer.rules.length],
    ["findings", findings],
    ["skipped files / failed rules", skipped],
    ["seconds (1 core, in-process)", seconds.toFixed(2)],
    ["lines/s per core", Math.round(lines / seconds)],
    ["files/s per core", Math.round(corpus.length / seconds)],
    ["peak RSS (MB)", Math.round(peakRss)],
  ];
  return [
    "Generated mixed JS/TS/Python/Go/Java corpus (one request handler in four blocks, a third of them",
    "with an unsanitized flow); every sast rule, parse once per file; Semgrep's typical figure is",
    "5-10k lines/s per core.",
    "",
    "| measure | value |",
    "| --- | --- |",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const lines = Number(process.argv[2] ?? 200_000);
  console.log(await run(lines));
}
