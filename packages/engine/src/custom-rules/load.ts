// Reads custom rule files (a repository's `.rampart/rules/*.yaml`, `--rules DIR`) and validates
// them: the schema, ast-grep patterns parsed as code of each language (a malformed pattern
// compiles silently and matches nothing), regular expressions, controls and duplicate ids. Every
// problem names the file and line; nothing here throws on bad input.
import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parse as parseTree } from "@ast-grep/napi";
import { type Document, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { LANGUAGES, registerLanguages } from "../analyzers/sast/model.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "../parse/nesting.ts";
import { REPOSITORY_RULES_FOLDER } from "./meta.ts";
import { compilePatternRule, patternList } from "./pattern.ts";
import {
  type CodeLanguage,
  type Condition,
  CUSTOM_RULE_LIMITS,
  type CustomRuleDefinition,
  kindOf,
  PatternRuleSchema,
  ResourceRuleSchema,
  RuleFileSchema,
  TaintRuleSchema,
} from "./schema.ts";

export interface RuleProblem {
  /** The rule file as the user knows it: relative to the scanned root, or as given on the command line. */
  file: string;
  /** 1-based; 0 for a problem of the whole file or folder (unreadable, too large). */
  line: number;
  message: string;
}

export interface LoadedCustomRules {
  rules: CustomRuleDefinition[];
  problems: RuleProblem[];
}

export interface RuleSources {
  /** The scanned folder: its `.rampart/rules/` is read when present. */
  root?: string;
  /** More folders (`--rules DIR`), absolute. */
  directories?: readonly string[];
  /**
   * Control codes a rule may name: the codes the built-in rules evidence (asked for only when a
   * rule names one, since it means loading every analyzer). Undefined skips the check.
   */
  knownControls?: ReadonlySet<string> | (() => Promise<ReadonlySet<string>>);
}

/** `file:line: message`, one line: what the CLI prints and the server keeps. */
export function formatProblem(problem: RuleProblem): string {
  return problem.line > 0
    ? `${problem.file}:${problem.line}: ${problem.message}`
    : `${problem.file}: ${problem.message}`;
}

/** Rule files of a folder (not recursive), sorted; a missing folder has none. */
function ruleFiles(folder: string, shown: (path: string) => string, problems: RuleProblem[]): string[] {
  let names: string[];
  try {
    const stat = lstatSync(folder);
    // A link out of a checked-out repository could read anything on the server: not followed.
    if (stat.isSymbolicLink()) {
      problems.push({
        file: shown(folder),
        line: 0,
        message: "the rules folder is a symbolic link; not read",
      });
      return [];
    }
    if (!stat.isDirectory()) {
      problems.push({ file: shown(folder), line: 0, message: "not a folder" });
      return [];
    }
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    problems.push({ file: shown(folder), line: 0, message: "cannot read the rules folder" });
    return [];
  }
  const files = names
    .filter((name) => /\.ya?ml$/i.test(name))
    .sort()
    .map((name) => join(folder, name));
  if (files.length > CUSTOM_RULE_LIMITS.maxFiles) {
    problems.push({
      file: shown(folder),
      line: 0,
      message: `more than ${CUSTOM_RULE_LIMITS.maxFiles} rule files; only the first ${CUSTOM_RULE_LIMITS.maxFiles} are read`,
    });
    return files.slice(0, CUSTOM_RULE_LIMITS.maxFiles);
  }
  return files;
}

function readRuleFile(path: string, shown: string, problems: RuleProblem[]): string | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) {
      problems.push({
        file: shown,
        line: 0,
        message: "not a regular file (symbolic links are not followed)",
      });
      return undefined;
    }
    if (stat.size > CUSTOM_RULE_LIMITS.maxFileBytes) {
      problems.push({
        file: shown,
        line: 0,
        message: `larger than ${CUSTOM_RULE_LIMITS.maxFileBytes / 1024} KB`,
      });
      return undefined;
    }
    return readFileSync(path, "utf8");
  } catch {
    problems.push({ file: shown, line: 0, message: "cannot read the file" });
    return undefined;
  }
}

