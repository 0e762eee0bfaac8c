// Mechanical fixes for predictable randomness, only where the secure call has the same meaning:
// Python `random.choice/randrange(n)/getrandbits/randint(simple bounds)` → `secrets`, Java
// `new Random()` → `new SecureRandom()` (a subclass, so every use still compiles), and JS
// `Math.random().toString(36).slice(2)` token strings in Node code → `crypto.randomBytes(…)`, and
// `Math.floor(Math.random() * N)` → `crypto.randomInt(N)`.
// Everything else (`random.random()`, `uniform`, `sample`, Go's math/rand, browser code) has no
// equivalent call and gets advice only.
import type { SgNode } from "@ast-grep/napi";
import type { Report } from "../../rule.ts";
import { type Insertion, javaImport, javascriptImport, moduleStyle, pythonImport } from "./imports.ts";
import type { SastModel } from "./model.ts";

type Fix = NonNullable<Report["fix"]>;

function byteEdit(model: SastModel, start: number, end: number, text: string) {
  return { start: model.file.byteOffsetOfIndex(start), end: model.file.byteOffsetOfIndex(end), text };
}

function withImport(
  model: SastModel,
  description: string,
  edit: { start: number; end: number; text: string },
  insertion: Insertion | null,
): Fix {
  const edits = [byteEdit(model, edit.start, edit.end, edit.text)];
  if (insertion) edits.unshift(byteEdit(model, insertion.index, insertion.index, insertion.text));
  return { description, edits };
}

// ---- Python ----

const INTEGER = /^\d[\d_]*$/;
const NAME = /^[A-Za-z_]\w*$/;
/** Parents where `a + b` needs no parentheses to keep its meaning. */
const PYTHON_SUM_SAFE = new Set([
  "argument_list",
  "assignment",
  "return_statement",
  "keyword_argument",
  "expression_statement",
  "list",
  "tuple",
  "pair",
]);

function pythonReplacement(node: SgNode, method: string, args: SgNode[]): string | undefined {
  const texts = args.map((arg) => arg.text());
  if (args.some((arg) => (arg.kind() as string) === "keyword_argument" || /^\*/.test(arg.text())))
    return undefined;
  if (method === "choice" && texts.length === 1) return `secrets.choice(${texts[0]})`;
  if (method === "getrandbits" && texts.length === 1) return `secrets.randbits(${texts[0]})`;
  if (method === "randrange" && texts.length === 1) return `secrets.randbelow(${texts[0]})`;
  if (method !== "randint" || texts.length !== 2) return undefined;
  const [low, high] = texts as [string, string];
  let sum: string;
  if (INTEGER.test(low) && INTEGER.test(high)) {
    const a = Number(low.replace(/_/g, ""));
    const b = Number(high.replace(/_/g, ""));
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a > b) return undefined;
    if (a === 0) return `secrets.randbelow(${b + 1})`;
    sum = `secrets.randbelow(${b - a + 1}) + ${low}`;
  } else if ((NAME.test(low) || INTEGER.test(low)) && (NAME.test(high) || INTEGER.test(high))) {
    sum = `secrets.randbelow(${high} - ${low} + 1) + ${low}`;
  } else {
    return undefined;
  }
  return PYTHON_SUM_SAFE.has(node.parent()?.kind() as string) ? sum : `(${sum})`;
}

