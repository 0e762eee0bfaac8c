import { chmodSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../test/temp-tree.ts";
import type { AnalyzerRun } from "./analyzer.ts";
import { workerBundle, workerScript } from "./bundle.ts";
import { currentBundle } from "./bundle-cache.mjs";
import { DEFAULT_REGISTRY_URL, scan } from "./scan.ts";

/**
 * Dates a file a minute back: written in the millisecond a build starts, it would count as saved
 * during the build, and the bundle would (rightly) get no stamp.
 */
function writtenBefore(path: string): void {
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
}

/** An analyzer run without its timing, which differs between any two scans. */
function withoutTime({ busyMs: _busyMs, ...run }: AnalyzerRun): Omit<AnalyzerRun, "busyMs"> {
  return run;
}

/** The code of a bundle: its entry and every chunk the entry reaches. */
function bundleCode(entry: URL): string {
  const folder = dirname(fileURLToPath(entry));
  const seen = new Set<string>();
  const read = (file: string): string => {
    if (seen.has(file)) return "";
    seen.add(file);
    const code = readFileSync(join(folder, file), "utf8");
    const chunks = [...code.matchAll(/"\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((match) => match[1]!);
    return [code, ...chunks.map(read)].join("\n");
  };
  return read("bundle.mjs");
}

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

describe("workerScript", () => {
  it("bundles the worker with the registry, leaving installed packages outside", async () => {
    const script = await workerScript(DEFAULT_REGISTRY_URL);
    expect(script.pathname.endsWith("/bundle.mjs")).toBe(true);
    const code = bundleCode(script);
    // An ES package is imported from where it is installed; a CommonJS one the sources require
    // (ast-grep's native binding) is left to `require`, not copied in.
    expect(code).toContain("node_modules/js-yaml/");
    expect(code).toContain('("@ast-grep/napi")');
    expect(code).not.toContain("nativeBinding");
    expect(code).not.toContain("import.meta.url");
    expect(await workerScript(DEFAULT_REGISTRY_URL)).toBe(script);
  });

  it("reuses a bundle until one of its sources changes", async () => {
    tree = makeTree({});
    const registry = join(tree.root, "registry.ts");
    const example = new URL("../test/example-registry.ts", import.meta.url).pathname;
    writeFileSync(
      registry,
      `export { analyzers } from ${JSON.stringify(example)};\nexport const marker = "one";\n`,
    );
    writtenBefore(registry);
    const url = `file://${registry}`;
    const first = await workerBundle(url);
    const built = readFileSync(fileURLToPath(first), "utf8");
    expect(built).toContain(`"one"`);
    const builtAt = statSync(fileURLToPath(first)).mtimeMs;
    expect(await workerBundle(url)).toEqual(first);
    expect(statSync(fileURLToPath(first)).mtimeMs).toBe(builtAt); // reused, not rebuilt
    writeFileSync(
      registry,
      `export { analyzers } from ${JSON.stringify(example)};\nexport const marker = "two";\n`,
    );
    utimesSync(registry, new Date(), new Date(Date.now() + 5_000));
    const second = await workerBundle(url);
    expect(readFileSync(fileURLToPath(second), "utf8")).toContain(`"two"`);
    rmSync(dirname(fileURLToPath(second)), { recursive: true, force: true });
  });

  it("does not keep a bundle as current when a source is newer than the build", async () => {
    tree = makeTree({});
    const registry = join(tree.root, "registry.ts");
    const example = new URL("../test/example-registry.ts", import.meta.url).pathname;
    writeFileSync(registry, `export { analyzers } from ${JSON.stringify(example)};\n`);
    // as if saved while esbuild was reading it
    utimesSync(registry, new Date(), new Date(Date.now() + 60_000));
    const url = `file://${registry}`;
    const built = await workerBundle(url);
    const folder = dirname(fileURLToPath(built));
    try {
      expect(readFileSync(fileURLToPath(built), "utf8")).toContain("serveWorker");
      expect(currentBundle(folder)).toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("neither uses nor writes a bundle in a folder others may write to", async () => {
    tree = makeTree({});
    const registry = join(tree.root, "registry.ts");
    const example = new URL("../test/example-registry.ts", import.meta.url).pathname;
    writeFileSync(registry, `export { analyzers } from ${JSON.stringify(example)};\n`);
    writtenBefore(registry);
    const url = `file://${registry}`;
    const built = await workerBundle(url);
    const folder = dirname(fileURLToPath(built));
    expect(currentBundle(folder)?.href).toBe(built.href);
    chmodSync(folder, 0o777);
    try {
      expect(currentBundle(folder)).toBeUndefined();
      await expect(workerBundle(url)).rejects.toThrow(/not private to this user/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("falls back to the tsx entry when the registry cannot be bundled", async () => {
    const script = await workerScript(new URL("./no-such-registry.ts", import.meta.url).href);
    expect(script.pathname.endsWith("/worker-entry.mjs")).toBe(true);
  });

  it("finds in bundled workers what the engine finds in-process (grammars, WASM and data located)", async () => {
    tree = makeTree({
      "main.tf": 'resource "aws_db_instance" "db" {\n  storage_encrypted = false\n}\n',
      "deploy.yaml":
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n",
      "app.py": "import os\nfrom flask import request\n\ndef run():\n    os.system(request.args['cmd'])\n",
      "server.js":
        "app.get('/', (req, res) => {\n  db.query('SELECT * FROM t WHERE id = ' + req.query.id);\n});\n",
      Dockerfile: "FROM node:latest\nRUN curl https://x.example/i.sh | sh\n",
    });
    const inProcess = await scan(tree.root, { workers: 0 });
    const threaded = await scan(tree.root, { workers: 2 });
    const rules = new Set(threaded.findings.map((finding) => finding.ruleId.split("/")[0]));
    expect([...rules].sort()).toEqual(["dockerfile", "kubernetes", "sast", "terraform"]);
    expect(threaded.findings).toEqual(inProcess.findings);
    expect(threaded.analyzers.map(withoutTime)).toEqual(inProcess.analyzers.map(withoutTime));
  });
});
