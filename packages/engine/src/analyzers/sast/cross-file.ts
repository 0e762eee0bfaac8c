// Cross-file function summaries: a call of a function imported from another file of the same project
// (`from .helpers import build_query`, `import { q } from "./db"`, a Java class of the same source
// tree, a Go function of the same package folder) follows what that function does with its
// parameters, read from the other file once and cached by its content hash. The scan keeps its
// per-file contract: a file reads its neighbours through `SourceFile.readSibling` (bounded to the
// scan root and the size limit), and each worker keeps its own cache, so no pre-pass is needed and
// a second scan in the same process reuses what the first one summarised.
import { createHash } from "node:crypto";
import { folderOf, SourceFile } from "../../source.ts";
import type { TaintHazard } from "./languages/types.ts";
import { type LanguageName, parseSource, type SastModel } from "./model.ts";
import type { TaintOrigin } from "./taint.ts";

/** A sink that a parameter reaches inside the other file's function. */
export interface ParameterSink {
  position: number;
  label: string;
  callee: string;
  line: number;
  column: number;
}

/** What one function does for one hazard, seen from its callers. */
export interface HazardSummary {
  /** Untrusted data the function returns by itself (`return request.args["q"]`), in its own file. */
  source?: TaintOrigin;
  /** Parameters whose value reaches the return value (`return "x" + p`, not `return int(p)`). */
  returns: number[];
  /** Parameters that reach a sink of the hazard inside the function. */
  sinks: ParameterSink[];
}

export interface ExportedFunction {
  name: string;
  line: number;
  parameters: string[];
  /** Python methods: `self`/`cls` comes first and is not passed at the call. */
  receiverFirst: boolean;
  hazards: Partial<Record<TaintHazard, HazardSummary>>;
}

/** A function another file defines, as this file calls it (`build_query`, `helpers.build_query`, `Db.find`). */
export interface ImportedFunction {
  /** The defining file, relative to the scan root. */
  path: string;
  function: ExportedFunction;
}

/** Computes the summaries of a parsed file's top-level functions (taint.ts). */
export type Summariser = (model: SastModel) => ExportedFunction[];

/** A module text has no source at all: none of its functions can return untrusted data by itself. */
export type SourceCheck = (language: LanguageName, text: string) => boolean;

interface ModuleEntry {
  hasSource: boolean;
  /** Summarised on first need: a module without a source is not parsed for a caller that needs one. */
  functions?: Map<string, ExportedFunction> | null;
}

/**
 * Per worker, across scans: summaries by language and content hash. Bounded (oldest first out)
 * because a long-lived server process scans many repositories.
 */
const MODULES = new Map<string, ModuleEntry>();
const MAX_MODULES = 4_000;
/** Files read per importing file: a file importing hundreds of siblings follows the first ones. */
const MAX_MODULES_PER_FILE = 24;
/** Paths tried per importing file (most do not exist: standard library imports, other extensions). */
const MAX_ATTEMPTS_PER_FILE = 160;
/** Functions summarised per module: beyond that a generated file costs more than it tells. */
const MAX_FUNCTIONS = 150;

function cacheKey(language: LanguageName, text: string): string {
  return `${language}:${createHash("sha1").update(text).digest("base64")}`;
}

/** Forgets every cached summary (tests, and a server that wants its memory back). */
export function clearModuleSummaries(): void {
  MODULES.clear();
}

/** How many modules are cached (tests). */
export function cachedModuleCount(): number {
  return MODULES.size;
}