function pythonFix(model: SastModel, node: SgNode): Fix | undefined {
  const text = model.file.text;
  // `random` must be the module (not a shadowing variable) and `secrets` free or the module.
  if (!/^import[ \t]+random[ \t]*(?:#.*)?$/m.test(text) || /^\s*random\s*=/m.test(text)) return undefined;
  const hasSecrets = /^import[ \t]+secrets[ \t]*(?:#.*)?$/m.test(text);
  if (!hasSecrets && /\bsecrets\b/.test(text)) return undefined;
  const method = /^random\.(\w+)\(/.exec(node.text())?.[1];
  const args =
    node
      .field("arguments")
      ?.children()
      .filter((child) => child.isNamed()) ?? [];
  if ((node.field("arguments")?.kind() as string) !== "argument_list" || !method) return undefined;
  const replacement = pythonReplacement(node, method, args);
  if (!replacement) return undefined;
  const range = node.range();
  const insertion = pythonImport(model, "secrets", range.start.index);
  if (insertion === undefined) return undefined;
  return withImport(
    model,
    "use the secrets module, which draws from the operating system's secure generator",
    { start: range.start.index, end: range.end.index, text: replacement },
    insertion,
  );
}

// ---- Java ----

function javaFix(model: SastModel, node: SgNode): Fix | undefined {
  const match = /^new\s+(java\.util\.)?Random\(\s*\)$/.exec(node.text());
  if (!match) return undefined; // a seeded Random(long) has no SecureRandom twin
  const range = node.range();
  if (match[1]) {
    return withImport(
      model,
      "use java.security.SecureRandom, a drop-in subclass of Random",
      { start: range.start.index, end: range.end.index, text: "new java.security.SecureRandom()" },
      null,
    );
  }
  const insertion = javaImport(model, "java.security.SecureRandom", range.start.index);
  if (insertion === undefined) return undefined;
  return withImport(
    model,
    "use java.security.SecureRandom, a drop-in subclass of Random",
    { start: range.start.index, end: range.end.index, text: "new SecureRandom()" },
    insertion,
  );
}

// ---- JavaScript / TypeScript ----

/** Modules only Node loads (browser bundles polyfill `buffer`, `events`, `util`, not these). */
const SERVER_MODULES =
  /^(?:node:.*|fs|fs\/promises|http|https|http2|net|tls|child_process|os|cluster|worker_threads|dgram|dns|zlib|readline|v8|vm|express|fastify|koa|@nestjs\/.*|@hapi\/hapi)$/;

/** The file runs on Node: it loads a Node built-in or a server framework (not a browser bundle). */
function isNodeCode(text: string): boolean {
  const names = [...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)|\bfrom\s+["']([^"']+)["']/g)].map(
    (match) => match[1] ?? match[2]!,
  );
  return names.some((name) => SERVER_MODULES.test(name));
}

/** How the file reaches `crypto.<name>`: a crypto namespace, the named import, or an import to add. */
function cryptoAccess(
  model: SastModel,
  before: number,
  name: "randomBytes" | "randomInt",
): { call: string; insertion: Insertion | null } | undefined {
  const text = model.file.text;
  const crypto = `["'](?:node:)?crypto["']`;
  const namespace =
    new RegExp(`\\b(?:const|let|var)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*${crypto}\\s*\\)`).exec(text) ??
    new RegExp(`\\bimport\\s+(?:\\*\\s+as\\s+)?([\\w$]+)\\s+from\\s+${crypto}`).exec(text);
  if (namespace) return { call: `${namespace[1]}.${name}`, insertion: null };
  const named = new RegExp(
    `(?:\\bimport\\s*\\{[^}]*\\}\\s*from\\s*${crypto}|\\{[^}]*\\}\\s*=\\s*require\\(\\s*${crypto}\\s*\\))`,
  ).exec(text);
  if (named && new RegExp(`[{,\\s]${name}\\s*[,}]`).test(named[0])) return { call: name, insertion: null };
  if (new RegExp(`\\b${name}\\b`).test(text)) return undefined; // a name we cannot account for
  const style = moduleStyle(model);
  if (!style) return undefined;
  const line =
    style === "esm"
      ? `import { ${name} } from "node:crypto";`
      : `const { ${name} } = require("node:crypto");`;
  const insertion = javascriptImport(model, style, line, before);
  return insertion ? { call: name, insertion } : undefined;
}

/** `Math.random().toString(36).slice(2[, n])` (or substring/substr): the token expression and its length. */
function base36Token(node: SgNode): { expression: SgNode; length: number | undefined } | undefined {
  const toStringMember = node.parent();
  const toStringCall = toStringMember?.parent();
  if (
    !toStringMember ||
    !toStringCall ||
    !/^\.\s*toString$/.test(toStringMember.text().slice(node.text().length).trim())
  )
    return undefined;
  if (!/^\(\s*36\s*\)$/.test(toStringCall.field("arguments")?.text() ?? "")) return undefined;
  const member = toStringCall.parent();
  const outer = member?.parent();
  if (!member || !outer || (outer.kind() as string) !== "call_expression") return undefined;
  const method = /^\.\s*(slice|substring|substr)$/.exec(
    member.text().slice(toStringCall.text().length).trim(),
  );
  const args = /^\(\s*2\s*(?:,\s*(\d+)\s*)?\)$/.exec(outer.field("arguments")?.text() ?? "");
  if (!method || !args) return undefined;
  if (!args[1]) return { expression: outer, length: undefined };
  const length = method[1] === "substr" ? Number(args[1]) : Number(args[1]) - 2;
  return length > 0 && length <= 64 ? { expression: outer, length } : undefined;
}

/** `crypto.randomInt`'s exclusive bound must be a safe integer with max - min below 2^48. */
const MAX_RANDOM_INT_RANGE = 2 ** 48;

/**
 * `Math.floor(Math.random() * N)`: the floor call and N, when N is certainly a positive integer
 * (an integer literal, or a `.length`). A plain name could hold 2.5, which `randomInt` refuses.
 */
function flooredRange(node: SgNode): { expression: SgNode; bound: string } | undefined {
  const product = node.parent();
  if (!product || (product.kind() as string) !== "binary_expression") return undefined;
  const right = product.field("right");
  if (product.field("left")?.id() !== node.id() || !right) return undefined;
  if (
    product
      .text()
      .slice(node.text().length, product.text().length - right.text().length)
      .trim() !== "*"
  )
    return undefined;
  const args = product.parent();
  const call = args?.parent();
  if (
    !args ||
    !call ||
    (args.kind() as string) !== "arguments" ||
    (call.kind() as string) !== "call_expression"
  )
    return undefined;
  if (
    call.field("function")?.text() !== "Math.floor" ||
    args.children().filter((c) => c.isNamed()).length !== 1
  )
    return undefined;
  const bound = right.text();
  if (/^[1-9]\d*$/.test(bound) && Number(bound) < MAX_RANDOM_INT_RANGE) return { expression: call, bound };
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.length$/.test(bound)) return { expression: call, bound };
  return undefined;
}

function javascriptFix(model: SastModel, node: SgNode): Fix | undefined {
  if (model.language === "tsx" || /\.jsx$/i.test(model.file.path)) return undefined; // UI code runs in browsers
  if (!isNodeCode(model.file.text)) return undefined;
  const floored = flooredRange(node);
  if (floored) {
    const range = floored.expression.range();
    const access = cryptoAccess(model, range.start.index, "randomInt");
    if (!access) return undefined;
    return withImport(
      model,
      "draw the number with crypto.randomInt, the operating system's secure generator",
      { start: range.start.index, end: range.end.index, text: `${access.call}(${floored.bound})` },
      access.insertion,
    );
  }
  const token = base36Token(node);
  if (!token) return undefined;
  const range = token.expression.range();
  const access = cryptoAccess(model, range.start.index, "randomBytes");
  if (!access) return undefined;
  const bytes = token.length === undefined ? 16 : Math.ceil(token.length / 2);
  const trim = token.length !== undefined && token.length % 2 === 1 ? `.slice(0, ${token.length})` : "";
  return withImport(
    model,
    "build the token from crypto.randomBytes, the operating system's secure generator",
    {
      start: range.start.index,
      end: range.end.index,
      text: `${access.call}(${bytes}).toString("hex")${trim}`,
    },
    access.insertion,
  );
}

export function weakRandomnessFix(model: SastModel, node: SgNode): Fix | undefined {
  switch (model.language) {
    case "python":
      return pythonFix(model, node);
    case "java":
      return javaFix(model, node);
    case "javascript":
    case "typescript":
    case "tsx":
      return javascriptFix(model, node);
    default:
      return undefined; // Go: crypto/rand has another API (Read into bytes, big.Int), not a rename
  }
}