/**
 * Whether a folder of the checkout is really inside it: `.rampart` itself may be a symbolic link
 * out of the repository (the last component is checked by `lstat` in `ruleFiles`). A folder that
 * does not exist is inside (there is nothing to read).
 */
function insideRoot(root: string, folder: string): boolean {
  try {
    const real = realpathSync(join(folder, ".."));
    const base = realpathSync(root);
    return real === base || real.startsWith(base.endsWith(sep) ? base : `${base}${sep}`);
  } catch {
    return true;
  }
}

/** Loads and validates every rule file of the repository's folder and of the extra folders. */
export async function loadCustomRules(sources: RuleSources): Promise<LoadedCustomRules> {
  const problems: RuleProblem[] = [];
  const files: { path: string; shown: string }[] = [];
  if (sources.root !== undefined) {
    const root = sources.root;
    const shown = (path: string) => relative(root, path).split("\\").join("/");
    const folder = join(root, REPOSITORY_RULES_FOLDER);
    if (insideRoot(root, folder)) {
      for (const path of ruleFiles(folder, shown, problems)) files.push({ path, shown: shown(path) });
    } else {
      problems.push({
        file: REPOSITORY_RULES_FOLDER,
        line: 0,
        message: "leads outside the repository (a symbolic link); not read",
      });
    }
  }
  for (const folder of sources.directories ?? []) {
    for (const path of ruleFiles(folder, (path) => path, problems)) files.push({ path, shown: path });
  }
  const rules: CustomRuleDefinition[] = [];
  if (files.length > 0) await registerLanguages();
  for (const file of files) {
    const text = readRuleFile(file.path, file.shown, problems);
    if (text === undefined) continue;
    const parsed = parseRuleText(text, file.shown);
    rules.push(...parsed.rules);
    problems.push(...parsed.problems);
  }
  const known = sources.knownControls;
  if (known !== undefined && rules.some((definition) => definition.rule.controls.length > 0)) {
    const codes = typeof known === "function" ? await known() : known;
    for (let index = rules.length - 1; index >= 0; index--) {
      const definition = rules[index]!;
      const unknown = definition.rule.controls.filter((control) => !codes.has(control));
      if (unknown.length === 0) continue;
      problems.push({
        file: definition.file,
        line: definition.controlsLine ?? definition.line,
        message: `rule ${definition.rule.id}: unknown control ${unknown.join(", ")} (name a control the built-in rules evidence)`,
      });
      rules.splice(index, 1);
    }
  }
  // Ids are suppression keys: two rules with one id would be one rule to `.rampart.yaml`.
  const seen = new Map<string, CustomRuleDefinition>();
  const unique: CustomRuleDefinition[] = [];
  for (const definition of rules) {
    const first = seen.get(definition.rule.id);
    if (first) {
      problems.push({
        file: definition.file,
        line: definition.line,
        message: `rule id ${definition.rule.id} is already used at ${first.file}:${first.line}`,
      });
      continue;
    }
    seen.set(definition.rule.id, definition);
    unique.push(definition);
  }
  if (unique.length > CUSTOM_RULE_LIMITS.maxRules) {
    problems.push({
      file: unique[CUSTOM_RULE_LIMITS.maxRules]!.file,
      line: unique[CUSTOM_RULE_LIMITS.maxRules]!.line,
      message: `more than ${CUSTOM_RULE_LIMITS.maxRules} custom rules; the rest are not run`,
    });
    unique.length = CUSTOM_RULE_LIMITS.maxRules;
  }
  return { rules: unique, problems };
}

type Path = readonly (string | number)[];

