// The intra-file taint engine. Sources (request parameters, CLI arguments …) are found by query;
// every declaration and assignment is an event on a variable of its function scope; a value is
// tainted when it contains a source or a variable whose latest event before that point was
// tainted, outside any sanitizer call for the hazard. Sinks are calls (or property assignments)
// whose dangerous arguments are tainted. Ordered by position: a variable reassigned from a constant
// or a sanitizer before the sink is clean again, unless that assignment is in one arm of an `if`,
// `switch` or loop (`branches.ts`): read after the statement, every arm's value is possible.
import type { SgNode } from "@ast-grep/napi";
import {
  type ArmChain,
  armChain,
  armEnd,
  type Conditional,
  conditionalsOf,
  mergeTarget,
  visibleFrom,
} from "./branches.ts";
import {
  type ExportedFunction,
  type HazardSummary,
  type ImportedFunction,
  importedFunctions,
  type ParameterSink,
} from "./cross-file.ts";
import { isDead } from "./dead-code.ts";
import { cleanFormatOperands } from "./format-verbs.ts";
import { sanitizerCallee } from "./java-encoders.ts";
import type { LanguageSpec, ParameterSourceSpec, SinkSpec, TaintHazard } from "./languages/types.ts";
import { type CallSite, LANGUAGES, type LanguageName, type Range, rangeOf, type SastModel } from "./model.ts";

/** Where tainted data came from. */
export interface TaintOrigin {
  label: string;
  line: number;
  column: number;
  /** Variables the data passed through, in order. */
  via: string[];
  /** Where each step of `via` happened: the assignment, parameter or helper call, in order. */
  steps?: { name: string; line: number; column: number; path?: string }[];
  /** The source is in another file of the project (a helper that returns request data). */
  path?: string;
  /** The source is the invoking user's input (`SourceSpec.tier`), not a remote client's. */
  local?: true;
}

export interface TaintFlow {
  hazard: TaintHazard;
  source: TaintOrigin;
  sink: Range & { endLine: number; endColumn: number };
  /** The sink's description ("SQL query") and callee or target text. */
  label: string;
  callee: string;
  spec?: SinkSpec;
  call?: CallSite;
  /** The tainted argument. */
  argument: Range;
  /** The sink is in another file: the call here passes the data to a function that reaches it. */
  remote?: { path: string; line: number; column: number; through: string };
}

interface Source extends Range {
  label: string;
  local?: true;
}

interface Event {
  /** The event takes effect after this index. */
  pos: number;
  start: number;
  value?: Range;
  /** The assignment that set `value`, for the value's syntax kind. */
  parts?: AssignmentParts;
  /** `x += y`: the previous value stays. */
  augmented: boolean;
  /** A parameter declared as untrusted. */
  source?: TaintOrigin;
  /** A negated allow-list check that exits: the variable is clean from here on. */
  clean?: boolean;
  /** A helper's parameter: tainted when any call site's argument is. */
  values?: Range[];
  /** `map.put("k", v)`: the literal key; `map.get("k")` reads only the puts of its key. */
  mapKey?: string;
  /** `list.add(v)` appends, `list.remove(2)` drops an index: `list.get(1)` reads one element. */
  listOp?: "add" | number;
  /** The conditionals (if, switch, loop) around the event and its arm in each, innermost first. */
  chain: ArmChain;
  name: string;
}

interface Guard {
  name: string;
  start: number;
  end: number;
}

interface Scope {
  start: number;
  end: number;
  parent: number;
  node: SgNode;
  /** The node's kind, read by the walk that found it. */
  kind: string;
}

