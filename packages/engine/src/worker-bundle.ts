// The script a scan worker runs. The engine is TypeScript run through tsx, and a worker thread
// starts without the parent's loaders: loading the registry's modules through tsx took most of a
// worker's start-up (0.8 s alone, 1.5 s for two at once on two cores). So a scan with workers first
// bundles the worker and its registry into one JavaScript file with esbuild (0.1-0.4 s, in
// esbuild's own process), kept until its sources change; workers then start in about 0.3 s.
// Packages from node_modules stay outside the bundle and are imported from where they are
// installed, so native addons and WASM files load as they do from source. When bundling fails for
// any reason, workers fall back to registering tsx themselves (worker-entry.mjs): slower, same result.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin, version } from "esbuild";

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

/**
 * Bundles are kept between processes, one folder per registry, owned by this user: a scan reuses
 * one while every input file still has the size and modification time it had when it was built.
 */
const CACHE = join(tmpdir(), `rampart-worker-bundles-${process.getuid?.() ?? "user"}`);

type Stamp = [path: string, size: number, modified: number][];

/** Builds (or reuses) the bundle for a registry; `workerScript` memoises it per process. */
export async function bundle(registryUrl: string): Promise<URL> {
  if (!registryUrl.startsWith("file:")) return TSX_ENTRY;
  const key = createHash("sha256").update(`${registryUrl}\0${version}\0${process.version}`).digest("hex");
  const directory = join(CACHE, key.slice(0, 16));
  const outfile = join(directory, "worker.mjs");
  const stampFile = join(directory, "inputs.json");
  if (isCurrent(directory, stampFile)) return pathToFileURL(outfile);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const partial = `${outfile}.${process.pid}.partial`;
  const result = await build({
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
    outfile: partial,
    metafile: true,
    logLevel: "silent",
    plugins: [installedPackagesOutside, importMetaOfSource],
  });
  const stamp: Stamp = [];
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = resolve(input);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats) stamp.push([path, stats.size, stats.mtimeMs]); // else the generated entry
  }
  // Renamed into place so a concurrent scan never reads half a file.
  renameSync(partial, outfile);
  writeFileSync(`${stampFile}.${process.pid}.partial`, JSON.stringify(stamp));
  renameSync(`${stampFile}.${process.pid}.partial`, stampFile);
  return pathToFileURL(outfile);
}

/** True when the folder is this user's and its bundle was built from the files as they are now. */
function isCurrent(directory: string, stampFile: string): boolean {
  try {
    const folder = statSync(directory);
    if (process.getuid && folder.uid !== process.getuid()) return false;
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Stamp;
    return (
      stamp.length > 0 &&
      stamp.every(([path, size, modified]) => {
        const stats = statSync(path, { throwIfNoEntry: false });
        return stats?.size === size && stats.mtimeMs === modified;
      })
    );
  } catch {
    return false;
  }
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
