// Bundles of Rampart's TypeScript, for code that must start fast: scan workers and the CLI. The
// engine is TypeScript run through tsx, and a worker thread starts without the parent's loaders:
// loading the registry's modules through tsx took most of a worker's start-up (0.8 s alone, 1.5 s
// for two at once on two cores), and about 1 s of every CLI run. So an entry and everything it
// imports from the workspace is bundled into one JavaScript file with esbuild (0.1-0.4 s, in
// esbuild's own process), kept until one of its files changes (bundle-cache.mjs). Packages from
// node_modules stay outside the bundle and are imported from where they are installed, so native
// addons and WASM files load as they do from source. When bundling fails for any reason, workers
// fall back to registering tsx themselves (worker-entry.mjs): slower, same result.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { bundleFile, bundleFolder, currentBundle, isPrivate, stampFile } from "./bundle-cache.mjs";

const TSX_ENTRY = new URL("./worker-entry.mjs", import.meta.url);
const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

export interface BundleEntry {
  /** Names the bundle in the cache: the same key with changed files replaces the bundle. */
  key: string;
  /** The entry module's code (TypeScript); its imports resolve from `resolveDir`. */
  contents: string;
  resolveDir: string;
}

type Stamp = [path: string, size: number, modified: number][];

/** The bundle of an entry: the cached one while it is current, else a new one. */
export async function cachedBundle(entry: BundleEntry): Promise<URL> {
  const folder = bundleFolder(entry.key);
  const current = currentBundle(folder);
  if (current) return current;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (!isPrivate(folder)) throw new Error(`bundle cache ${folder} is not private to this user`);
  const outfile = bundleFile(folder);
  const partial = `${outfile}.${process.pid}.partial`;
  const externals = new Set<string>();
  const buildStarted = Date.now();
  const result = await build({
    stdin: { contents: entry.contents, resolveDir: entry.resolveDir, sourcefile: "entry.ts", loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile: partial,
    metafile: true,
    logLevel: "silent",
    plugins: [installedPackagesOutside(externals), importMetaOfSource],
  });
  // Installed packages are stamped too: a reinstall that moves or changes one rebuilds the bundle.
  const stamp: Stamp = [];
  let editedDuringBuild = false;
  for (const input of [...Object.keys(result.metafile.inputs).map((path) => resolve(path)), ...externals]) {
    const stats = statSync(input, { throwIfNoEntry: false });
    if (!stats) continue; // the generated entry
    stamp.push([input, stats.size, stats.mtimeMs]);
    if (stats.mtimeMs >= buildStarted) editedDuringBuild = true;
  }
  // The old stamp goes first: no process may take the new bundle for the old one's sources.
  rmSync(stampFile(folder), { force: true });
  // Renamed into place so a concurrent process never reads half a file.
  renameSync(partial, outfile);
  // A file saved while esbuild ran may be newer than what the bundle holds: stamping it now would
  // make the stale bundle look current, so this bundle serves this run only.
  if (!editedDuringBuild) {
    writeFileSync(`${stampFile(folder)}.${process.pid}.partial`, JSON.stringify(stamp));
    renameSync(`${stampFile(folder)}.${process.pid}.partial`, stampFile(folder));
  }
  return pathToFileURL(outfile);
}

const scripts = new Map<string, Promise<URL>>();

/** The worker script for a registry: a bundle when esbuild can make one, else the tsx entry. */
export function workerScript(registryUrl: string): Promise<URL> {
  let script = scripts.get(registryUrl);
  if (!script) {
    script = workerBundle(registryUrl).catch(() => TSX_ENTRY);
    scripts.set(registryUrl, script);
  }
  return script;
}

/** Builds (or reuses) the worker bundle for a registry; `workerScript` memoises it per process. */
export async function workerBundle(registryUrl: string): Promise<URL> {
  if (!registryUrl.startsWith("file:")) return TSX_ENTRY;
  return cachedBundle({
    key: `worker\0${registryUrl}`,
    contents: [
      `import { serveWorker } from ${JSON.stringify(WORKER)};`,
      `import * as registry from ${JSON.stringify(fileURLToPath(registryUrl))};`,
      "await serveWorker(registry);",
    ].join("\n"),
    resolveDir: dirname(WORKER),
  });
}

const RESOLVING = Symbol("resolving");

/**
 * Imports of installed packages become imports of their resolved files (by absolute URL, since the
 * bundle lives in a temporary folder), collected in `externals`. Workspace packages resolve to
 * TypeScript sources outside node_modules and are bundled like the engine's own files.
 */
function installedPackagesOutside(externals: Set<string>): Plugin {
  return {
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
        externals.add(resolved.path);
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

/**
 * `import.meta.url` and `import.meta.dirname` keep meaning the source file they are written in
 * (they locate grammars and data files), not the bundle.
 */
/** `import.meta.x` in code; a quoted one (as in this file) is text, not code. */
const IMPORT_META = /(?<!["'`])\bimport\.meta\.(url|dirname|filename)\b(?!["'`])/g;

const importMetaOfSource: Plugin = {
  name: "import-meta-of-source",
  setup(context) {
    context.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const values: Record<string, string> = {
        url: pathToFileURL(args.path).href,
        dirname: dirname(args.path),
        filename: args.path,
      };
      const contents = source.replace(IMPORT_META, (_whole, name: string) => JSON.stringify(values[name]));
      return { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
    });
  },
};