/** The other file's functions, or undefined when it does not exist or holds nothing for `needSource`. */
function loadModule(
  model: SastModel,
  path: string,
  summarise: Summariser,
  hasSource: SourceCheck,
  needSource: boolean,
): { exists: boolean; functions?: Map<string, ExportedFunction>; defaultExport?: string } {
  if (path === model.file.path) return { exists: false };
  const text = model.file.readSibling(path);
  if (text === undefined) return { exists: false };
  const language = model.language;
  const key = cacheKey(language, text);
  let entry = MODULES.get(key);
  if (!entry) {
    if (MODULES.size >= MAX_MODULES) MODULES.delete(MODULES.keys().next().value!);
    entry = { hasSource: hasSource(language, text) };
    MODULES.set(key, entry);
  }
  if (needSource && !entry.hasSource) return { exists: true };
  if (entry.functions === undefined) {
    entry.functions = null;
    try {
      // The neighbour is read without a sibling reader of its own: summaries are one file deep.
      const parsed = parseSource(new SourceFile(path, text));
      if (parsed.ok) {
        const functions = new Map<string, ExportedFunction>();
        for (const exported of summarise(parsed.model).slice(0, MAX_FUNCTIONS))
          if (!functions.has(exported.name)) functions.set(exported.name, exported);
        entry.functions = functions;
      }
    } catch {
      // a summary that fails is no summary: the call stays an unknown call
    }
  }
  const defaultExport = entry.functions ? defaultExportOf(language, text) : undefined;
  return {
    exists: true,
    ...(entry.functions ? { functions: entry.functions } : {}),
    ...(defaultExport ? { defaultExport } : {}),
  };
}

/**
 * The function a JS/TS module exports as itself: `module.exports = doAuth`,
 * `export default doAuth`, `export default function doAuth(`. Called by the name it was imported
 * as (`const auth = require("./auth"); auth(user, password)`).
 */
function defaultExportOf(language: LanguageName, text: string): string | undefined {
  if (language !== "javascript" && language !== "typescript" && language !== "tsx") return undefined;
  return (
    /^[ \t]*module\.exports[ \t]*=[ \t]*([\w$]+)[ \t]*;?[ \t]*$/m.exec(text)?.[1] ??
    /^[ \t]*export[ \t]+default[ \t]+(?:async[ \t]+)?(?:function\*?[ \t]+)?([\w$]+)/m.exec(text)?.[1]
  );
}

/** An import of this file: the name it calls and where the definition may live. */
interface ImportedName {
  /** `build_query` or, for a module imported whole, the qualifier (`helpers`, `db`, `Helper`). */
  local: string;
  /** The function's name in the other file; undefined when `local` names the whole module. */
  remote?: string;
  /** `local` is also the module's default export when called as a function (`auth(…)`). */
  callable?: boolean;
  /** Only the default export (an ESM default import), not `local.name` members. */
  only?: boolean;
  /** Candidate paths relative to the scan root, tried in order; the first that exists wins. */
  paths: string[];
}

