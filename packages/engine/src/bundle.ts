// Bundles of Rampart's TypeScript, for code that must start fast: scan workers and the CLI. The
// engine is TypeScript run through tsx, and a worker thread starts without the parent's loaders:
// loading the registry's modules through tsx took most of a worker's start-up (0.8 s alone, 1.5 s
// for two at once on two cores), and about 1 s of every CLI run. So an entry and everything it
// imports from the workspace is bundled into one JavaScript file with esbuild (0.1-0.4 s, in
// esbuild's own process), kept until one of its files changes (bundle-cache.mjs). Packages from
// node_modules stay outside the bundle and are imported from where they are installed, so native
// addons and WASM files load as they do from source. When bundling fails for any reason, workers
// fall back to registering tsx themselves (worker-entry.mjs): slower, same result.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
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
  // Built beside the bundle, then moved into place: the entry last, so no process sees an entry
  // whose chunks are missing.
  const building = join(folder, `build.${process.pid}.partial`);
  rmSync(building, { recursive: true, force: true });
  const externals = new Set<string>();
  // esbuild is loaded only to build: a run whose bundle is current (every CLI run but the first
  // after a change) does not pay its 50 ms of loading.
  const { build } = await import("esbuild");
  const buildStarted = Date.now();
  const result = await build({
    entryPoints: [ENTRY],
    // Code behind a dynamic import (a command, an analyzer's parser, the SBOM writers) goes into a
    // chunk of its own and, with it, its installed packages: a bundle without chunks hoisted every
    // package's import to its top, and a `rampart scan` of an empty folder loaded all of them.
    splitting: true,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: building,
    entryNames: "bundle",
    chunkNames: "chunk-[hash]",
    outExtension: { ".js": ".mjs" },
    metafile: true,
    logLevel: "silent",
    plugins: [entryOf(entry), installedPackagesOutside(externals), importMetaOfSource, jsonParsed],
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
  // Renamed into place so a concurrent process never reads half a file. A chunk's name is the hash
  // of its content, so replacing one of the same name changes nothing for a process that uses it.
  const chunks = readdirSync(building).filter((name) => name.startsWith("chunk-"));
  for (const chunk of chunks) renameSync(join(building, chunk), join(folder, chunk));
  renameSync(join(building, "bundle.mjs"), outfile);
  rmSync(building, { recursive: true, force: true });
  removeOldChunks(folder, new Set(chunks));
  // A file saved while esbuild ran may be newer than what the bundle holds: stamping it now would
  // make the stale bundle look current, so this bundle serves this run only.
  if (!editedDuringBuild) {
    writeFileSync(`${stampFile(folder)}.${process.pid}.partial`, JSON.stringify(stamp));
    renameSync(`${stampFile(folder)}.${process.pid}.partial`, stampFile(folder));
  }
  return pathToFileURL(outfile);
}

/** A chunk no build has written for a day: a process started from an older bundle has long loaded it. */
const CHUNK_KEPT_MS = 24 * 60 * 60 * 1000;

function removeOldChunks(folder: string, current: ReadonlySet<string>): void {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith("chunk-") || current.has(name)) continue;
    const stats = statSync(join(folder, name), { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > CHUNK_KEPT_MS) rmSync(join(folder, name), { force: true });
  }
}

const ENTRY = "rampart-bundle-entry";

/** The entry's code as a module of its own (esbuild splits chunks only from entry points, not stdin). */
function entryOf(entry: BundleEntry): Plugin {
  return {
    name: "entry",
    setup(context) {
      context.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: "entry" }));
      context.onLoad({ filter: /.*/, namespace: "entry" }, () => ({
        contents: entry.contents,
        resolveDir: entry.resolveDir,
        loader: "ts",
      }));
    },
  };
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

/**
 * A JSON module as `JSON.parse` of its text rather than esbuild's object literal: V8 reads JSON
 * faster than the same data as JavaScript it must parse and compile, and the registry's rule
 * outlines (300 kB of catalogue.json) load on every CLI run, an empty scan's too.
 */
const jsonParsed: Plugin = {
  name: "json-parsed",
  setup(context) {
    context.onLoad({ filter: /\.json$/ }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const text = JSON.stringify(JSON.parse(readFileSync(args.path, "utf8")));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: "js" };
    });
  },
};
