// The pattern matcher: runs a hazard's ast-grep rules (languages/<lang>.ts `patterns`) on the
// file's tree and applies the spec's text conditions on the match, its statement and the file.
import type { SgNode } from "@ast-grep/napi";
import type { Report, Severity } from "../../rule.ts";
import { isTestPath } from "../secrets/allowlist.ts";
import { aliasedCalls } from "./aliases.ts";
import { shellCommandFix } from "./command-fixes.ts";
import { localModulesMention } from "./cross-file.ts";
import { isDead } from "./dead-code.ts";
import { sqlQueryFix } from "./fixes.ts";
import { isFixedStructLiteral, isPureConstructor, parameterLiterals, siblingConstant } from "./go-package.ts";
import { templateDataEscaped } from "./go-templates.ts";
import { propertyValue } from "./java-properties.ts";
import { CREDENTIAL_NAME, NOT_A_CREDENTIAL_NAME, PLACEHOLDER_VALUE } from "./languages/shared-patterns.ts";
import { inertTemplateSpans } from "./languages/templates.ts";
import type { PatternHazard, PatternSpec, TaintHazard, TextPatternSpec } from "./languages/types.ts";
import { rangeOf, type SastModel, spanOf } from "./model.ts";
import { weakRandomnessFix } from "./random-fixes.ts";
import {
  requestTimeoutFix,
  tlsMinimumVersionFix,
  unverifiedContextFix,
  yamlSafeLoadFix,
} from "./setting-fixes.ts";
import { isVetted, sanitizes, taintFlows } from "./taint.ts";

/** Fixes that need more than one text replacement (an added import, a rewritten expression). */
const CODE_FIXES: Partial<
  Record<PatternHazard, (model: SastModel, node: SgNode) => Report["fix"] | undefined>
> = {
  "weak-randomness": weakRandomnessFix,
  "unsafe-deserialization": yamlSafeLoadFix,
  "request-without-timeout": requestTimeoutFix,
  "old-tls-version": tlsMinimumVersionFix,
  "dynamic-shell-command": shellCommandFix,
  "dynamic-sql-query": sqlQueryFix,
  "tls-verification-disabled": unverifiedContextFix,
};

export interface PatternMatch {
  spec: PatternSpec | TextPatternSpec;
  /** The matched node; none for a text pattern. */
  node?: SgNode;
  message: string;
  at: { line: number; column: number; endLine: number; endColumn: number };
  fix?: Report["fix"];
  redact?: { line: number; column: number; endLine: number; endColumn: number };
  /** Set when the finding's severity is not the rule's (test code). */
  severity?: Severity;
}

const STATEMENT =
  /statement$|declaration$|^assignment$|^augmented_assignment$|^pair$|^keyed_element$|^decorated_definition$/;

/** The statement around a match (a call inside `const hash = …` is judged by the whole line of code). */
function statementOf(node: SgNode): SgNode {
  if (STATEMENT.test(node.kind() as string)) return node;
  let current = node;
  for (let depth = 0; depth < 8; depth++) {
    const parent = current.parent();
    if (!parent) return current;
    current = parent;
    if (STATEMENT.test(current.kind() as string)) return current;
  }
  return current;
}