/** Joins relative segments (`a/b`, `../c`) without leaving the root; undefined when it would. */
function joinPath(folder: string, relative: string): string | undefined {
  const parts = folder === "" ? [] : folder.split("/");
  for (const segment of relative.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}

const PYTHON_FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm;
const PYTHON_IMPORT = /^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*$/gm;

/** `a, b as c` (optionally parenthesised): pairs of remote and local names. */
function importList(list: string): { remote: string; local: string }[] {
  const names: { remote: string; local: string }[] = [];
  for (const item of list.replace(/[()]/g, "").split(",")) {
    const match = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(item.replace(/#.*$/gm, ""));
    if (match && match[1] !== "*") names.push({ remote: match[1]!, local: match[2] ?? match[1]! });
  }
  return names;
}

function pythonModulePaths(folder: string, dots: string, module: string): string[] {
  const tail = module.replace(/\./g, "/");
  const bases: string[] = [];
  if (dots.length > 0) {
    const base = joinPath(folder, "../".repeat(dots.length - 1));
    if (base !== undefined) bases.push(base);
  } else {
    // an absolute import of the project: the folder itself and its ancestors, nearest first
    let base: string | undefined = folder;
    for (let depth = 0; depth < 6 && base !== undefined; depth++) {
      bases.push(base);
      base = base === "" ? undefined : folderOf(base);
    }
  }
  const paths: string[] = [];
  for (const base of bases) {
    const stem = tail === "" ? base : base === "" ? tail : `${base}/${tail}`;
    if (stem === "") continue;
    paths.push(`${stem}.py`, `${stem}/__init__.py`);
  }
  return paths;
}

/**
 * `relativeOnly`: absolute imports (`import os`, `from app.db import f`) are tried in the file's
 * folder and each ancestor, a dozen missing paths per standard-library import; only files that
 * hold a source themselves pay for that.
 */
function pythonImports(model: SastModel, relativeOnly: boolean): ImportedName[] {
  const text = model.file.text;
  const folder = folderOf(model.file.path);
  const imports: ImportedName[] = [];
  // relative imports first: they are the project's own, absolute ones mostly libraries
  const froms = [...text.matchAll(PYTHON_FROM)].sort((a, b) => b[1]!.length - a[1]!.length);
  for (const match of froms) {
    const [, dots = "", module = "", list = ""] = match;
    if ((dots === "" && module === "") || (relativeOnly && dots === "")) continue;
    const paths = pythonModulePaths(folder, dots, module);
    for (const { remote, local } of importList(list)) {
      imports.push({ local, remote, paths });
      // `from . import helpers` / `from .pkg import mod`: the name may be a module of its own
      const sub = module === "" ? remote : `${module}.${remote}`;
      imports.push({ local, paths: pythonModulePaths(folder, dots, sub) });
    }
  }
  for (const match of relativeOnly ? [] : text.matchAll(PYTHON_IMPORT)) {
    // `import helpers` of a script beside it; a dotted one from the project's root folders
    const module = match[1]!;
    imports.push({ local: match[2] ?? module, paths: pythonModulePaths(folder, "", module) });
  }
  return imports;
}

const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".mts", ".cts"];

function scriptPaths(folder: string, specifier: string): string[] {
  const joined = joinPath(folder, specifier);
  if (joined === undefined || joined === "") return [];
  const paths: string[] = [];
  // TypeScript sources import `./db.js` for the file `db.ts`
  const stem = joined.replace(/\.(?:js|mjs|cjs|jsx)$/, "");
  if (/\.(?:[cm]?[jt]sx?)$/.test(joined)) paths.push(joined);
  for (const extension of SCRIPT_EXTENSIONS) paths.push(`${stem}${extension}`);
  for (const extension of [".ts", ".js"]) paths.push(`${joined}/index${extension}`);
  return [...new Set(paths)];
}

const ESM_IMPORT =
  /^[ \t]*import[ \t]+(?:type[ \t]+)?(?:([\w$]+)[ \t]*,?[ \t]*)?(?:\{([^}]*)\}|\*[ \t]*as[ \t]+([\w$]+))?[ \t]*from[ \t]*["'](\.{1,2}\/[^"']+)["']/gm;
const REQUIRE_NAMES =
  /\b(?:const|let|var)[ \t]+(?:\{([^}]*)\}|([\w$]+))[ \t]*=[ \t]*require\([ \t]*["'](\.{1,2}\/[^"']+)["'][ \t]*\)/g;