/** Kinds whose text starts `function name(`, `async function* name(` or `def name(`. */
const DECLARATION_KINDS = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_expression",
  "function_definition",
]);
const DECLARED_NAME = /(?:async\s+)?(?:function\s*\*?|def)\s+([A-Za-z_$][\w$]*)\s*\(/y;

/**
 * A function's name: read from the text when it is plainly written (the common case, with no
 * native call), else asked of the tree (Go's `func`, methods, comments or escapes in the way).
 */
function scopeName(text: string, scope: Scope): string | undefined {
  if (DECLARATION_KINDS.has(scope.kind)) {
    DECLARED_NAME.lastIndex = scope.start;
    const match = DECLARED_NAME.exec(text);
    if (match && match.index + match[0].length <= scope.end) return match[1]!;
  }
  return scope.node.field("name")?.text();
}

/** A call of an indexed region. Its arguments node is fetched from the tree only when asked for. */
class Call implements Range {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  #argsNode: SgNode | null | undefined;
  constructor(
    range: Range,
    readonly callee: string,
    /** A sink's result (rows, file contents, a response) is not the untrusted data passed in. */
    readonly sink: boolean,
    readonly node: SgNode,
    argsNode: SgNode | null | undefined,
  ) {
    this.start = range.start;
    this.end = range.end;
    this.line = range.line;
    this.column = range.column;
    this.#argsNode = argsNode;
  }
  get argsNode(): SgNode | null {
    if (this.#argsNode === undefined) this.#argsNode = this.node.field("arguments");
    return this.#argsNode;
  }
  // Private, so that spreading a call (`{ ...call, endLine }`) copies no more than before.
  #args: Argument[] | undefined;
  /** Read once (`argumentsOf`): every hazard whose sink matches the callee asks again. */
  argumentsOnce(read: () => Argument[]): Argument[] {
    this.#args ??= read();
    return this.#args;
  }
}

/**
 * Whether a callee names a sink, per language: a file calls the same few callees many times, and
 * testing each against every sink pattern cost more than the rest of a call's indexing. Bounded,
 * because callee texts are the file's, not the language's.
 */
const SINK_CALLEES = new WeakMap<readonly SinkSpec[], Map<string, boolean>>();

function isSinkCallee(sinks: readonly SinkSpec[], callee: string): boolean {
  let known = SINK_CALLEES.get(sinks);
  if (!known || known.size > 10_000) {
    known = new Map();
    SINK_CALLEES.set(sinks, known);
  }
  let sink = known.get(callee);
  if (sink === undefined) {
    sink = sinks.some((candidate) => candidate.callee.test(callee));
    known.set(callee, sink);
  }
  return sink;
}

const CARRYING_SINKS = new WeakMap<readonly SinkSpec[], Map<string, boolean>>();

/** Whether a sink call's result keeps its arguments' taint for the hazard (`resultCarries`). */
function resultCarries(sinks: readonly SinkSpec[], callee: string, hazard: TaintHazard): boolean {
  let known = CARRYING_SINKS.get(sinks);
  if (!known || known.size > 10_000) {
    known = new Map();
    CARRYING_SINKS.set(sinks, known);
  }
  const key = `${hazard}\u0000${callee}`;
  let carries = known.get(key);
  if (carries === undefined) {
    carries = sinks.some((sink) => sink.resultCarries?.includes(hazard) && sink.callee.test(callee));
    known.set(key, carries);
  }
  return carries;
}

/** Built once per file, on the first taint rule, only when the file has a source. */
export interface TaintIndex {
  sources: Source[];
  scopes: Scope[];
  events: Map<string, Event[]>;
  guards: Guard[];
  calls: Call[];
  identifiers: { name: string; start: number; end: number }[];
  returns: SgNode[];
  assignments: {
    target: string;
    targetRange: Range;
    value: Range;
    node: SgNode;
  }[];
  memo: Map<string, TaintOrigin | null>;
  /** Calls of the file's own functions whose bodies are indexed: taint follows their summaries. */
  localCalls: Map<Call, Definition>;
  /** Returned values per function scope (not counting nested functions). */
  returnValues: Map<number, Range[]>;
  /** Per function and hazard: what its return value carries. */
  summaries: Map<string, Summary | "pending">;
  /** While a summary is computed: the taint assumed for parameters, by event key. */
  assumptions: Map<string, TaintOrigin | null> | undefined;
  /** Calls of functions other files define (cross-file summaries). */
  importedCalls: Map<Call, ImportedFunction>;
  /** Summary mode (another file's view of this one): the top-level functions, every one indexed. */
  exported: Definition[];
  /** If, switch and loop statements of the indexed regions (`branches.ts`). */
  conditionals: Conditional[];
}

/**
 * What a function's return value carries, independent of its callers: untrusted data it reads
 * itself (`return request.args["q"]`), and which parameters flow into it (`return "x" + p`, but
 * not `return int(p)`). Keyed by function scope and hazard, so JS, Go and Java can reuse it once
 * their return statements are indexed.
 */
interface Summary {
  source: TaintOrigin | undefined;
  parameters: Set<number>;
}

/** The label of the marker a summary puts on a parameter to see whether it reaches a return. */
const PARAMETER_MARKER = "\u0000parameter";

const FUNCTION_VALUE =
  /^(?:arrow_function|function_expression|function|lambda|lambda_expression|func_literal)$/;
/** Early exits that make a negated check a guard. */
const EXIT = /\b(?:return|throw|raise|continue|break|abort|panic|os\.Exit|sys\.exit|http\.Error|next)\b/;
/** Words of a validation: allow-list membership, pattern test, prefix check. */
const VALIDATION =
  /\b(?:includes|has|in|contains|containsKey|indexOf|match|matches|test|startsWith|HasPrefix|MatchString|fullmatch|isdigit|isnumeric|isalnum|isValid\w*|IsValid\w*|validate\w*|isAllowed\w*|allowed\w*|ALLOWED\w*|isSafe\w*|isInteger|isUUID|isUuid)\b/;
const NEGATION =
  /^\s*(?:\(\s*)?(?:!|not\b)|\bnot\s+in\b|===?\s*-1|===?\s*false|!=\s*nil|\bnot\s+\w+\.(?:match|fullmatch)|!\s*\w|\bis\s+None\b/;

const SCANNERS = new WeakMap<RegExp, RegExp>();

/** A global, unanchored version of a source spec's anchored pattern, bounded at identifier edges. */
function scannerOf(pattern: RegExp): RegExp {
  let scanner = SCANNERS.get(pattern);
  if (!scanner) {
    const inner = pattern.source.replace(/^\^/, "").replace(/\$$/, "");
    const open = inner.endsWith("\\(");
    scanner = new RegExp(`(?<![\\w$.])(?:${inner})${open ? "" : "(?![\\w$])"}`, "g");
    SCANNERS.set(pattern, scanner);
  }
  return scanner;
}

/** True when an index sits after a line comment marker or inside a quoted string on its line. */
function inCommentOrString(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const before = text.slice(lineStart, at);
  if (/^\s*(?:\/\/|#|\*|\/\*)/.test(before) || / \/\/ | # /.test(before)) return true;
  let quote = "";
  // An f-string's holes are code; its other quotes are text, so the whole f-string counts as code.
  let formatted = "";
  for (let i = 0; i < before.length; i++) {
    const char = before[i]!;
    if (formatted) {
      if (char === "\\") i++;
      else if (char === formatted) formatted = "";
    } else if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = "";
    } else if (char === '"' || char === "'") {
      if (/(?:^|[^\w])(?:[fF][rR]?|[rR][fF])$/.test(before.slice(Math.max(0, i - 3), i))) formatted = char;
      else quote = char;
    }
  }
  return quote !== "";
}

/** First index in a start-sorted list whose start is at or after `start`. */
function lowerBound(list: readonly { start: number }[], start: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.start < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function textOf(model: SastModel, range: { start: number; end: number }): string {
  return model.file.text.slice(range.start, range.end);
}

/** Innermost function scope containing an index, or -1 for module scope (binary search, then parents). */
function scopeAt(index: TaintIndex, pos: number): number {
  const scopes = index.scopes;
  let low = 0;
  let high = scopes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (scopes[middle]!.start <= pos) low = middle + 1;
    else high = middle;
  }
  // low - 1 is the last scope starting at or before pos; scopes nest, so walk outwards
  for (let scope = low - 1; scope !== -1; scope = scopes[scope]!.parent) {
    if (pos < scopes[scope]!.end) return scope;
  }
  return -1;
}

/** `name(`, `a.b.c(` or `new A.B(` at a call's start (sticky): the callee's text up to its arguments. */
const PLAIN_CALLEE = /(?:new\s+)?([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(/y;
/** Words that start a function literal or an expression other than a call when followed by `(`. */
const NOT_CALLEE = new Set(["function", "async", "func", "lambda", "new", "typeof", "await", "yield", "not"]);

/**
 * Where a call's arguments start, read from the text when its callee is a plain (dotted) name:
 * a native `field("arguments")` and `range()` per call cost more than the rest of the call's
 * indexing. The first parenthesis after a plain name at the call's start opens the call's own
 * arguments unless another call starts there inside it (`a.b(x).c(y)`): the caller passes
 * `innermost`, true when no shorter call of the file starts at the same index.
 */
function plainArgumentsStart(text: string, range: Range, innermost: boolean): number | undefined {
  if (!innermost) return undefined;
  PLAIN_CALLEE.lastIndex = range.start;
  const match = PLAIN_CALLEE.exec(text);
  if (!match || NOT_CALLEE.has(match[1]!)) return undefined;
  const open = PLAIN_CALLEE.lastIndex - 1;
  return open < range.end ? open : undefined;
}

function calleeOf(model: SastModel, range: Range, argsStart: number | undefined): string {
  const end = argsStart ?? range.end;
  let callee = model.file.text.slice(range.start, end).trim();
  if (callee.startsWith("new ")) callee = callee.slice(4).trim();
  // Go type arguments and TS generics are not part of the name.
  callee = callee.replace(/<[^<>]*>$/, "").replace(/\[[^[\]]*\]$/, "");
  return callee.replace(/\s+/g, "");
}

/** The two sides of an assignment; the syntax nodes behind them are fetched only when asked for. */
interface AssignmentParts {
  leftRange: Range;
  valueRange: Range | undefined;
  leftKind(): string;
  valueKind(): string;
}

/** `name = value`, `name += value`, `name := value` at the start of an inline assignment's text. */
const INLINE_ASSIGNMENT = /([A-Za-z_$][\w$]*)\s*(?:[-+*/%|&^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?:?=(?![=>~])\s*/y;

type AssignmentKind = LanguageSpec["kinds"]["assignments"][number];

/**
 * An inline assignment to a plain name, read from the text: two `field()` and two `range()` calls
 * into the native tree per assignment cost more than the rest of its indexing. Anything else (a
 * property or destructuring target, a type annotation, a comment after the operator) is read from
 * the tree.
 */
function inlineAssignment(
  model: SastModel,
  node: SgNode,
  kind: AssignmentKind,
  range: Range,
): AssignmentParts | undefined {
  const text = model.file.text;
  INLINE_ASSIGNMENT.lastIndex = range.start;
  const match = INLINE_ASSIGNMENT.exec(text);
  const valueStart = INLINE_ASSIGNMENT.lastIndex;
  if (!match || valueStart >= range.end || text[valueStart] === "/" || text[valueStart] === "#")
    return undefined;
  const position = model.file.positionAt(valueStart);
  return {
    leftRange: {
      start: range.start,
      end: range.start + match[1]!.length,
      line: range.line,
      column: range.column,
    },
    valueRange: { start: valueStart, end: range.end, line: position.line, column: position.column },
    leftKind: () => (node.field(kind.left)?.kind() as string | undefined) ?? "",
    valueKind: () => (node.field(kind.right)?.kind() as string | undefined) ?? "",
  };
}

/** The sides of an assignment, from the tree. */
function assignmentFields(node: SgNode, kind: AssignmentKind): AssignmentParts | undefined {
  const left = node.field(kind.left);
  if (!left) return undefined;
  const right = node.field(kind.right);
  return {
    leftRange: rangeOf(left),
    valueRange: right ? rangeOf(right) : undefined,
    leftKind: () => left.kind() as string,
    valueKind: () => (right?.kind() as string | undefined) ?? "",
  };
}

/** A parameter that is a source, and whether it is the invoking user's input (`main(String[] args)`). */
interface ParameterSource {
  name: string;
  range: Range;
  label: string;
  local?: true;
}

function parameterSource(name: string, range: Range, spec: ParameterSourceSpec): ParameterSource {
  return { name, range, label: spec.label, ...(spec.tier === "local" ? { local: true as const } : {}) };
}

/**
 * Parameters of route functions (Python decorators: Flask `@app.route("/u/<name>")`, FastAPI
 * `@router.get("/items/{item_id}")`): the framework fills them from the request. A parameter the
 * route or its annotation declares numeric is not a source.
 */
function routeParameters(model: SastModel): ParameterSource[] {
  const specs = (model.spec.parameterSources ?? []).filter(
    (candidate) => candidate.decorators && candidate.prefilter.test(model.file.text),
  );
  if (specs.length === 0) return [];
  const found: ParameterSource[] = [];
  for (const decorated of model.root.findAll({ rule: { kind: "decorated_definition" } })) {
    const definition = decorated.field("definition");
    if (!definition || (definition.kind() as string) !== "function_definition") continue;
    const decoratorText = model.file.text.slice(rangeOf(decorated).start, rangeOf(definition).start);
    const applicable = specs.filter((candidate) => candidate.decorators!.test(decoratorText));
    if (applicable.length === 0) continue;
    for (const parameter of definition.field("parameters")?.namedChildren() ?? []) {
      const parameterText = parameter.text();
      const name = /^[A-Za-z_]\w*/.exec(parameterText)?.[0];
      if (!name || name === "self" || name === "cls") continue;
      const match = applicable.find(
        (candidate) =>
          candidate.text.test(parameterText) &&
          !(
            candidate.numericInRoute &&
            new RegExp(candidate.numericInRoute.replaceAll("$NAME", name)).test(decoratorText)
          ),
      );
      if (match) found.push(parameterSource(name, rangeOf(parameter), match));
    }
  }
  return found;
}

/** Builds the index, or returns undefined when the file has no source at all (the common case). */
export function taintIndex(model: SastModel): TaintIndex | undefined {
  const cached = model.cache.get("taint") as TaintIndex | null | undefined;
  if (cached !== undefined) return cached ?? undefined;
  const built = buildIndex(model, false);
  model.cache.set("taint", built ?? null);
  return built;
}

/** Whether a file's text holds a source of its language at all (a quick look, comments included). */
function hasSourceText(language: LanguageName, text: string): boolean {
  return LANGUAGES[language].sources.some((source) => {
    const scan = scannerOf(source.text);
    scan.lastIndex = 0;
    return scan.test(text);
  });
}

/**
 * Where each name is called (`name(`, `self.name(`, `cls.name(`, `this.name(`), in text order:
 * the start of the match, prefix included. One scan gives, for every name, the matches of
 * `(?<![\w$.])(?:(?:self|cls|this)\.)?NAME\s*\(`: the identifier is matched whole (greedy and
 * followed only by blanks and a parenthesis), and no such match can start inside another.
 */
function callSites(text: string): Map<string, number[]> {
  const sites = new Map<string, number[]>();
  for (const match of text.matchAll(CALL_SITE)) {
    const name = match[1]!;
    const list = sites.get(name);
    if (list) list.push(match.index);
    else sites.set(name, [match.index]);
  }
  return sites;
}
const CALL_SITE = /(?<![\w$.])(?:(?:self|cls|this)\.)?([A-Za-z_$][\w$]*)\s*\(/g;

/** Calls of an imported function that returns untrusted data by itself: sources of this file. */
function importedSourceCalls(text: string, imported: ReadonlyMap<string, ImportedFunction>): number[] {
  const starts: number[] = [];
  for (const [callee, entry] of imported) {
    if (!Object.values(entry.function.hazards).some((summary) => summary?.source)) continue;
    const call = new RegExp(`(?<![\\w$.])${escapeRegex(callee)}\\s*\\(`, "g");
    for (const match of text.matchAll(call))
      if (!inCommentOrString(text, match.index)) starts.push(match.index);
  }
  return starts;
}

/**
 * `exported`: the index another file's summaries are read from. Every top-level function is
 * indexed whether or not the file has a source, and each of its parameters can carry an assumed
 * taint; the file's own imports are not followed (summaries are one file deep).
 */
function buildIndex(model: SastModel, exported: boolean): TaintIndex | undefined {
  const { spec, root } = model;
  // Sources are found by a text scan (one V8 regex per source spec) rather than a tree query:
  // the text of a source node is exactly what its spec matches, and most files have none.
  const sources: Source[] = [];
  const text = model.file.text;
  for (const source of spec.sources) {
    const scan = scannerOf(source.text);
    scan.lastIndex = 0;
    for (let match = scan.exec(text); match; match = scan.exec(text)) {
      if (inCommentOrString(text, match.index)) continue;
      const position = model.file.positionAt(match.index);
      sources.push({
        start: match.index,
        end: match.index + match[0].length,
        line: position.line,
        column: position.column,
        label: source.label,
        ...(source.tier === "local" ? { local: true as const } : {}),
      });
    }
  }
  const declared = (spec.parameterSources ?? []).filter(
    (candidate) => !candidate.decorators && candidate.prefilter.test(text),
  );
  const parameterNodes =
    declared.length > 0
      ? root.findAll({ rule: { any: spec.kinds.parameters.map((kind) => ({ kind })) } })
      : [];
  const parameterSources: ParameterSource[] = routeParameters(model);
  for (const node of parameterNodes) {
    const parameterText = node.text();
    const match = declared.find((candidate) => candidate.text.test(parameterText));
    if (!match) continue;
    const name = node.field("name")?.text();
    if (name) parameterSources.push(parameterSource(name, rangeOf(node), match));
  }
  const ownSources = sources.length > 0 || parameterSources.length > 0;
  // Functions of other files this one calls; without a source of its own, only those that return
  // untrusted data matter, so only modules with a source are parsed.
  const imported = exported
    ? new Map<string, ImportedFunction>()
    : importedFunctions(model, moduleSummaries, hasSourceText, !ownSources);
  const importedStarts = imported.size > 0 ? importedSourceCalls(text, imported) : [];
  if (!exported && !ownSources && importedStarts.length === 0) return undefined;
  sources.sort((a, b) => a.start - b.start);

  // One walk of the tree for every kind the index needs: a findAll costs a walk of the whole
  // tree even when nothing matches, more than asking each result its kind. If statements only
  // matter when the file has a validation word at all. Each node's range is read once here.
  const groups = {
    functions: spec.kinds.functions,
    calls: spec.kinds.calls,
    assignments: spec.kinds.assignments.map((kind) => kind.kind),
    ifs: VALIDATION.test(text) ? spec.kinds.ifs : [],
    branches: [...spec.kinds.ifs, ...(spec.kinds.loops ?? []), ...(spec.kinds.switches ?? [])],
    // a summary for another file needs every language's returns
    returns: spec.kinds.returns ?? (exported ? ["return_statement"] : []),
  };
  type Group = keyof typeof groups;
  const groupsOfKind = new Map<string, Group[]>();
  for (const [group, kinds] of Object.entries(groups) as [Group, readonly string[]][])
    for (const kind of kinds) groupsOfKind.set(kind, [...(groupsOfKind.get(kind) ?? []), group]);
  const found: Record<Group, { node: SgNode; range: Range; kind: string }[]> = {
    functions: [],
    calls: [],
    assignments: [],
    ifs: [],
    branches: [],
    returns: [],
  };
  for (const node of root.findAll({ rule: { any: [...groupsOfKind.keys()].map((kind) => ({ kind })) } })) {
    const kind = node.kind() as string;
    const entry = { node, range: rangeOf(node), kind };
    for (const group of groupsOfKind.get(kind) ?? []) found[group].push(entry);
  }
  const scopes: Scope[] = found.functions
    .map(({ node, range, kind }) => ({ start: range.start, end: range.end, parent: -1, node, kind }))
    .sort((a, b) => a.start - b.start);
  const index: TaintIndex = {
    sources,
    scopes,
    events: new Map(),
    guards: [],
    calls: [],
    identifiers: [],
    assignments: [],
    returns: [],
    memo: new Map(),
    localCalls: new Map(),
    returnValues: new Map(),
    summaries: new Map(),
    assumptions: undefined,
    importedCalls: new Map(),
    exported: [],
    conditionals: [],
  };
  // Scopes nest and are sorted by start: a stack of the open ones gives each its parent.
  const open: number[] = [];
  for (let i = 0; i < scopes.length; i++) {
    const scope = scopes[i]!;
    while (open.length > 0 && scopes[open.at(-1)!]!.end <= scope.start) open.pop();
    scope.parent = open.at(-1) ?? -1;
    open.push(i);
  }

  // Only the outermost functions that contain a source can hold tainted values (or the whole
  // file when a source is at module level): everything else is never indexed.
  // Regions carry their span, read once: every query result is filtered against them.
  const regions: { node: SgNode; start: number; end: number }[] = [];
  const starts = [
    ...sources.map((source) => source.start),
    ...parameterSources.map((parameter) => parameter.range.start),
    ...importedStarts,
  ];
  const outermost = new Set<number>();
  if (exported)
    index.scopes.forEach((scope, position) => {
      if (scope.parent === -1) outermost.add(position);
    });
  for (const start of starts) {
    let scope = scopeAt(index, start);
    if (scope === -1) {
      outermost.clear();
      outermost.add(-1);
      break;
    }
    while (index.scopes[scope]!.parent !== -1) scope = index.scopes[scope]!.parent;
    outermost.add(scope);
  }
  // A function that returns untrusted data taints its callers: functions calling a region's
  // function (by name, `self.name(` or `cls.name(`) join the regions, a few rounds deep.
  if (!outermost.has(-1) && spec.kinds.returns && !exported) {
    let fresh = [...outermost];
    // Every call site of the file by callee name, from one pass: a regex per function name over
    // the whole file was quadratic in functions per file (a corpus of ~40 handlers per file).
    let sites: Map<string, number[]> | undefined;
    for (let round = 0; round < 3 && fresh.length > 0 && !outermost.has(-1); round++) {
      const next: number[] = [];
      for (const scope of fresh) {
        const name = scopeName(text, index.scopes[scope]!);
        if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) continue;
        sites ??= callSites(text);
        for (const at of sites.get(name) ?? []) {
          if (/\bdef\s+$|\bfunction\s+$/.test(text.slice(Math.max(0, at - 12), at))) continue;
          if (inCommentOrString(text, at)) continue;
          let outer = scopeAt(index, at);
          if (outer !== -1) while (index.scopes[outer]!.parent !== -1) outer = index.scopes[outer]!.parent;
          if (outermost.has(outer)) continue;
          outermost.add(outer);
          next.push(outer);
          if (outer === -1) break;
        }
      }
      fresh = next.filter((scope) => scope !== -1);
    }
    if (outermost.has(-1)) {
      outermost.clear();
      outermost.add(-1);
    }
  }
  const wholeFile = outermost.has(-1);
  if (wholeFile) regions.push({ node: root, start: 0, end: text.length });
  else for (const scope of [...outermost].sort((a, b) => a - b)) regions.push(index.scopes[scope]!);
  // Queries run over the whole tree and are filtered to the regions: a query per region costs a
  // walk and a rule compilation each, which dominated files with many small handlers.
  // A start is in the regions when it is in their union: merged spans, searched by halves, since
  // testing every region per node was quadratic in handlers per file. Merged per call, because
  // helpers join the regions between calls.
  const inRegions = <Found extends { range: Range }>(nodes: Found[]): Found[] => {
    if (wholeFile) return nodes;
    const union: { start: number; end: number }[] = [];
    for (const region of [...regions].sort((a, b) => a.start - b.start)) {
      const last = union.at(-1);
      if (last && region.start <= last.end) last.end = Math.max(last.end, region.end);
      else union.push({ start: region.start, end: region.end });
    }
    return nodes.filter(({ range }) => {
      const at = lowerBound(union, range.start + 1) - 1;
      return at >= 0 && range.start < union[at]!.end;
    });
  };

  // The shortest call of the file starting at each index: the one whose callee holds no call.
  const innermostEnd = new Map<number, number>();
  for (const { range } of found.calls)
    innermostEnd.set(range.start, Math.min(range.end, innermostEnd.get(range.start) ?? range.end));
  const addCalls = (nodes: { node: SgNode; range: Range }[]) => {
    for (const { node, range } of nodes) {
      const plainStart = plainArgumentsStart(text, range, innermostEnd.get(range.start) === range.end);
      // The arguments node is asked for only when the text cannot tell where they start, or later
      // when a sink or a helper needs the arguments themselves.
      const argsNode: SgNode | null | undefined =
        plainStart === undefined ? node.field("arguments") : undefined;
      const argsStart = plainStart ?? argsNode?.range().start.index;
      const callee = calleeOf(model, range, argsStart);
      const sourceStart = sources[lowerBound(sources, range.start)]?.start === range.start;
      const sink = !sourceStart && isSinkCallee(spec.sinks, callee);
      index.calls.push(new Call(range, callee, sink, node, argsNode));
    }
  };
  addCalls(inRegions(found.calls));
  // Helpers defined in this file and called from a region: their parameters take the arguments'
  // taint, and their bodies join the regions (a few rounds, for helpers calling helpers).
  const helperParameters = new Map<number, { name: string; arguments: Range[] }[]>();
  let definitions = new Map<string, Definition>();
  {
    let fresh = index.calls.slice();
    definitions =
      exported || mayCallLocalFunction(text, fresh)
        ? functionDefinitions(model, index.scopes)
        : new Map<string, Definition>();
    for (let round = 0; round < 3 && fresh.length > 0 && definitions.size > 0; round++) {
      const added: Scope[] = [];
      for (const call of fresh) {
        const match = HELPER_CALLEE.exec(call.callee);
        const definition = match ? definitions.get(match[1]!) : undefined;
        if (
          !definition ||
          (call.start >= index.scopes[definition.scope]!.start &&
            call.end <= index.scopes[definition.scope]!.end)
        )
          continue;
        const args = argumentsOf(model, call);
        const parameters = helperParameters.get(definition.scope) ?? [];
        const skip = match![0].includes(".") && definition.receiverFirst ? 1 : 0;
        definition.parameters.forEach((name, position) => {
          const argument = args[position - skip];
          if (!argument) return;
          const entry = parameters.find((parameter) => parameter.name === name);
          if (entry) entry.arguments.push(argument);
          else parameters.push({ name, arguments: [argument] });
        });
        helperParameters.set(definition.scope, parameters);
        const helper = index.scopes[definition.scope]!;
        const covered = regions.some((region) => region.start <= helper.start && helper.end <= region.end);
        if (!covered) {
          regions.push(helper);
          added.push(helper);
        }
      }
      const before = index.calls.length;
      for (const helper of added)
        addCalls(found.calls.filter(({ range }) => helper.start <= range.start && range.end <= helper.end));
      fresh = index.calls.slice(before);
    }
  }
  index.calls.sort((a, b) => a.start - b.start);

  // Calls of the file's functions (`helper(x)`, `self.helper(x)`) whose bodies are indexed follow
  // the function's summary instead of passing every argument's taint through. Only where return
  // statements are indexed (Python, JavaScript/TypeScript).
  if ((spec.kinds.returns || exported) && definitions.size > 0) {
    for (const call of index.calls) {
      const match = LOCAL_CALLEE.exec(call.callee);
      const definition = match ? definitions.get(match[1]!) : undefined;
      // `self.helper(…)` is a Python method; Java's `this.helper(…)` and `new Inner().helper(…)` are the class's own
      if (!definition || (match![0].includes(".") && !definition.receiverFirst && model.language !== "java"))
        continue;
      const scope = index.scopes[definition.scope]!;
      if (call.start >= scope.start && call.end <= scope.end) continue;
      if (!regions.some((region) => region.start <= scope.start && scope.end <= region.end)) continue;
      index.localCalls.set(call, definition);
    }
  }

  // Calls of other files' functions (`build_query(x)`, `helpers.build_query(x)`, `Db.find(x)`); a
  // function of this file with the same name wins.
  if (imported.size > 0)
    for (const call of index.calls) {
      const entry = imported.get(call.callee);
      if (!entry || index.localCalls.has(call) || definitions.has(call.callee)) continue;
      index.importedCalls.set(call, entry);
    }
  if (exported)
    index.exported = [...definitions.values()].filter(
      (definition) => index.scopes[definition.scope]!.parent === -1,
    );

  index.conditionals = conditionalsOf(model, inRegions(found.branches));
  const addEvent = (name: string, event: Omit<Event, "name" | "chain">, scope: number) => {
    const key = `${scope}:${name}`;
    const list = index.events.get(key) ?? [];
    list.push({ ...event, name, chain: armChain(index.conditionals, event.start) });
    index.events.set(key, list);
  };

  for (const [scope, parameters] of helperParameters) {
    const start = index.scopes[scope]!.start;
    for (const parameter of parameters)
      addEvent(parameter.name, { pos: start, start, augmented: false, values: parameter.arguments }, scope);
  }
  // Every parameter of a summarised function has an event, so that a summary can assume its taint.
  for (const definition of new Set([...index.localCalls.values(), ...index.exported])) {
    const start = index.scopes[definition.scope]!.start;
    for (const name of definition.parameters) {
      if (!name || index.events.has(`${definition.scope}:${name}`)) continue;
      addEvent(name, { pos: start, start, augmented: false, values: [] }, definition.scope);
    }
  }
  for (const parameter of parameterSources) {
    addEvent(
      parameter.name,
      {
        pos: parameter.range.end,
        start: parameter.range.start,
        augmented: false,
        source: {
          label: parameter.label,
          line: parameter.range.line,
          column: parameter.range.column,
          via: [],
          ...(parameter.local ? { local: true as const } : {}),
        },
      },
      scopeAt(index, parameter.range.start),
    );
  }

  // `needle.get(url, (err, res, body) => …)`: the callback's data parameters hold what the server
  // at `url` sent, so they are as untrusted as the URL when untrusted input chose it.
  const callbackNames: string[] = [];
  if (spec.callbackResults)
    for (const call of index.calls) {
      const result = spec.callbackResults.find((candidate) => candidate.callee.test(call.callee));
      if (!result || isDead(model, call.start)) continue;
      const args = argumentsOf(model, call);
      const inputs = result.args.flatMap((position) => (args[position] ? [args[position]] : []));
      if (inputs.length === 0) continue;
      for (const argument of args) {
        const scope = index.scopes.findIndex(
          (candidate) => candidate.start === argument.start && candidate.end === argument.end,
        );
        if (scope === -1) continue;
        for (const name of parameterNames(model, index.scopes[scope]!.node).slice(result.skip)) {
          if (!name) continue;
          callbackNames.push(name);
          addEvent(
            name,
            { pos: argument.start, start: argument.start, augmented: false, values: inputs },
            scope,
          );
        }
      }
    }

  // `items.append(x)`, `params.set(k, v)`, `sb.append(x)`: the container now also holds x.
  const containerNames: string[] = [];
  for (const call of index.calls) {
    const removal = LIST_REMOVE.exec(call.callee);
    const chained = removal ? null : CHAINED_APPEND.exec(call.callee);
    const match = removal ?? chained ?? CONTAINER_MUTATION.exec(call.callee);
    if (!match || call.sink || isDead(model, call.start)) continue;
    const open = chained ? call.start : text.indexOf("(", call.start + match[0].length - 1);
    if (open === -1 || open >= call.end) continue;
    // `sb.append(a).append(b)`: the whole chain's arguments go into `sb`
    const { value, ...element } = chained
      ? { value: { start: call.start, end: call.end } }
      : elementEvent(text, match[2]!, open, call.end);
    if (removal && element.listOp === undefined) continue; // `list.remove(x)` keeps what it had
    containerNames.push(match[1]!);
    addEvent(
      match[1]!,
      {
        pos: call.end,
        start: call.start,
        augmented: true,
        ...element,
        ...(value ? { value: { ...value, line: call.line, column: call.column } } : {}),
      },
      scopeAt(index, call.start),
    );
  }

  // `json.Unmarshal(body, &v)`, `c.ShouldBindJSON(&v)`: the call writes what it read into `v`, as
  // an assignment of the call's value would (the call's text holds the source or the tainted input).
  if (spec.pointerFills)
    for (const call of index.calls) {
      if (call.sink || !spec.pointerFills.some((fill) => fill.test(call.callee)) || isDead(model, call.start))
        continue;
      for (const argument of argumentsOf(model, call)) {
        const target = /^&\s*([A-Za-z_]\w*)$/.exec(argument.text)?.[1];
        if (!target) continue;
        containerNames.push(target);
        addEvent(
          target,
          {
            pos: call.end,
            start: call.start,
            augmented: false,
            value: { start: call.start, end: call.end, line: call.line, column: call.column },
          },
          scopeAt(index, call.start),
        );
      }
    }

  const assignmentKinds = new Map(spec.kinds.assignments.map((kind) => [kind.kind, kind]));
  const assignmentNodes = inRegions(found.assignments);
  const identifierKinds = new Set(spec.kinds.identifiers);
  const names = new Set([
    ...parameterSources.map((parameter) => parameter.name),
    ...containerNames,
    ...callbackNames,
  ]);
  for (const parameters of helperParameters.values())
    for (const parameter of parameters) names.add(parameter.name);
  for (const definition of [...index.localCalls.values(), ...index.exported])
    for (const name of definition.parameters) if (name) names.add(name);
  for (const { node, range, kind: nodeKind } of assignmentNodes) {
    const kind = assignmentKinds.get(nodeKind);
    if (!kind || isDead(model, range.start)) continue;
    const parts =
      (kind.inline ? inlineAssignment(model, node, kind, range) : undefined) ?? assignmentFields(node, kind);
    if (!parts) continue;
    const { leftRange, valueRange } = parts;
    const bound: string[] = [];
    const target = textOf(model, leftRange);
    // A node's text is its slice of the file: the kind is only asked when the slice is not a plain name.
    const member = MEMBER_TARGET.exec(target);
    if (/^[A-Za-z_$][\w$]*$/.test(target) || identifierKinds.has(parts.leftKind())) bound.push(target);
    else if (member) {
      // `obj.field = v` is the field's own event; `items[k] = v` adds to the container.
      names.add(member[1]!);
      const field = member[2]!.startsWith(".");
      if (valueRange && !isDead(model, range.start))
        addEvent(
          field ? `${member[1]}${member[2]!.replace(/\s+/g, "")}` : member[1]!,
          {
            pos: Math.max(range.end, valueRange.end),
            start: range.start,
            augmented: !field,
            value: valueRange,
            parts,
          },
          scopeAt(index, range.start),
        );
    } else if (!/[.[]/.test(target.replace(/^[[{(]/, ""))) {
      // destructuring and tuples: `{ id, name }`, `[a, b]`, `a, err`
      for (const match of target.matchAll(/[A-Za-z_$][\w$]*/g)) bound.push(match[0]);
    }
    const scope = scopeAt(index, range.start);
    if (valueRange) {
      index.assignments.push({
        target,
        targetRange: leftRange,
        value: valueRange,
        node,
      });
    }
    for (const name of bound) {
      if (name === "_" || name === "const" || name === "let" || name === "var") continue;
      names.add(name);
      addEvent(
        name,
        {
          // a loop header (`for (Cookie c : cookies)`) binds before its body runs, not after it
          pos: valueRange ? (kind.inline ? Math.max(range.end, valueRange.end) : valueRange.end) : range.end,
          start: range.start,
          augmented:
            kind.augmented === true ||
            (valueRange !== undefined &&
              /^\s*(?:\+|-|\*|\/|%|\||&|\^|<<|>>|\?\?)=/.test(
                model.file.text.slice(leftRange.end, valueRange.start),
              )),
          ...(valueRange ? { value: valueRange, parts } : {}),
        },
        scope,
      );
    }
  }

  if (names.size > 0) {
    const pattern = `^(?:${[...names].map(escapeRegex).join("|")})$`;
    const identifierNodes = root.findAll({
      rule: { any: spec.kinds.identifiers.map((kind) => ({ kind, regex: pattern })) },
    });
    for (const { range } of inRegions(identifierNodes.map((node) => ({ range: rangeOf(node) })))) {
      // `obj.name` is a property, not the variable `name`
      if (text[range.start - 1] === ".") continue;
      index.identifiers.push({ name: textOf(model, range), start: range.start, end: range.end });
    }
    index.identifiers.sort((a, b) => a.start - b.start);

    for (const { node, range } of inRegions(found.ifs)) {
      const condition = node.field("condition");
      const consequence = node.field("consequence") ?? node.field("body");
      if (!condition || !consequence) continue;
      const conditionText = condition.text();
      if (!VALIDATION.test(conditionText)) continue;
      const mentioned = [...names].filter((name) =>
        new RegExp(`(?<![\\w$.])${escapeRegex(name)}(?![\\w$])`).test(conditionText),
      );
      if (mentioned.length === 0) continue;
      const negated = NEGATION.test(conditionText);
      const consequenceRange = rangeOf(consequence);
      if (negated && EXIT.test(textOf(model, consequenceRange))) {
        const scope = scopeAt(index, range.start);
        for (const name of mentioned)
          addEvent(name, { pos: range.end, start: range.start, augmented: false, clean: true }, scope);
      } else if (!negated) {
        for (const name of mentioned)
          index.guards.push({ name, start: consequenceRange.start, end: consequenceRange.end });
      }
    }
  }
  for (const list of index.events.values()) list.sort((a, b) => a.pos - b.pos);

  index.returns = inRegions(found.returns).map(({ node }) => node);
  for (const node of index.returns) {
    const value = node.children().find((child) => child.isNamed());
    if (!value) continue;
    const range = rangeOf(value);
    const scope = scopeAt(index, range.start);
    if (scope === -1) continue;
    const list = index.returnValues.get(scope) ?? [];
    list.push(range);
    index.returnValues.set(scope, list);
  }
  // An arrow function with an expression body (`(id) => parseInt(id, 10)`) returns that expression.
  index.scopes.forEach((scope, position) => {
    if (scope.kind !== "arrow_function") return;
    const body = scope.node.field("body");
    if (!body || body.kind() === "statement_block") return;
    const list = index.returnValues.get(position) ?? [];
    list.push(rangeOf(body));
    index.returnValues.set(position, list);
  });
  return index;
}

/** `.length` or `.size` read as a property (not called): a number, whatever the string held. */
const NUMERIC_PROPERTY = /^\s*\??\.\s*(?:length|size)\b(?!\s*\()/;

function numericAfter(text: string, end: number): boolean {
  return NUMERIC_PROPERTY.test(text.slice(end, end + 24));
}

/** Whether a call of `callee` sanitizes the value for the hazard (for every hazard: "all"). */
export function sanitizes(model: SastModel, callee: string, hazard: TaintHazard): boolean {
  const named = sanitizerCallee(model, callee);
  return model.spec.sanitizers.some(
    (sanitizer) =>
      (sanitizer.hazards === "all" || sanitizer.hazards.includes(hazard)) && sanitizer.callee.test(named),
  );
}

const CLEAN_OPERANDS = new WeakMap<Call, readonly Argument[]>();

/** The arguments a printf-style call prints as numbers (`formatCalls`): clean for every hazard. */
function cleanOperands(model: SastModel, call: Call): readonly Argument[] {
  const specs = model.spec.formatCalls;
  if (!specs) return [];
  let operands = CLEAN_OPERANDS.get(call);
  if (!operands) {
    const spec = specs.find((format) => format.callee.test(call.callee));
    const args = spec ? argumentsOf(model, call) : [];
    operands = spec
      ? cleanFormatOperands(
          spec,
          args.map((arg) => arg.text),
        ).map((position) => args[position]!)
      : [];
    CLEAN_OPERANDS.set(call, operands);
  }
  return operands;
}

/** The origin of taint in a range of the file, or undefined when the value is clean for the hazard. */
export function taintOf(
  model: SastModel,
  index: TaintIndex,
  range: { start: number; end: number },
  hazard: TaintHazard,
  depth = 0,
): TaintOrigin | undefined {
  if (depth > 50) return undefined;
  const text = model.file.text;
  const barriers: { start: number; end: number }[] = [];
  const localCalls: Call[] = [];
  for (let i = lowerBound(index.calls, range.start); i < index.calls.length; i++) {
    const call = index.calls[i]!;
    if (call.start >= range.end) break;
    if (call.start < range.start || call.end > range.end) continue;
    const opaque = call.sink && !resultCarries(model.spec.sinks, call.callee, hazard);
    if (opaque || sanitizes(model, call.callee, hazard) || numericAfter(text, call.end)) barriers.push(call);
    else {
      barriers.push(...cleanOperands(model, call));
      if (index.localCalls.has(call) || index.importedCalls.has(call)) localCalls.push(call);
    }
  }
  // A read in a branch that never runs (`cond ? "safe" : param` with a constant cond) is no value.
  const blocked = (start: number) =>
    barriers.some((barrier) => barrier.start <= start && start < barrier.end) ||
    localCalls.some((call) => call.start <= start && start < call.end) ||
    isDead(model, start);
  // A remote client's data wins over the invoking user's (`local`) in the same value: the flow is
  // then the taint rule's, not the audit rule's.
  let local: TaintOrigin | undefined;
  for (let i = lowerBound(index.sources, range.start); i < index.sources.length; i++) {
    const source = index.sources[i]!;
    if (source.start >= range.end) break;
    if (source.start < range.start || source.end > range.end || blocked(source.start)) continue;
    if (numericAfter(text, source.end)) continue;
    const origin = { label: source.label, line: source.line, column: source.column, via: [] };
    if (!source.local) return origin;
    local ??= { ...origin, local: true as const };
  }
  for (let i = lowerBound(index.identifiers, range.start); i < index.identifiers.length; i++) {
    const identifier = index.identifiers[i]!;
    if (identifier.start >= range.end) break;
    if (identifier.start < range.start || blocked(identifier.start) || numericAfter(text, identifier.end))
      continue;
    const origin = readTaint(model, index, identifier, hazard, depth);
    if (origin && !origin.local) return origin;
    local ??= origin;
  }
  // The outermost calls of the file's own functions: what their summaries say they return.
  for (const call of localCalls) {
    const enclosing = (other: { start: number; end: number }) =>
      other !== call && other.start <= call.start && call.end <= other.end;
    if (localCalls.some(enclosing) || barriers.some(enclosing)) continue;
    const origin = index.importedCalls.has(call)
      ? importedCallTaint(model, index, call, hazard, depth)
      : localCallTaint(model, index, call, hazard, depth);
    if (origin && !origin.local) return origin;
    local ??= origin;
  }
  return local;
}

/** A value that is a number or a literal whatever its input: `int(x)`, `len(x)`, `"name"`, `42`. */
const FIXED_VALUE =
  /^(?:(?:int|float|len|bool|abs|round|str\(\s*int)\s*\(|[bBrRuU]?["'][^"'{}]*["']$|-?\d+(?:\.\d+)?$|True$|False$|None$)/;

/**
 * Whether a variable read at `pos` holds a vetted value: it passed an allow-list check (a guard,
 * or a negated check that exits) or was last assigned a number or a literal. Pattern rules that
 * report values built at run time (a shell command, SQL text) skip such variables. Only files with
 * a taint index (a source) know their checks; the caller falls back to the text otherwise.
 */
export function isVetted(model: SastModel, name: string, pos: number): boolean | undefined {
  const index = taintIndex(model);
  if (!index) return undefined;
  if (index.guards.some((guard) => guard.name === name && guard.start <= pos && pos < guard.end)) return true;
  const latest = latestEvent(index, name, pos);
  if (!latest) return undefined;
  if (latest.event.clean) return true;
  const value = latest.event.value;
  return value !== undefined && FIXED_VALUE.test(model.file.text.slice(value.start, value.end).trim());
}

/** `.field` right after a name: a read of `obj.field`. */
const FIELD_READ = /^\s*\.\s*([A-Za-z_$][\w$]*)/;

/** A name read at its position, or the field of it read there when that field was assigned. */
function readTaint(
  model: SastModel,
  index: TaintIndex,
  identifier: { name: string; start: number; end: number },
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const element = ELEMENT_READ.exec(model.file.text.slice(identifier.end, identifier.end + 120));
  if (element) {
    const origin = elementTaint(model, index, identifier, element[1] ?? Number(element[2]), hazard, depth);
    if (origin !== false) return origin;
  }
  const field = FIELD_READ.exec(model.file.text.slice(identifier.end, identifier.end + 120));
  if (field) {
    const fieldName = `${identifier.name}.${field[1]}`;
    const fieldEvent = latestEvent(index, fieldName, identifier.start);
    const baseEvent = latestEvent(index, identifier.name, identifier.start);
    // The field's own assignment wins unless the whole object was replaced after it.
    if (fieldEvent && (!baseEvent || baseEvent.event.pos <= fieldEvent.event.pos)) {
      if (
        index.guards.some(
          (guard) =>
            guard.name === identifier.name && guard.start <= identifier.start && identifier.start < guard.end,
        )
      )
        return undefined;
      return eventTaint(model, index, fieldEvent.event, fieldEvent.key, hazard, depth);
    }
  }
  return variableTaint(model, index, identifier.name, identifier.start, hazard, depth);
}

/**
 * `map.get("k")` after `map.put("k", v)` puts of literal keys, or `list.get(1)` of a list built
 * from empty by `add(v)` and `remove(n)`: the taint of that one element. `false` when the
 * container's history is not that simple (then the whole container's taint is the answer).
 */
function elementTaint(
  model: SastModel,
  index: TaintIndex,
  identifier: { name: string; start: number },
  key: string | number,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined | false {
  const latest = latestEvent(index, identifier.name, identifier.start);
  if (!latest) return false;
  if (
    index.guards.some(
      (g) => g.name === identifier.name && g.start <= identifier.start && identifier.start < g.end,
    )
  )
    return undefined;
  const events = index.events.get(latest.key)!.filter((event) => event.pos <= identifier.start);
  const taintOfElement = (event: Event) => {
    const origin = event.value ? taintOf(model, index, event.value, hazard, depth + 1) : undefined;
    return origin && withStep(model, origin, event.name, event.start);
  };
  if (typeof key === "string") {
    for (let i = events.length - 1; i >= 0; i--) {
      const event = events[i]!;
      if (event.mapKey === undefined) return eventTaint(model, index, event, latest.key, hazard, depth);
      if (event.mapKey === key) return taintOfElement(event);
    }
    return undefined;
  }
  let first = events.length - 1;
  while (first >= 0 && events[first]!.listOp !== undefined) first--;
  const start = events[first];
  const startText = start?.value ? model.file.text.slice(start.value.start, start.value.end).trim() : "";
  if (!start || start.augmented || !EMPTY_LIST.test(startText)) return false;
  const list: Event[] = [];
  for (const event of events.slice(first + 1)) {
    if (event.listOp === "add") list.push(event);
    else if (typeof event.listOp === "number" && event.listOp < list.length) list.splice(event.listOp, 1);
    else return false;
  }
  const element = list[key];
  return element ? taintOfElement(element) : false;
}

/**
 * The latest event of a name before `pos`, in the nearest enclosing scope that has one, that a
 * read in `context` (the arm chain of `pos` unless given) can see: not one in another arm of an
 * `if` or `switch` the read is inside.
 */
function latestEvent(
  index: TaintIndex,
  name: string,
  pos: number,
  context?: ArmChain,
): { event: Event; key: string } | undefined {
  let reader = context;
  for (let scope = scopeAt(index, pos); ; scope = index.scopes[scope]!.parent) {
    const key = `${scope}:${name}`;
    const events = index.events.get(key);
    if (events) {
      // events are sorted by `pos`: the last one at or before `pos`, then backwards past unseen ones
      let low = 0;
      let high = events.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (events[middle]!.pos <= pos) low = middle + 1;
        else high = middle;
      }
      for (let last = low - 1; last >= 0; last--) {
        const event = events[last]!;
        if (event.chain.length === 0) return { event, key };
        reader ??= armChain(index.conditionals, pos);
        if (visibleFrom(event.chain, reader)) return { event, key };
      }
    }
    if (scope === -1) return undefined;
  }
}

/** The taint of a variable read at `pos`: its latest event before `pos` in the nearest scope that has one. */
function variableTaint(
  model: SastModel,
  index: TaintIndex,
  name: string,
  pos: number,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  if (index.guards.some((guard) => guard.name === name && guard.start <= pos && pos < guard.end))
    return undefined;
  return mergedTaint(model, index, name, pos, undefined, hazard, depth);
}

/**
 * The taint of a name read at `pos` in `context` (its arm chain, unless the read is at the end of
 * an arm: `armEnd`). When the latest event is clean but sits in an arm of a conditional
 * the read comes after, every arm's last value (and, when no arm must run, the value before the
 * statement) is possible: `if (c) x = "";` keeps the request's value, `if (c) x = p; else x = "";`
 * is tainted after the `if`, a loop body may not run at all.
 */
function mergedTaint(
  model: SastModel,
  index: TaintIndex,
  name: string,
  pos: number,
  context: ArmChain | undefined,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const latest = latestEvent(index, name, pos, context);
  if (!latest) return undefined;
  const origin = eventTaint(model, index, latest.event, latest.key, hazard, depth);
  if (origin || latest.event.chain.length === 0 || depth > MAX_BRANCH_DEPTH) return origin;
  const target = mergeTarget(latest.event.chain, context ?? armChain(index.conditionals, pos));
  if (target === undefined) return origin;
  const memoKey = `merge:${latest.key}@${latest.event.start}:${latest.event.pos}>${target}:${hazard}`;
  const known = index.memo.get(memoKey);
  if (known !== undefined) return known ?? undefined;
  index.memo.set(memoKey, null); // a cycle reads as clean
  const conditional = index.conditionals[target]!;
  let merged: TaintOrigin | undefined;
  // each arm's last value, read at its end (its sibling arms unseen, its nested statements merged)
  for (let arm = 0; arm < conditional.arms.length && !merged; arm++)
    merged = mergedTaint(
      model,
      index,
      name,
      conditional.arms[arm]!.end,
      armEnd(index.conditionals, target, arm),
      hazard,
      depth + 1,
    );
  if (!merged && !conditional.exhaustive)
    merged = mergedTaint(model, index, name, conditional.start, undefined, hazard, depth + 1);
  index.memo.set(memoKey, merged ?? null);
  return merged;
}

const MAX_BRANCH_DEPTH = 40;

function withStep(model: SastModel, origin: TaintOrigin, name: string, at: number): TaintOrigin {
  if (origin.via.at(-1) === name) return origin;
  const position = model.file.positionAt(at);
  return {
    ...origin,
    via: [...origin.via, name],
    steps: [...(origin.steps ?? []), { name, line: position.line, column: position.column }],
  };
}

function eventTaint(
  model: SastModel,
  index: TaintIndex,
  event: Event,
  key: string,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const memoKey = `${key}@${event.pos}:${hazard}`;
  const known = index.memo.get(memoKey);
  if (known !== undefined) return known ?? undefined;
  index.memo.set(memoKey, null); // a cycle reads as clean
  let origin: TaintOrigin | undefined;
  if (event.clean) origin = undefined;
  else if (event.source) origin = event.source;
  else if (event.values && index.assumptions?.has(key)) {
    // a summary is being computed: the parameter carries the marker or nothing
    origin = index.assumptions.get(key) ?? undefined;
  } else if (event.values) {
    for (const value of event.values) {
      origin = taintOf(model, index, value, hazard, depth + 1);
      if (origin) break;
    }
  } else if (typeof event.listOp === "number") {
    // `list.remove(0)`: what is left is what the list held
    origin = variableTaint(model, index, event.name, event.start, hazard, depth + 1);
  } else if (event.value && !FUNCTION_VALUE.test(event.parts?.valueKind() ?? "")) {
    origin = taintOf(model, index, event.value, hazard, depth + 1);
    if (!origin && event.augmented) {
      const base = event.name.includes(".") ? undefined : event.name;
      if (base) origin = variableTaint(model, index, base, event.start, hazard, depth + 1);
    }
  }
  if (origin && origin.label !== PARAMETER_MARKER) origin = withStep(model, origin, event.name, event.start);
  index.memo.set(memoKey, origin ?? null);
  return origin;
}

const FIELD_NAMES = new WeakMap<TaintIndex, Map<string, string[]>>();

/**
 * `return c` after `c.Value = val`: an object returned by name carries what its fields were given
 * (a Go constructor filling a struct field by field). The fields' latest events before the return.
 */
function returnedFieldTaint(
  model: SastModel,
  index: TaintIndex,
  value: Range,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const name = textOf(model, value).trim();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  let fields = FIELD_NAMES.get(index);
  if (!fields) {
    fields = new Map();
    for (const key of index.events.keys()) {
      const field = /^(-?\d+:[A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(key);
      if (!field) continue;
      const list = fields.get(field[1]!) ?? [];
      list.push(field[2]!);
      fields.set(field[1]!, list);
    }
    FIELD_NAMES.set(index, fields);
  }
  const scope = scopeAt(index, value.start);
  for (const field of fields.get(`${scope}:${name}`) ?? []) {
    const latest = latestEvent(index, `${name}.${field}`, value.start);
    const origin = latest ? eventTaint(model, index, latest.event, latest.key, hazard, depth + 1) : undefined;
    if (origin) return origin;
  }
  return undefined;
}

/** The summary of a function of the file for a hazard; undefined while it is being computed (recursion). */
function summaryOf(
  model: SastModel,
  index: TaintIndex,
  definition: Definition,
  hazard: TaintHazard,
  depth: number,
): Summary | undefined {
  const key = `${definition.scope}:${hazard}`;
  const known = index.summaries.get(key);
  if (known === "pending") return undefined;
  if (known) return known;
  if (definition.parameters.length > 16) return undefined;
  index.summaries.set(key, "pending");
  const values = index.returnValues.get(definition.scope) ?? [];
  // Each evaluation assumes one parameter carries a marker and the others nothing, with its own
  // memo: results under assumptions must not leak into the real evaluation.
  const evaluate = (marked: number): TaintOrigin | undefined => {
    const saved = { memo: index.memo, assumptions: index.assumptions };
    index.memo = new Map();
    index.assumptions = new Map(
      definition.parameters.map((name, position) => [
        `${definition.scope}:${name}`,
        position === marked ? { label: PARAMETER_MARKER, line: 0, column: 0, via: [] } : null,
      ]),
    );
    let origin: TaintOrigin | undefined;
    for (const value of values) {
      origin =
        taintOf(model, index, value, hazard, depth + 1) ??
        returnedFieldTaint(model, index, value, hazard, depth);
      if (origin) break;
    }
    index.memo = saved.memo;
    index.assumptions = saved.assumptions;
    return origin;
  };
  const source = values.length > 0 ? evaluate(-1) : undefined;
  const summary: Summary = { source, parameters: new Set() };
  if (!source && values.length > 0)
    definition.parameters.forEach((_, position) => {
      if (evaluate(position)?.label === PARAMETER_MARKER) summary.parameters.add(position);
    });
  index.summaries.set(key, summary);
  return summary;
}

/** The argument a call passes for a parameter: by keyword, or by position among the positional ones. */
function argumentFor(
  model: SastModel,
  call: Call,
  definition: Pick<Definition, "parameters" | "receiverFirst">,
  position: number,
): Range | undefined {
  const args = argumentsOf(model, call);
  const name = definition.parameters[position];
  const keyword = args.find(
    (argument) => name && new RegExp(`^${escapeRegex(name)}\\s*=(?!=)`).test(argument.text),
  );
  if (keyword) {
    const value = keyword.node.field("value");
    return value ? rangeOf(value) : keyword;
  }
  const skip = call.callee.includes(".") && definition.receiverFirst ? 1 : 0;
  const positional = args.filter((argument) => !/^[A-Za-z_]\w*\s*=(?!=)/.test(argument.text));
  return positional[position - skip];
}

/** A call whose function has no summary for the hazard: every argument passes through. */
function unknownCallTaint(
  model: SastModel,
  index: TaintIndex,
  call: Call,
  hazard: TaintHazard,
  depth: number,
  step: string,
): TaintOrigin | undefined {
  for (const argument of argumentsOf(model, call)) {
    const origin = taintOf(model, index, argument, hazard, depth + 1);
    if (origin) return withStep(model, origin, step, call.start);
  }
  return undefined;
}

/** A call of the file's own function: tainted when its summary returns untrusted data or a tainted argument. */
function localCallTaint(
  model: SastModel,
  index: TaintIndex,
  call: Call,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const definition = index.localCalls.get(call)!;
  const summary = summaryOf(model, index, definition, hazard, depth);
  const step = `${call.callee}()`;
  // no summary: recursion
  if (!summary) return unknownCallTaint(model, index, call, hazard, depth, step);
  if (summary.source) return withStep(model, summary.source, step, call.start);
  for (const position of summary.parameters) {
    const argument = argumentFor(model, call, definition, position);
    const origin = argument ? taintOf(model, index, argument, hazard, depth + 1) : undefined;
    if (origin) return withStep(model, origin, step, call.start);
  }
  return undefined;
}

/**
 * A call of another file's function: tainted when its summary returns untrusted data (the source
 * then lies in that file) or an argument that reaches its return value. No summary for the hazard
 * (a function too large to summarise): an unknown call, every argument passes through.
 */
function importedCallTaint(
  model: SastModel,
  index: TaintIndex,
  call: Call,
  hazard: TaintHazard,
  depth: number,
): TaintOrigin | undefined {
  const entry = index.importedCalls.get(call)!;
  const summary = entry.function.hazards[hazard];
  const step = `${call.callee}()`;
  if (!summary) return unknownCallTaint(model, index, call, hazard, depth, step);
  if (summary.source) return withStep(model, { ...summary.source, path: entry.path }, step, call.start);
  for (const position of summary.returns) {
    const argument = argumentFor(model, call, entry.function, position);
    const origin = argument ? taintOf(model, index, argument, hazard, depth + 1) : undefined;
    if (origin) return withStep(model, origin, step, call.start);
  }
  return undefined;
}

/** A call of the file's own function that a summary can stand for: `helper(…)`, `self.helper(…)`. */
const LOCAL_CALLEE = /^(?:(?:self|cls|this)\.|[A-Z][\w$]*\(\)\.)?([A-Za-z_$][\w$]*)$/;

/** A call that adds its arguments to a container or builder: group 1 is the container. */
const CONTAINER_MUTATION =
  /^([A-Za-z_$][\w$]*)\.(append|appendleft|extend|extendleft|insert|add|update|setdefault|push|unshift|put|putAll|set|WriteString|Write)$/;
/** `sb.append(a).append(b)`: a builder's chained appends all land in `sb`. */
const CHAINED_APPEND = /^([A-Za-z_$][\w$]*)\.(?:append|insert)\(.*\)\.(append|insert)$/s;
/** `list.remove(2)`: an element leaves (only a literal index is followed). */
const LIST_REMOVE = /^([A-Za-z_$][\w$]*)\.(remove)$/;
/** `map.put("k", …`: a literal key before the value. */
const KEYED_PUT = /^\(\s*"([^"\\]*)"\s*,/;
/** `map.get("k")`, `list.get(1)` right after a container's name. */
const ELEMENT_READ = /^\s*\.\s*get\(\s*(?:"([^"\\]*)"|(\d+))\s*\)/;
/** A list that starts empty: `new ArrayList<>()`. */
const EMPTY_LIST = /^new\s+(?:[\w.]+\.)?(?:ArrayList|LinkedList|Vector)\s*(?:<[^>]*>)?\s*\(\s*\)$/;

/**
 * What a container call puts in: `put("k", v)` the value under its literal key, `add(v)` one
 * element, `remove(2)` an index out; anything else the whole argument list, key or position unknown.
 */
function elementEvent(
  text: string,
  method: string,
  open: number,
  end: number,
): Pick<Event, "mapKey" | "listOp"> & { value?: { start: number; end: number } } {
  const args = text.slice(open, end);
  if (method === "remove") {
    const removed = /^\(\s*(\d+)\s*\)$/.exec(args);
    return removed ? { listOp: Number(removed[1]) } : {};
  }
  const all = { value: { start: open, end } };
  if (method === "put") {
    const keyed = KEYED_PUT.exec(args);
    return keyed ? { mapKey: keyed[1]!, value: { start: open + keyed[0].length, end: end - 1 } } : all;
  }
  if (method === "add" && topLevelCommas(args.slice(1, -1)) === 0) return { ...all, listOp: "add" };
  return all;
}

/** Commas outside brackets and string literals (`add(i, v)` is an insertion, not an append). */
function topLevelCommas(args: string): number {
  let depth = 0;
  let commas = 0;
  let quote = "";
  for (let i = 0; i < args.length; i++) {
    const char = args[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[" || char === "{" || char === "<") depth++;
    else if (char === ")" || char === "]" || char === "}" || char === ">") depth--;
    else if (char === "," && depth === 0) commas++;
  }
  return commas;
}

/** `obj.field` or `items[key]` as an assignment target: group 1 the base, group 2 the member. */
const MEMBER_TARGET = /^([A-Za-z_$][\w$]*)(\s*\.\s*[A-Za-z_$][\w$]*|\[[^\]]*\])$/;

/** A call that may reach a helper of the file: `helper(…)` or `obj.helper(…)`; group 1 is the name. */
const HELPER_CALLEE = /^(?:[A-Za-z_$][\w$]*\.|[A-Z][\w$]*\(\)\.)?([A-Za-z_$][\w$]*)$/;

/**
 * False when no call can name a function defined in the file, so `functionDefinitions` (several
 * native calls per scope) can be skipped. A definition's name is an occurrence of the name in the
 * text that is not the end of a call's callee: when a name occurs no more often than the calls
 * that end with it, nothing of the file defines it.
 */
function mayCallLocalFunction(text: string, calls: readonly Call[]): boolean {
  const sites = new Map<string, Set<string>>();
  for (const call of calls) {
    const name = HELPER_CALLEE.exec(call.callee)?.[1];
    if (!name) continue;
    const named = sites.get(name) ?? new Set<string>();
    named.add(`${call.start}:${call.end}`);
    sites.set(name, named);
  }
  for (const [name, named] of sites) {
    const occurrences = text.match(new RegExp(`(?<![\\w$])${escapeRegex(name)}(?![\\w$])`, "g"));
    if ((occurrences?.length ?? 0) > named.size) return true;
  }
  return false;
}

interface Definition {
  scope: number;
  parameters: string[];
  /** Python methods: `self` or `cls` comes first and is not passed at the call. */
  receiverFirst: boolean;
}

/** Named functions and methods of the file, with their parameter names in order. */
function functionDefinitions(model: SastModel, scopes: readonly Scope[]): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  scopes.forEach((scope, position) => {
    // `const helper = (a) => …` and `const helper = function (a) { … }` are named by their declarator
    const parent = scope.node.field("name") ? undefined : scope.node.parent();
    const name = (
      scope.node.field("name") ?? (parent?.kind() === "variable_declarator" ? parent.field("name") : null)
    )?.text();
    if (!name || (!scope.node.field("parameters") && !scope.node.field("parameter")) || definitions.has(name))
      return;
    const parameters = parameterNames(model, scope.node);
    const receiverFirst =
      model.language === "python" && (parameters[0] === "self" || parameters[0] === "cls");
    definitions.set(name, { scope: position, parameters, receiverFirst });
  });
  return definitions;
}

/** A function's parameter names in order ("" where a parameter has no plain name). */
function parameterNames(model: SastModel, node: SgNode): string[] {
  const single = node.field("parameter");
  if (single) return [single.text()];
  const parameters: string[] = [];
  for (const child of node.field("parameters")?.children() ?? []) {
    if (!child.isNamed()) continue;
    const kind = child.kind() as string;
    if (kind.includes("comment")) continue;
    if (model.language === "java") parameters.push(child.field("name")?.text() ?? "");
    else if (model.language === "go")
      for (const part of child
        .text()
        .replace(/\s+\S+$/, "")
        .split(","))
        parameters.push(part.trim());
    else parameters.push(/[A-Za-z_$][\w$]*/.exec(child.text())?.[0] ?? "");
  }
  return parameters;
}

export interface Argument extends Range {
  node: SgNode;
  text: string;
}

/** The positional (named, non-comment) arguments of a call. */
export function argumentsOf(model: SastModel, call: Call): Argument[] {
  return call.argumentsOnce(() => {
    const args: Argument[] = [];
    for (const child of call.argsNode?.namedChildren() ?? []) {
      const range = rangeOf(child);
      const text = textOf(model, range);
      // Comments are named nodes too; told apart by their text, which no argument starts with.
      if (text.startsWith("//") || text.startsWith("/*") || text.startsWith("#")) continue;
      args.push({ ...range, node: child, text });
    }
    return args;
  });
}

/** URLs whose scheme and host are written in the code: untrusted data after them cannot pick the server. */
const FIXED_URL_PREFIX = /^[fF]?["'`](?:https?:\/\/[^/"'`$]+\/|\/[^/"'`$\\])/;

/** The hazards a language has sinks for. */
function hazardsOf(spec: LanguageSpec): TaintHazard[] {
  return [
    ...new Set([...spec.sinks, ...(spec.propertySinks ?? [])].map((sink) => sink.hazard as TaintHazard)),
  ];
}

/**
 * What another file sees of this one: per top-level function and hazard, the untrusted data it
 * returns by itself, the parameters that reach its return value and those that reach a sink.
 * Each parameter is evaluated alone, as the intra-file summaries are, with its own memo.
 */
export function moduleSummaries(model: SastModel): ExportedFunction[] {
  const index = buildIndex(model, true);
  if (!index) return [];
  model.cache.set("taint", index); // the flows below read the index the summaries assume on
  const hazards = hazardsOf(model.spec);
  // Where each hazard's sinks are: a function without one has no parameter sinks to look for,
  // which spares most functions the evaluation per parameter.
  const sinkStarts = new Map<TaintHazard, number[]>();
  for (const hazard of hazards) {
    const calls = model.spec.sinks.filter((sink) => sink.hazard === hazard);
    const properties = (model.spec.propertySinks ?? []).filter((sink) => sink.hazard === hazard);
    sinkStarts.set(hazard, [
      ...index.calls
        .filter((call) => calls.some((sink) => sink.callee.test(call.callee)))
        .map((call) => call.start),
      ...index.assignments
        .filter((assignment) => properties.some((sink) => sink.target.test(assignment.target)))
        .map((assignment) => assignment.value.start),
    ]);
  }
  const exported: ExportedFunction[] = [];
  for (const definition of index.exported.slice(0, 150)) {
    const scope = index.scopes[definition.scope]!;
    const name = scope.node.field("name")?.text() ?? scope.node.parent()?.field("name")?.text();
    if (!name) continue;
    const hazardSummaries: Partial<Record<TaintHazard, HazardSummary>> = {};
    for (const hazard of hazards) {
      const summary = summaryOf(model, index, definition, hazard, 0);
      const sinks: ParameterSink[] = [];
      const hasSink = sinkStarts.get(hazard)!.some((start) => scope.start <= start && start < scope.end);
      if (hasSink && definition.parameters.length <= 16)
        definition.parameters.forEach((parameter, position) => {
          if (!parameter) return;
          const saved = { memo: index.memo, assumptions: index.assumptions };
          index.memo = new Map();
          index.assumptions = new Map(
            definition.parameters.map((other, at) => [
              `${definition.scope}:${other}`,
              at === position ? { label: PARAMETER_MARKER, line: 0, column: 0, via: [] } : null,
            ]),
          );
          const flow = computeFlows(model, hazard, scope).find(
            (candidate) => candidate.source.label === PARAMETER_MARKER,
          );
          index.memo = saved.memo;
          index.assumptions = saved.assumptions;
          if (flow)
            sinks.push({
              position,
              label: flow.label,
              callee: flow.callee,
              line: flow.sink.line,
              column: flow.sink.column,
            });
        });
      if (!summary && sinks.length === 0) continue;
      hazardSummaries[hazard] = {
        ...(summary?.source ? { source: summary.source } : {}),
        returns: summary ? [...summary.parameters] : [],
        sinks,
      };
    }
    exported.push({
      name,
      line: scope.node.range().start.line + 1,
      parameters: definition.parameters,
      receiverFirst: definition.receiverFirst,
      hazards: hazardSummaries,
    });
  }
  return exported;
}

/** Every flow of untrusted data into a sink of the hazard in this file. */
export function taintFlows(model: SastModel, hazard: TaintHazard): TaintFlow[] {
  // The taint rule and the pattern rules that defer to it (`unlessTaint`) ask for the same flows.
  const key = `flows:${hazard}`;
  const cached = model.cache.get(key) as TaintFlow[] | undefined;
  if (cached) return cached;
  const flows = computeFlows(model, hazard);
  model.cache.set(key, flows);
  return flows;
}

/** `within`: only sinks inside this range (a function being summarised for another file). */
function computeFlows(
  model: SastModel,
  hazard: TaintHazard,
  within?: { start: number; end: number },
): TaintFlow[] {
  const sinks = model.spec.sinks.filter(
    (sink) => sink.hazard === hazard && (!sink.onlyFile || sink.onlyFile.test(model.file.text)),
  );
  const propertySinks = (model.spec.propertySinks ?? []).filter((sink) => sink.hazard === hazard);
  if (sinks.length === 0 && propertySinks.length === 0) return [];
  const index = taintIndex(model);
  if (!index) return [];
  const flows: TaintFlow[] = [];
  const inside = (range: { start: number }) =>
    !within || (within.start <= range.start && range.start < within.end);
  for (const call of index.calls) {
    if (!inside(call)) continue;
    const specs = sinks.filter((sink) => sink.callee.test(call.callee));
    if (specs.length === 0 || isDead(model, call.start)) continue;
    const callText = textOf(model, call);
    let args: Argument[] | undefined;
    nextSpec: for (const spec of specs) {
      if (spec.onlyCall && !spec.onlyCall.test(callText)) continue;
      if (spec.unlessCall?.test(callText)) continue;
      args ??= argumentsOf(model, call);
      for (const [position, argument] of args.entries()) {
        if (spec.args !== "all" && !spec.args.includes(position)) continue;
        if (FUNCTION_VALUE.test(argument.node.kind() as string)) continue;
        if (cleanOperands(model, call).includes(argument)) continue;
        if ((hazard === "ssrf" || hazard === "open-redirect") && FIXED_URL_PREFIX.test(argument.text))
          continue;
        const origin = taintOf(model, index, argument, hazard);
        if (!origin) continue;
        const end = call.node.range().end;
        flows.push({
          hazard,
          source: origin,
          sink: { ...call, endLine: end.line + 1, endColumn: end.column + 1 },
          label: spec.label,
          callee: call.callee,
          spec,
          call: { ...call, args },
          argument,
        });
        break nextSpec;
      }
    }
  }
  // A call passing data to another file's function whose parameter reaches a sink there.
  for (const [call, entry] of within ? [] : index.importedCalls) {
    const summary = entry.function.hazards[hazard];
    if (!summary || summary.sinks.length === 0 || isDead(model, call.start)) continue;
    for (const sink of summary.sinks) {
      const argument = argumentFor(model, call, entry.function, sink.position);
      const origin = argument ? taintOf(model, index, argument, hazard) : undefined;
      if (!argument || !origin) continue;
      const end = call.node.range().end;
      flows.push({
        hazard,
        source: origin,
        sink: { ...call, endLine: end.line + 1, endColumn: end.column + 1 },
        label: sink.label,
        callee: sink.callee,
        argument,
        remote: { path: entry.path, line: sink.line, column: sink.column, through: call.callee },
      });
      break;
    }
  }
  for (const assignment of index.assignments) {
    if (!inside(assignment.value)) continue;
    const spec = propertySinks.find((sink) => sink.target.test(assignment.target));
    if (!spec || isDead(model, assignment.value.start)) continue;
    if (
      (hazard === "ssrf" || hazard === "open-redirect") &&
      FIXED_URL_PREFIX.test(textOf(model, assignment.value))
    )
      continue;
    const origin = taintOf(model, index, assignment.value, hazard);
    if (!origin) continue;
    const end = assignment.node.range().end;
    flows.push({
      hazard,
      source: origin,
      sink: { ...assignment.targetRange, endLine: end.line + 1, endColumn: end.column + 1 },
      label: spec.label,
      callee: assignment.target,
      argument: assignment.value,
    });
  }
  const returnSinks = (model.spec.returnSinks ?? []).filter((sink) => sink.hazard === hazard);
  for (const node of returnSinks.length > 0 && !within ? index.returns : []) {
    const value = node.children().find((child) => child.isNamed());
    if (!value) continue;
    const spec = returnSinks.find((sink) => sink.valueKinds.includes(value.kind() as string));
    if (!spec || isDead(model, rangeOf(node).start)) continue;
    const scope = scopeAt(index, rangeOf(node).start);
    const decorated = scope === -1 ? null : index.scopes[scope]!.node.parent();
    if (decorated?.kind() !== "decorated_definition") continue;
    const decorators = decorated.text().slice(0, decorated.text().indexOf("def "));
    if (!spec.decorators.test(decorators)) continue;
    const valueRange = rangeOf(value);
    const origin = taintOf(model, index, valueRange, hazard);
    if (!origin) continue;
    const range = rangeOf(node);
    const end = node.range().end;
    flows.push({
      hazard,
      source: origin,
      sink: { ...range, endLine: end.line + 1, endColumn: end.column + 1 },
      label: spec.label,
      callee: "return",
      argument: valueRange,
    });
  }
  return flows.sort((a, b) => a.sink.start - b.sink.start);
}