/** A plain string literal: quoted, no interpolation (f-strings and `${}` templates are built values). */
const STRING_LITERAL = /^(?:[bBrRuU]{1,2})?(["'`])(?:(?!\1)[^\\]|\\.)*\1$/;

/** The key and literal value of a credential assignment, or undefined when it is not one. */
function credentialOf(node: SgNode, fields: { key: string; value: string }): { value: SgNode } | undefined {
  const named = node.children().filter((child) => child.isNamed());
  const key = node.field(fields.key) ?? named[0];
  const value = node.field(fields.value) ?? named.at(-1);
  if (!key || !value || key.id() === value.id()) return undefined;
  const name =
    key
      .text()
      .split(/[.[\]]/)
      .filter((part) => part !== "")
      .at(-1) ?? "";
  if (!CREDENTIAL_NAME.test(name) || NOT_A_CREDENTIAL_NAME.test(name)) return undefined;
  let literal = value;
  // Go wraps both sides in expression lists
  if ((literal.kind() as string) === "expression_list") {
    const items = literal.children().filter((child) => child.isNamed());
    if (items.length !== 1) return undefined;
    literal = items[0]!;
  }
  // an HTTP authorization value (`"Bearer 2f9c…"`) is judged by its credential, not its scheme
  const text = literal.text().replace(/^([bBrRuU]*["'`])(?:Bearer|Basic|Token)\s*:?\s+/i, "$1");
  if (
    !STRING_LITERAL.test(text) ||
    text.includes("${") ||
    PLACEHOLDER_VALUE.test(text.replace(/^[bBrRuU]+/, ""))
  )
    return undefined;
  const inner = text.replace(/^[bBrRuU]*["'`]|["'`]$/g, "").toLowerCase();
  if (inner === name.toLowerCase().replace(/["']/g, "")) return undefined;
  return { value: literal };
}

function substitute(template: string, node: SgNode, asRegex = false): string {
  return template.replace(/\$([A-Z][A-Z0-9_]*)/g, (whole, name: string) => {
    const captured = node.getMatch(name)?.text();
    if (captured === undefined) return whole;
    return asRegex ? captured.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : captured;
  });
}

/**
 * Whether the taint rule of the hazard reports this match already: at the same call, inside the
 * sink's tainted argument, or on a line its path passes through (a query built, then executed).
 */
function reportedByTaint(
  model: SastModel,
  hazard: TaintHazard,
  range: { start: number; end: number; line: number },
): boolean {
  // the invoking user's input (`local`) is not known to be untrusted: the pattern keeps the match,
  // and the audit rule `unvalidated-local-input` leaves that line to it
  return taintFlows(model, hazard).some(
    (flow) =>
      !flow.source.local &&
      (flow.sink.start === range.start ||
        (flow.argument.start <= range.start && range.end <= flow.argument.end) ||
        flow.source.line === range.line ||
        (flow.source.steps ?? []).some((step) => step.line === range.line)),
  );
}

/** Names whose value is fixed or numeric: constants by convention, conversions and string methods. */
const FIXED_NAME =
  /^(?:[A-Z][A-Z0-9_]*|int|float|len|str|bool|format|join|upper|lower|strip|True|False|None)$/;

/** Python's and Go's call and member-access nodes, with the field that holds the object. */
const CALL_KINDS = new Set(["call", "call_expression"]);
const OBJECT_FIELD: Record<string, string> = { attribute: "object", selector_expression: "operand" };

/** The name a call's function starts with: `f` in `f(…)`, `os` in `os.path.join(…)`, `exec` in `exec.Command(…)`. */
function isCallee(identifier: SgNode): boolean {
  let current = identifier;
  for (let depth = 0; depth < 8; depth++) {
    const parent = current.parent();
    if (!parent) return false;
    const kind = parent.kind() as string;
    if (CALL_KINDS.has(kind)) return parent.field("function")?.id() === current.id();
    const objectField = OBJECT_FIELD[kind];
    if (!objectField || parent.field(objectField)?.id() !== current.id()) return false;
    current = parent;
  }
  return false;
}

const NUMERIC_CONVERSION = /^(?:int|float|len|bool|abs|round)$/;

/**
 * A variable checked against an allow-list or last assigned a number or literal: the taint
 * index knows (files with a source); otherwise the latest `name = …` line before the read says,
 * or an allow-list guard in the function that starts at `scope`.
 */
function vettedVariable(model: SastModel, name: string, at: number, scope: number, depth = 0): boolean {
  const known = isVetted(model, name, at);
  if (known !== undefined) return known;
  const from = Math.max(0, at - 20_000);
  const before = model.file.text.slice(from, at);
  // `name = …`, and Go's `const name = …`, `var name string = …`, `name := …`, `name, err := …`
  const assignments = [
    ...before.matchAll(
      new RegExp(
        `^[ \\t]*(?:(?:const|var)[ \\t]+)?${name}(?:[ \\t]*,[ \\t]*\\w+)*(?:[ \\t]+[\\w.*[\\]]+)?[ \\t]*:?=(?!=)[ \\t]*(.*)$`,
        "gm",
      ),
    ),
  ];
  const latest = assignments.at(-1);
  const value = latest?.[1]?.trim();
  if (value !== undefined && FIXED_ASSIGNMENT.test(value)) return true;
  // Go: a constant another file of the package declares with a literal
  if (!latest && model.language === "go") {
    const constant = siblingConstant(model, name);
    if (constant !== undefined && FIXED_ASSIGNMENT.test(constant)) return true;
    // a parameter every call of its function in the package fills with a literal
    if (parameterLiterals(model, name, scope)) return true;
  }
  // a copy of another name (`title = DEFAULT_TITLE`) is as fixed as that name was then
  if (
    latest &&
    value !== undefined &&
    /^[A-Za-z_]\w*$/.test(value) &&
    value !== name &&
    depth < 3 &&
    (FIXED_NAME.test(value) || vettedVariable(model, value, from + latest.index, scope, depth + 1))
  )
    return true;
  // Go: a struct literal of literals, or a package constructor that keeps only what it is given
  // called on fixed values (`svc := NewSvc(cfg)` after `cfg := Cfg{Host: "localhost"}`)
  if (latest && value !== undefined && model.language === "go" && depth < 3) {
    if (isFixedStructLiteral(value)) return true;
    const construction = /^&?([A-Za-z_]\w*)\(([^()]*)\)$/.exec(value);
    if (
      construction &&
      (construction[2] ?? "").split(",").every((part) => {
        const item = part.trim();
        if (item === "" || FIXED_ASSIGNMENT.test(item)) return true;
        return (
          /^[A-Za-z_]\w*$/.test(item) && vettedVariable(model, item, from + latest.index, scope, depth + 1)
        );
      }) &&
      isPureConstructor(model, construction[1]!)
    )
      return true;
  }
  // Go: text derived from fixed text alone (`clean := filepath.Clean(name)` after `name := "a"`)
  const derived = value === undefined ? null : DERIVED_TEXT.exec(value);
  if (
    latest &&
    derived &&
    depth < 3 &&
    (derived[1] ?? "").split(",").every((part) => {
      const item = part.trim();
      if (item === "" || FIXED_ASSIGNMENT.test(item)) return true;
      if (!/^[A-Za-z_]\w*$/.test(item)) return false;
      return FIXED_NAME.test(item) || vettedVariable(model, item, from + latest.index, scope, depth + 1);
    })
  )
    return true;
  // a literal template filled with literals and fixed names (`s = "<b>{}</b>".format(s)` after
  // `s = "secure"`) is fixed too
  const formatted = value === undefined ? null : FORMATTED_LITERAL.exec(value);
  const parts = formatted ? (formatted[2] ?? formatted[3] ?? formatted[4] ?? "").split(",") : [];
  if (
    latest &&
    formatted &&
    depth < 3 &&
    parts.every((part) => {
      const item = part.trim().replace(/^\w+\s*=(?!=)\s*/, "");
      if (item === "" || FIXED_ASSIGNMENT.test(item)) return true;
      if (!/^[A-Za-z_]\w*$/.test(item)) return false;
      return FIXED_NAME.test(item) || vettedVariable(model, item, from + latest.index, scope, depth + 1);
    })
  )
    return true;
  // `if name not in ALLOWED: raise …` before the read, in the same function (a guard of another
  // function's parameter of the same name says nothing about this one)
  return new RegExp(`\\bif\\s+${name}\\s+not\\s+in\\b[^\\n]*:\\s*(?:raise|return|abort|sys\\.exit)\\b`).test(
    model.file.text.slice(Math.max(from, scope), at),
  );
}

const FUNCTION_KINDS = new Set([
  "function_definition",
  "function_declaration",
  "method_declaration",
  "func_literal",
]);

/** Where the innermost function around a node starts (0 at module level). */
function functionStart(node: SgNode): number {
  for (let current: SgNode | null = node; current; current = current.parent()) {
    if (FUNCTION_KINDS.has(current.kind() as string)) return current.range().start.index;
  }
  return 0;
}

/** A string literal formatted with `.format(…)` or `%`: its arguments are group 2, 3 or 4. */
const FORMATTED_LITERAL =
  /^[bBrRuU]?(["'])(?:(?!\1)[^\\\n]|\\.)*\1\s*(?:\.format\(([^()*]*)\)|%\s*(?:\(([^()*]*)\)|([A-Za-z_]\w*)))$/;

/** Go path and string functions whose result depends on their arguments alone. */
const DERIVED_TEXT =
  /^(?:filepath|path|strings)\.(?:Clean|Join|Base|Dir|Ext|Rel|ToLower|ToUpper|TrimSpace|TrimPrefix|TrimSuffix)\(([^()]*)\)$/;

const FIXED_ASSIGNMENT =
  /^(?:(?:int|float|len|bool|abs|round)\s*\(|[bBrRuU]?["'][^"'{}]*["']$|`[^`]*`$|-?\d+(?:\.\d+)?$)/;

/**
 * Go: the call's first argument is a literal matching `pattern`, or a parameter that every call of
 * its function in the package fills with literals, one of which matches.
 */
function firstArgumentLiteral(model: SastModel, node: SgNode, text: string, pattern: RegExp): boolean {
  const first = /\(\s*("(?:[^"\\\n]|\\.)*"|`[^`]*`|[A-Za-z_]\w*)\s*[,)]/.exec(text)?.[1] ?? "";
  if (!/^[A-Za-z_]/.test(first)) return pattern.test(first);
  const literals = parameterLiterals(model, first, functionStart(node)) ?? [];
  return literals.some((literal) => pattern.test(literal));
}

/** Whether the identifier is an argument (at any depth) of a call that sanitizes for the hazard. */
function insideSanitizer(model: SastModel, identifier: SgNode, top: SgNode, hazard: TaintHazard): boolean {
  for (let current = identifier.parent(); current && current.id() !== top.id(); current = current.parent()) {
    if (!CALL_KINDS.has(current.kind() as string)) continue;
    if (sanitizes(model, current.field("function")?.text() ?? "", hazard)) return true;
  }
  return false;
}

/**
 * True when some name read in the node is a variable (not a constant, a conversion, a member name,
 * or a value passed through a sanitizer of `hazard`: `mark_safe("<b>%s</b>" % escape(name))`).
 */
function readsVariable(model: SastModel, node: SgNode, hazard?: TaintHazard): boolean {
  const text = model.file.text;
  for (const identifier of node.findAll({ rule: { kind: "identifier" } })) {
    const start = identifier.range().start.index;
    if (text[start - 1] === ".") continue;
    if (FIXED_NAME.test(identifier.text())) continue;
    const parent = identifier.parent();
    // the function called (`mark_safe(…)`, `os.system(…)`), or the operand of a numeric
    // conversion (`int(limit)`)
    if (isCallee(identifier)) continue;
    // the name of a keyword argument (`format(title=…)`) is not a read
    if (parent?.kind() === "keyword_argument" && parent.field("name")?.id() === identifier.id()) continue;
    const call = parent?.kind() === "argument_list" ? parent.parent() : null;
    if (call && NUMERIC_CONVERSION.test(call.field("function")?.text() ?? "")) continue;
    if (hazard && insideSanitizer(model, identifier, node, hazard)) continue;
    if (vettedVariable(model, identifier.text(), start, functionStart(identifier))) continue;
    return true;
  }
  return false;
}

/**
 * Whether the file's code (comments blanked out) matches: a commented-out hardening call
 * (`// app.use(csrf())`, NodeGoat's "Fix for A8" blocks) does not harden anything. The comments
 * are looked up only when the raw text matches, and once per file.
 */
function mentionedInCode(model: SastModel, pattern: RegExp): boolean {
  return pattern.test(model.file.text) && pattern.test(codeWithoutComments(model));
}

/** The file's text without its comments (the raw text for a grammar without comment kinds). */
function codeWithoutComments(model: SastModel): string {
  const cached = model.cache.get("code-without-comments") as string | undefined;
  if (cached !== undefined) return cached;
  const text = model.file.text;
  const kinds = model.spec.grammar === "java" ? ["line_comment", "block_comment"] : ["comment"];
  let code = text;
  try {
    let at = 0;
    code = "";
    for (const comment of model.root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } } as never)) {
      const range = comment.range();
      code += text.slice(at, range.start.index);
      at = range.end.index;
    }
    code += text.slice(at);
  } catch {
    code = text; // a grammar without these kinds: judge the raw text
  }
  model.cache.set("code-without-comments", code);
  return code;
}

/** `unlessFile` in the code, or (`unlessInLocalModules`) in a script it loads; asked once per file and pattern. */
function hardenedBy(model: SastModel, spec: PatternSpec): boolean {
  const pattern = spec.unlessFile!;
  const key = `hardened:${spec.unlessInLocalModules ? "modules:" : ""}${pattern.source}`;
  const cached = model.cache.get(key) as boolean | undefined;
  if (cached !== undefined) return cached;
  const found =
    mentionedInCode(model, pattern) ||
    (spec.unlessInLocalModules === true && localModulesMention(model, pattern));
  model.cache.set(key, found);
  return found;
}

/** Whether `$X` in a regex source, filled with the captured text, matches the file (bounded). */
function fileMentions(model: SastModel, node: SgNode, source: string): boolean {
  try {
    return new RegExp(substitute(source, node, true)).test(model.file.text);
  } catch {
    return false;
  }
}

/** Whether `$X` in a regex source, filled with the captured text, matches the file's code without comments. */
function codeMentions(model: SastModel, node: SgNode, source: string): boolean {
  try {
    return new RegExp(substitute(source, node, true)).test(codeWithoutComments(model));
  } catch {
    return false;
  }
}

/** Matches per text pattern: a generated template with thousands of `{{{ }}}` reports the first ones. */
const MAX_TEXT_MATCHES = 500;

/** Matches of the language's text patterns (templates) outside comments and constant-false blocks. */
function textMatches(model: SastModel, hazard: PatternHazard): PatternMatch[] {
  const specs = (model.spec.textPatterns ?? []).filter((spec) => spec.hazard === hazard);
  if (specs.length === 0) return [];
  const text = model.file.text;
  let inert: { start: number; end: number }[] | undefined;
  const matches: PatternMatch[] = [];
  for (const spec of specs) {
    let count = 0;
    for (const match of text.matchAll(spec.pattern)) {
      if (++count > MAX_TEXT_MATCHES) break;
      if (spec.unless?.test(match[0])) continue;
      const start = match.index;
      inert ??= inertTemplateSpans(text);
      if (inert.some((span) => span.start <= start && start < span.end)) continue;
      const from = model.file.positionAt(start);
      const to = model.file.positionAt(start + match[0].length);
      matches.push({
        spec,
        message: spec.message,
        at: { line: from.line, column: from.column, endLine: to.line, endColumn: to.column },
      });
    }
  }
  return matches;
}

/** A rule on call nodes alone, with no metavariables to resolve against the file. */
function isPlainCallRule(spec: PatternSpec): boolean {
  return (
    (spec.rule as { kind?: string }).kind === "call" &&
    spec.ifFileMentions === undefined &&
    spec.unlessCodeMentions === undefined &&
    spec.unlessFileMentions === undefined &&
    spec.credential === undefined &&
    spec.secret === undefined
  );
}

/** `getInstance(alg)` or `getInstance(alg, provider)`: the first argument when it is a plain name. */
const FIRST_NAME_ARGUMENT = /\(\s*([A-Za-z_$][\w$]*)\s*[,)]/;

function configuredArgumentMatches(model: SastModel, text: string, pattern: RegExp): boolean {
  const name = FIRST_NAME_ARGUMENT.exec(text)?.[1];
  const value = name === undefined ? undefined : propertyValue(model, name);
  return value !== undefined && pattern.test(value);
}

/**
 * The lines where the rules named by an audit pattern report: pattern rules by their matches,
 * taint rules by their sinks in this file. Computed once per file and spec, on the first candidate.
 */
export function reportedLines(
  model: SastModel,
  precise: NonNullable<PatternSpec["unlessReported"]>,
): Set<number> {
  const lines = new Set<number>();
  for (const hazard of precise.patterns ?? []) {
    for (const match of patternMatches(model, hazard)) lines.add(match.at.line);
  }
  for (const hazard of precise.taint ?? []) {
    for (const flow of taintFlows(model, hazard)) lines.add(flow.sink.line);
  }
  return lines;
}

/** A hazard's matches in the file, computed once (an audit rule asks for its precise rule's too). */
export function patternMatches(model: SastModel, hazard: PatternHazard): PatternMatch[] {
  const key = `patterns:${hazard}`;
  const cached = model.cache.get(key) as PatternMatch[] | undefined;
  if (cached) return cached;
  const matches = computePatternMatches(model, hazard);
  model.cache.set(key, matches);
  return matches;
}

function computePatternMatches(model: SastModel, hazard: PatternHazard): PatternMatch[] {
  const matches: PatternMatch[] = textMatches(model, hazard);
  const seen = new Set<number>();
  // One finding per construct: a match inside (or around) one already reported is the same one
  // (`RawSQL(f"SELECT {c} …")` is one dynamic query, not two).
  const reported: { start: number; end: number }[] = [];
  for (const spec of model.spec.patterns) {
    if (spec.hazard !== hazard || !spec.prefilter.test(model.file.text)) continue;
    if (spec.ifFile && !spec.ifFile.test(model.file.text)) continue;
    if (spec.ifPath && !spec.ifPath.test(model.file.path)) continue;
    // after the cheap tests: it may read the comments and the modules the file loads
    if (spec.unlessFile && hardenedBy(model, spec)) continue;
    const testCode = spec.inTests !== undefined && isTestPath(model.file.path);
    if (testCode && spec.inTests === "skip") continue;
    let preciseLines: Set<number> | undefined;
    const config = spec.constraints
      ? ({ rule: spec.rule, constraints: spec.constraints } as never)
      : ({ rule: spec.rule } as never);
    const candidates = model.root
      .findAll(config)
      .map((node) => ({ node, text: node.text(), aliased: false }));
    // a call through an import alias (`sp.run(…)`), judged as the call it names
    if (isPlainCallRule(spec)) {
      for (const call of aliasedCalls(model)) {
        if (call.canonical.matches(config))
          candidates.push({ node: call.node, text: call.canonical.text(), aliased: true });
      }
    }
    for (const { node, text, aliased } of candidates) {
      const range = rangeOf(node);
      if (seen.has(range.start)) continue;
      if (
        reported.some(
          (other) =>
            (other.start <= range.start && range.end <= other.end) ||
            (range.start <= other.start && other.end <= range.end),
        )
      )
        continue;
      if (spec.where && !spec.where.test(text)) continue;
      if (spec.unless?.test(text)) continue;
      if (spec.configuredArgument && !configuredArgumentMatches(model, text, spec.configuredArgument))
        continue;
      if (isDead(model, range.start)) continue;
      if (spec.ifFileMentions && !fileMentions(model, node, spec.ifFileMentions)) continue;
      if (spec.unlessCodeMentions && codeMentions(model, node, spec.unlessCodeMentions)) continue;
      if (spec.unlessFileMentions && fileMentions(model, node, spec.unlessFileMentions)) continue;
      if (spec.variable && !readsVariable(model, node, spec.unlessTaint)) continue;
      if (spec.firstArgumentLiteral && !firstArgumentLiteral(model, node, text, spec.firstArgumentLiteral))
        continue;
      if (spec.unlessTemplateDataEscaped && templateDataEscaped(model)) continue;
      if (spec.unlessTaint && reportedByTaint(model, spec.unlessTaint, range)) continue;
      if (spec.unlessReported) {
        preciseLines ??= reportedLines(model, spec.unlessReported);
        if (preciseLines.has(range.line)) continue;
      }
      if (spec.context || spec.unlessContext) {
        const statement = statementOf(node).text();
        if (spec.context && !spec.context.test(statement)) continue;
        if (spec.unlessContext?.test(statement)) continue;
      }
      let credential: { value: SgNode } | undefined;
      if (spec.credential) {
        credential = credentialOf(node, spec.credential);
        if (!credential) continue;
      }
      seen.add(range.start);
      reported.push(range);
      const match: PatternMatch = { spec, node, message: substitute(spec.message, node), at: spanOf(node) };
      if (testCode) match.severity = "low";
      // a fix rewrites the text as written, which an alias match does not have
      if (spec.fix && !aliased) {
        const target = spec.fix.target ? node.getMatch(spec.fix.target) : node;
        if (target) {
          const span = target.range();
          match.fix = {
            description: spec.fix.description,
            edits: [
              {
                start: model.file.byteOffsetOfIndex(span.start.index),
                end: model.file.byteOffsetOfIndex(span.end.index),
                text: spec.fix.rewrite
                  ? target.text().replace(spec.fix.rewrite.pattern, spec.fix.rewrite.with)
                  : substitute(spec.fix.replacement ?? target.text(), node),
              },
            ],
          };
        }
      }
      if (!spec.fix && !aliased) {
        const fix = CODE_FIXES[hazard]?.(model, node);
        if (fix) match.fix = fix;
      }
      if (credential) match.redact = spanOf(credential.value);
      if (spec.secret) {
        const secret = node.getMatch(spec.secret);
        if (secret) match.redact = spanOf(secret);
      }
      matches.push(match);
    }
  }
  return matches.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
}