/** The line of the deepest node of the path that exists (a missing key points at its parent). */
function lineOf(doc: Document, counter: LineCounter, path: Path): number {
  for (let length = path.length; length >= 0; length--) {
    const node = doc.getIn(path.slice(0, length), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === "object" && node.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

/** A zod issue as one sentence: where (the key path inside the rule) and what. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.filter((part) => typeof part === "string" || typeof part === "number").join(".");
  let message = issue.message;
  if (issue.code === "unrecognized_keys")
    message = `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
  return where ? `${where}: ${message}` : message;
}

const SCHEMAS = { pattern: PatternRuleSchema, taint: TaintRuleSchema, resource: ResourceRuleSchema } as const;

/** Validates one rule file's text. Exported for the documentation test and for editors. */
export function parseRuleText(text: string, file: string): LoadedCustomRules {
  const problems: RuleProblem[] = [];
  const rules: CustomRuleDefinition[] = [];
  // Recursive parsers and schemas (conditions nest) must not meet a hostile depth.
  if (nestingDepth(text) > MAX_NESTING_DEPTH)
    return {
      rules,
      problems: [{ file, line: 1, message: `nested deeper than ${MAX_NESTING_DEPTH} levels` }],
    };
  const counter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  } catch {
    return { rules, problems: [{ file, line: 1, message: "not a YAML document" }] };
  }
  if (doc.errors.length > 0) {
    for (const error of doc.errors.slice(0, 10)) {
      const line = counter.linePos(error.pos[0]).line;
      problems.push({ file, line, message: `invalid YAML: ${error.message.split("\n")[0]!.slice(0, 200)}` });
    }
    return { rules, problems };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch {
    return { rules, problems: [{ file, line: 1, message: "invalid YAML: too many aliases" }] };
  }
  const top = RuleFileSchema.safeParse(data ?? {});
  if (!top.success) {
    for (const issue of top.error.issues)
      problems.push({ file, line: lineOf(doc, counter, issue.path as Path), message: describeIssue(issue) });
    return { rules, problems };
  }
  top.data.rules.forEach((item, index) => {
    const at = (path: Path) => lineOf(doc, counter, ["rules", index, ...path]);
    const kind = kindOf(item);
    let result: ReturnType<(typeof SCHEMAS)[typeof kind]["safeParse"]>;
    try {
      result = SCHEMAS[kind].safeParse(item);
    } catch {
      problems.push({ file, line: at([]), message: "rule could not be read (too large or too deep)" });
      return;
    }
    const id =
      item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string"
        ? ` ${(item as { id: string }).id}`
        : "";
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({ file, line: at(issue.path as Path), message: `rule${id}: ${describeIssue(issue)}` });
      return;
    }
    const definition = { file, line: at([]), kind, rule: result.data } as CustomRuleDefinition;
    if (definition.rule.controls.length > 0) definition.controlsLine = at(["controls"]);
    const found = semanticProblems(definition);
    for (const problem of found)
      problems.push({ file, line: at(problem.path), message: `rule${id}: ${problem.message}` });
    if (found.length === 0) rules.push(definition);
  });
  return { rules, problems };
}

interface SemanticProblem {
  path: Path;
  message: string;
}

function semanticProblems(definition: CustomRuleDefinition): SemanticProblem[] {
  switch (definition.kind) {
    case "pattern":
      return patternProblems(definition.rule);
    case "taint":
      return taintProblems(definition.rule);
    case "resource":
      return conditionProblems(definition.rule.where, ["where"], 0);
  }
}

/**
 * Metavariables (`$X`, `$$$ARGS`) are not valid code in every grammar: ast-grep replaces `$` with
 * the grammar's expando character before parsing a pattern, and so does this check.
 */
const EXPANDO: Partial<Record<string, string>> = { python: "µ", go: "µ" };

/**
 * ast-grep matches a lone `$$$` where the grammar wants a statement (`{ $$$ }` in a Java method)
 * although the parser calls it an error: an error made only of metavariables is not one.
 */
const ONLY_METAVARIABLES = /^\s*(?:(?:\$\$\$|\$)[A-Z0-9_]*[\s,;]*)+$/;

/** Why a pattern is not code of the language: the line and column of its first syntax error. */
export function patternSyntaxError(pattern: string, language: CodeLanguage): string | undefined {
  const grammar = LANGUAGES[language].grammar;
  const expando = EXPANDO[grammar];
  const text = expando ? pattern.replaceAll("$", expando) : pattern;
  try {
    const error = parseTree(grammar, text)
      .root()
      .findAll({ rule: { kind: "ERROR" } })
      .find((node) => !ONLY_METAVARIABLES.test(expando ? node.text().replaceAll(expando, "$") : node.text()));
    if (!error) return undefined;
    const start = error.range().start;
    return `line ${start.line + 1}, column ${start.column + 1} of the pattern`;
  } catch {
    return "the parser rejected it";
  }
}

function patternProblems(rule: z.infer<typeof PatternRuleSchema>): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const keys = ["pattern", "any", "pattern-not", "inside", "not-inside"] as const;
  for (const key of keys) {
    const value = rule[key];
    if (value === undefined) continue;
    patternList(value).forEach((pattern, index) => {
      const code = typeof pattern === "string" ? pattern : pattern.context;
      for (const language of rule.languages) {
        const error = patternSyntaxError(code, language);
        if (error) {
          problems.push({
            path: [
              key,
              ...(Array.isArray(value) ? [index] : []),
              ...(typeof pattern === "string" ? [] : ["context"]),
            ],
            message: `${key} is not valid ${language} (${error}): \`${code.split("\n")[0]!.slice(0, 80)}\``,
          });
          break;
        }
      }
    });
  }
  if (problems.length > 0) return problems;
  // ast-grep rejects some rules only when compiled (a metavariable regex in Rust's syntax, a
  // pattern of two statements): compile each language's rule once on an empty tree.
  for (const language of rule.languages) {
    const empty = parseTree(LANGUAGES[language].grammar, "").root();
    const rejection = (config: unknown) => {
      try {
        empty.findAll(config as never);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "rejected";
      }
    };
    const config = compilePatternRule(rule);
    const whole = rejection(config);
    if (whole === undefined) continue;
    // Point at the metavariable whose condition ast-grep refuses, when one is to blame.
    const culprit = Object.keys(config.constraints ?? {}).find(
      (name) =>
        rejection({ rule: config.rule, constraints: { [name]: config.constraints![name] } }) !== undefined,
    );
    problems.push({
      path: culprit ? ["metavariables", culprit] : ["pattern"],
      message: `ast-grep rejects the rule for ${language}: ${culprit ? `the condition on ${culprit}: ` : ""}${whole}`,
    });
    break;
  }
  return problems;
}

/**
 * A regular expression run by V8 over file text must compile and must not repeat a repeated group
 * (`(a+)+`): a rule file comes with the scanned repository, so it must not be able to stall a scan.
 */
export function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
  } catch {
    return `invalid regular expression /${source.slice(0, 80)}/`;
  }
  if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]/.test(source))
    return `regular expression /${source.slice(0, 80)}/ repeats a repeated group (slow on some input)`;
  return undefined;
}

