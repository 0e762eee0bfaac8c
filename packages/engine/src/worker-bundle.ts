// The script a scan worker runs. The engine is TypeScript run through tsx, and a worker thread
// starts without the parent's loaders: loading the registry's modules through tsx took most of a
// worker's start-up (0.8 s alone, 1.5 s for two at once on two cores). So a scan with workers first
// bundles the worker and its registry into one JavaScript file with esbuild (about 0.1 s, in
// esbuild's own process), once per process and registry; workers then start in about 0.3 s.
// Packages from node_modules stay outside the bundle and are imported from where they are
// installed, so native addons and WASM files load as they do from source. When bundling fails for
// any reason, workers fall back to registering tsx themselves (worker-entry.mjs): slower, same result.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const TSX_ENTRY = new URL("./worker-entry.mjs", import.meta.url);
const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

const scripts = new Map<string, Promise<URL>>();

/** The worker script for a registry: a bundle when esbuild can make one, else the tsx entry. */
export function workerScript(registryUrl: string): Promise<URL> {
  let script = scripts.get(registryUrl);
  if (!script) {
    script = bundle(registryUrl).catch(() => TSX_ENTRY);
    scripts.set(registryUrl, script);
  }
  return script;
}

async function bundle(registryUrl: string): Promise<URL> {
  if (!registryUrl.startsWith("file:")) return TSX_ENTRY;
  const directory = mkdtempSync(join(tmpdir(), "rampart-worker-"));
  process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
  const outfile = join(directory, "worker.mjs");
  await build({
    stdin: {
      contents: [
        `import { serveWorker } from ${JSON.stringify(WORKER)};`,
        `import * as registry from ${JSON.stringify(fileURLToPath(registryUrl))};`,
        "await serveWorker(registry);",
      ].join("\n"),
      resolveDir: dirname(WORKER),
      sourcefile: "worker-bundle.ts",
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "silent",
    plugins: [installedPackagesOutside, importMetaOfSource],
  });
  return pathToFileURL(outfile);
}

const RESOLVING = Symbol("resolving");

/**
 * Imports of installed packages become imports of their resolved files (by absolute URL, since the
 * bundle lives in a temporary folder). Workspace packages resolve to TypeScript sources outside
 * node_modules and are bundled like the engine's own files.
 */
const installedPackagesOutside: Plugin = {
  name: "installed-packages-outside",
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING || isBuiltin(args.path)) return undefined;
      const resolved = await context.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: RESOLVING,
      });
      if (resolved.errors.length > 0 || !resolved.path.includes("/node_modules/")) return undefined;
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/**
 * `import.meta.url` and `import.meta.dirname` keep meaning the source file they are written in
 * (they locate grammars and data files), not the bundle.
 */
const importMetaOfSource: Plugin = {
  name: "import-meta-of-source",
  setup(context) {
    context.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const contents = source
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
    });
  },
};
