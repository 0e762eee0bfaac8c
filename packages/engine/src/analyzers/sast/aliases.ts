// Python import aliases for the pattern rules. The rules name calls by their module path
// (`subprocess.run(`, `pickle.loads(`, `hashlib.md5(`); a call through an alias (`import
// subprocess as sp`, `from pickle import loads as unpickle`, `from os import popen`) is parsed
// again with the path written out, so a rule sees `sp.run(…)` as `subprocess.run(…)`.
import type { SgNode } from "@ast-grep/napi";
import { parseTree } from "./ast-grep.ts";
import { LANGUAGES, type SastModel } from "./model.ts";

/** A call written through an alias, and the same call parsed with the module path written out. */
export interface AliasedCall {
  node: SgNode;
  canonical: SgNode;
}

const IMPORT_AS = /^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+(\w+)[ \t]*(?:#.*)?$/gm;
/** One-line `from m import a, b as c` (a parenthesised list on one line too). */
const FROM_IMPORT = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w \t,]+?)\)?[ \t]*(?:#.*)?$/gm;
/** Calls of at most this many aliases per file are re-parsed (generated code can import thousands). */
const MAX_ALIASED_CALLS = 200;

/**
 * The modules the Python pattern rules name (`languages/python-patterns.ts`): only aliases of
 * these are followed, so `from django.db import models` does not re-parse every `models.…(…)`.
 */
const RULE_MODULES =
  /^(?:subprocess|os|commands|popen2|asyncio|paramiko|pickle|cPickle|_pickle|dill|cloudpickle|marshal|shelve|jsonpickle|joblib|yaml|pandas|numpy|torch|hashlib|Crypto|Cryptodome|cryptography|random|ssl|OpenSSL|requests|telnetlib|ftplib|tempfile|tarfile|jinja2|mako|markupsafe|django\.utils\.safestring|pysnmp|logging|builtins|xml|lxml|urllib|urllib2|wsgiref|twisted\.web)(?:\.|$)/;
/** Modules under those that no rule names, with many calls (`os.path.join`). */
const UNNAMED_MODULES = /^os\.path(?:\.|$)/;

const followed = (path: string) => RULE_MODULES.test(path) && !UNNAMED_MODULES.test(path);

/** Local name → module path, from the file's import statements of modules the rules name. */
export function pythonAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const [, module, name] of text.matchAll(IMPORT_AS)) {
    if (module && name && module !== name && followed(module)) aliases.set(name, module);
  }
  for (const [, module, list] of text.matchAll(FROM_IMPORT)) {
    if (!module || !list || module.startsWith(".")) continue;
    for (const item of list.split(",")) {
      const [imported, local = imported] = item.trim().split(/\s+as\s+/);
      const path = `${module}.${imported}`;
      if (imported && local && /^\w+$/.test(imported) && /^\w+$/.test(local) && followed(path))
        aliases.set(local, path);
    }
  }
  return aliases;
}

/** The file's calls through an alias, each re-parsed with the module path written out (cached). */
export function aliasedCalls(model: SastModel): AliasedCall[] {
  if (model.language !== "python") return [];
  const cached = model.cache.get("aliasedCalls") as AliasedCall[] | undefined;
  if (cached) return cached;
  const calls: AliasedCall[] = [];
  const aliases = pythonAliases(model.file.text);
  if (aliases.size > 0) {
    const names = [...aliases.keys()].join("|");
    const nodes = model.root.findAll({ rule: { kind: "call", regex: `^(?:${names})\\s*[.(]` } });
    for (const node of nodes.slice(0, MAX_ALIASED_CALLS)) {
      const text = node.text();
      const head = /^\w+/.exec(text)?.[0];
      const module = head === undefined ? undefined : aliases.get(head);
      if (module === undefined) continue;
      const rewritten = module + text.slice(head!.length);
      const canonical = parseTree(LANGUAGES.python.grammar, rewritten)
        .root()
        .find({ rule: { kind: "call" } });
      if (canonical && canonical.text() === rewritten) calls.push({ node, canonical });
    }
  }
  model.cache.set("aliasedCalls", calls);
  return calls;
}