function taintProblems(rule: z.infer<typeof TaintRuleSchema>): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  if (rule.sources.length === 0 && !rule["builtin-sources"])
    problems.push({ path: ["sources"], message: "a taint rule needs sources (or builtin-sources: true)" });
  const check = (path: Path, regex: string | undefined) => {
    const problem = regex === undefined ? undefined : regexProblem(regex);
    if (problem) problems.push({ path, message: problem });
  };
  for (const [index, source] of rule.sources.entries()) check(["sources", index, "regex"], source.regex);
  for (const [index, sink] of rule.sinks.entries())
    check(["sinks", index, "callee", "regex"], sink.callee.regex);
  for (const [index, sanitizer] of rule.sanitizers.entries())
    check(["sanitizers", index, "regex"], sanitizer.regex);
  return problems;
}

function conditionProblems(condition: Condition, path: Path, depth: number): SemanticProblem[] {
  if (depth > CUSTOM_RULE_LIMITS.maxConditionDepth)
    return [{ path, message: `conditions nest deeper than ${CUSTOM_RULE_LIMITS.maxConditionDepth} levels` }];
  if ("all" in condition)
    return condition.all.flatMap((item, index) =>
      conditionProblems(item, [...path, "all", index], depth + 1),
    );
  if ("any" in condition)
    return condition.any.flatMap((item, index) =>
      conditionProblems(item, [...path, "any", index], depth + 1),
    );
  if ("not" in condition) return conditionProblems(condition.not, [...path, "not"], depth + 1);
  if ("attribute" in condition && condition.matches !== undefined) {
    const problem = regexProblem(condition.matches);
    return problem ? [{ path: [...path, "matches"], message: problem }] : [];
  }
  return [];
}