/** Every relative module a script loads: `require("./x")` anywhere, `import … from "./x"`, `import "./x"`. */
const LOCAL_MODULE =
  /\brequire\([ \t]*["'](\.{1,2}\/[^"']+)["'][ \t]*\)|^[ \t]*import\b[^"'\n]*["'](\.{1,2}\/[^"']+)["']/gm;
/** Modules read per file for `localModulesMention`. */
const MAX_MENTION_MODULES = 20;

/**
 * Whether a module this script loads by a relative path (one level, at most 20) matches `pattern`:
 * an Express app whose helmet or CSRF middleware is set up in `./security.js` is hardened there.
 */
export function localModulesMention(model: SastModel, pattern: RegExp): boolean {
  if (model.language !== "javascript" && model.language !== "typescript" && model.language !== "tsx")
    return false;
  const folder = folderOf(model.file.path);
  let read = 0;
  for (const match of model.file.text.matchAll(LOCAL_MODULE)) {
    for (const path of scriptPaths(folder, (match[1] ?? match[2])!)) {
      if (path === model.file.path) continue;
      const text = model.file.readSibling(path);
      if (text === undefined) continue;
      if (pattern.test(text)) return true;
      read++;
      break;
    }
    if (read >= MAX_MENTION_MODULES) break;
  }
  return false;
}

function scriptImports(model: SastModel): ImportedName[] {
  const text = model.file.text;
  const folder = folderOf(model.file.path);
  const imports: ImportedName[] = [];
  const named = (list: string, paths: string[]) => {
    for (const item of list.split(",")) {
      const match = /^\s*(?:type\s+)?([\w$]+)(?:\s*(?:as|:)\s*([\w$]+))?\s*$/.exec(item);
      if (match) imports.push({ local: match[2] ?? match[1]!, remote: match[1]!, paths });
    }
  };
  for (const match of text.matchAll(ESM_IMPORT)) {
    const [, defaultName, list, namespace, specifier] = match;
    const paths = scriptPaths(folder, specifier!);
    if (defaultName) imports.push({ local: defaultName, paths, callable: true, only: true });
    if (list) named(list, paths);
    if (namespace) imports.push({ local: namespace, paths });
  }
  for (const match of text.matchAll(REQUIRE_NAMES)) {
    const [, list, whole, specifier] = match;
    const paths = scriptPaths(folder, specifier!);
    if (list) named(list, paths);
    if (whole) imports.push({ local: whole, paths, callable: true });
  }
  return imports;
}

/**
 * Java: `Helper.method(…)` of a class imported by name (`import com.acme.db.Helper;`, found under
 * the source root the file's `package` line implies) or of the same package (the same folder), and
 * `com.acme.db.Helper.method(…)` called by its qualified name, found under the source root.
 */
function javaImports(model: SastModel): ImportedName[] {
  const text = model.file.text;
  const { classPath } = javaPackage(model);
  const classes = new Map<string, string | undefined>();
  for (const match of text.matchAll(/(?<![\w.])((?:[a-z]\w*\.)*)([A-Z]\w*)\s*\.\s*[a-z]\w*\s*\(/g)) {
    const qualifier = match[1]!.slice(0, -1) || undefined;
    if (qualifier && JDK_PACKAGE.test(qualifier)) continue;
    classes.set(qualifier ? `${qualifier}.${match[2]!}` : match[2]!, qualifier);
    if (classes.size >= 40) break;
  }
  const imports: ImportedName[] = javaInstances(model);
  for (const [local, qualifier] of classes) {
    const path = classPath(qualifier ? local.slice(qualifier.length + 1) : local, qualifier);
    if (path) imports.push({ local, paths: [path] });
  }
  return imports;
}

/** The JDK's own packages (`java.net.URLDecoder.decode(…)`): never a file of the project. */
const JDK_PACKAGE = /^(?:java|javax|jdk|sun|com\.sun)(?:\.|$)/;

/**
 * Where a Java file's classes live: `classPath(name, qualifier?)` is the file of a class named
 * with its package (`com.acme`), by its import, or else of the file's own folder (its package);
 * undefined when the source root cannot be told from the file's `package` line.
 */
function javaPackage(model: SastModel): { classPath(name: string, qualifier?: string): string | undefined } {
  const text = model.file.text;
  const folder = folderOf(model.file.path);
  const root = javaSourceRoot(model);
  const ownPackage = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const imported = new Map<string, string>();
  for (const match of text.matchAll(/^\s*import\s+([\w.]+)\.([A-Z]\w*)\s*;/gm))
    imported.set(match[2]!, match[1]!.replace(/\./g, "/"));
  return {
    classPath(name, qualifier) {
      // a class of the file's own package lives beside it, whatever the source root
      const samePackage = qualifier !== undefined && qualifier === ownPackage;
      const from = samePackage ? undefined : (qualifier?.replace(/\./g, "/") ?? imported.get(name));
      if (from === undefined) return `${folder === "" ? "" : `${folder}/`}${name}.java`;
      return root === undefined ? undefined : `${root === "" ? "" : `${root}/`}${from}/${name}.java`;
    },
  };
}

/**
 * The source root a Java file's `package` line implies (`src/main/java` for
 * `src/main/java/com/acme/A.java` in `package com.acme;`, "" at the scan root); undefined when the
 * file's folder does not end with its package.
 */
export function javaSourceRoot(model: SastModel): string | undefined {
  const folder = folderOf(model.file.path);
  const pkgPath = /^\s*package\s+([\w.]+)\s*;/m.exec(model.file.text)?.[1]?.replace(/\./g, "/");
  return pkgPath && (folder === pkgPath || folder.endsWith(`/${pkgPath}`))
    ? folder.slice(0, folder.length - pkgPath.length).replace(/\/$/, "")
    : undefined;
}

/** `Helper helper = new Helper(…)` and `com.acme.Helper h = new com.acme.Helper(…)`: the variable. */
const JAVA_INSTANCE =
  /(?<![\w.])(?:([a-z]\w*(?:\.[a-z]\w*)*)\.)?([A-Z]\w*)\s+([a-z]\w*)\s*=\s*new\s+(?:\1\.)?\2\s*\(([^()]*)\)/g;
/** A constructor given the servlet request (the names the Java sources read from). */
const REQUEST_ARGUMENT = /(?<![\w.])(?:request|req|httpRequest|servletRequest|httpServletRequest)(?![\w$])/;

/**
 * Java: variables holding an object of a project class, made in place (`scr.getTheParameter(…)`
 * follows `SeparateClassRequest.getTheParameter`): the class is found by its qualified name under
 * the source root, its import, or in the same folder. `fromRequest`: the constructor got the request.
 */
function javaInstances(model: SastModel): (ImportedName & { fromRequest: boolean })[] {
  const text = model.file.text;
  if (!/\bnew\s/.test(text)) return [];
  const { classPath } = javaPackage(model);
  const instances: (ImportedName & { fromRequest: boolean })[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(JAVA_INSTANCE)) {
    const [, qualifier, name, variable, args] = match;
    if (seen.has(variable!) || instances.length >= 20) continue;
    seen.add(variable!);
    const path = classPath(name!, qualifier);
    if (path) instances.push({ local: variable!, paths: [path], fromRequest: REQUEST_ARGUMENT.test(args!) });
  }
  return instances;
}

/** Go: every other `.go` file of the folder (one package), not tests; plain calls resolve there. */
function goImports(model: SastModel): ImportedName[] {
  const folder = folderOf(model.file.path);
  const files = model.file.listFolder?.(folder) ?? [];
  return files
    .filter((name) => name.endsWith(".go") && !name.endsWith("_test.go"))
    .map((name) => ({ local: "", paths: [folder === "" ? name : `${folder}/${name}`] }));
}

function importsOf(model: SastModel, needSource: boolean): ImportedName[] {
  switch (model.language) {
    case "python":
      return pythonImports(model, needSource);
    case "javascript":
    case "typescript":
    case "tsx":
      return scriptImports(model);
    case "java":
      return javaImports(model);
    case "go":
      return goImports(model);
    case "template":
      return [];
  }
}

/**
 * The functions of other files this file can call, by the callee text of a call
 * (`build_query`, `helpers.build_query`, `Helper.find`). `needSource`: only modules that contain a
 * source are read to the end (a file without a source of its own can only get one from a helper
 * that returns it). Cached on the model.
 */
export function importedFunctions(
  model: SastModel,
  summarise: Summariser,
  hasSource: SourceCheck,
  needSource: boolean,
): Map<string, ImportedFunction> {
  const cacheName = `imports:${needSource}`;
  const cached = model.cache.get(cacheName) as Map<string, ImportedFunction> | undefined;
  if (cached) return cached;
  const table = new Map<string, ImportedFunction>();
  // Go and Java name no imported function: every file of the folder (or every class called) would
  // be read for each file of the package. Followed only from files that hold a source themselves,
  // except a Java object built from the request (`new SeparateClassRequest(request)`): its methods
  // may be where the request is read.
  if (needSource && model.language === "go") {
    model.cache.set(cacheName, table);
    return table;
  }
  const candidates =
    needSource && model.language === "java"
      ? javaInstances(model).filter((instance) => instance.fromRequest)
      : importsOf(model, needSource);
  let read = 0;
  let attempts = 0;
  for (const imported of candidates) {
    if (read >= MAX_MODULES_PER_FILE || attempts >= MAX_ATTEMPTS_PER_FILE) break;
    for (const path of imported.paths) {
      if (attempts++ >= MAX_ATTEMPTS_PER_FILE) break;
      const module = loadModule(model, path, summarise, hasSource, needSource);
      if (!module.exists) continue;
      read++;
      const functions = module.functions;
      if (!functions) break;
      if (imported.remote !== undefined) {
        const exported = functions.get(imported.remote);
        if (exported) table.set(imported.local, { path, function: exported });
      } else if (imported.local === "") {
        for (const [name, exported] of functions)
          if (!table.has(name)) table.set(name, { path, function: exported });
      } else {
        if (!imported.only)
          for (const [name, exported] of functions)
            table.set(`${imported.local}.${name}`, { path, function: exported });
        const main =
          imported.callable && module.defaultExport ? functions.get(module.defaultExport) : undefined;
        if (main) table.set(imported.local, { path, function: main });
      }
      break;
    }
  }
  model.cache.set(cacheName, table);
  return table;
}
