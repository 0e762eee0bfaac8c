// Turns a file into the secrets model: every place a catalogue pattern or the generic assignment
// pattern matched, with its position, a masked preview, a SHA-256 and the allowlist verdicts.
// Scanning happens here once per file; rules only decide which candidates to report.
import { type ParseResult, parsed } from "../../analyzer.ts";
import type { SourceFile } from "../../source.ts";
import {
  hashLikeReason,
  isLockfile,
  isMinified,
  isTestPath,
  placeholderReason,
  randomPart,
} from "./allowlist.ts";
import { catalogue } from "./catalogue/index.ts";
import type { SecretPattern } from "./catalogue/types.ts";
import { genericMatches, isSecretName, snakeCase } from "./generic-shapes.ts";
import { KeywordIndex } from "./keyword-index.ts";
import { maskSecret, sha256Hex, shannonEntropy } from "./text-measures.ts";

export interface SecretCandidate {
  /** The rule whose pattern matched. */
  ruleId: string;
  /** The raw value: kept in the worker's memory only, never put in a finding. */
  value: string;
  maskedValue: string;
  sha256: string;
  entropy: number;
  /** UTF-16 index of the secret in the file; with `value.length`, the range other matches are compared with. */
  offset: number;
  /** 1-based position of the secret's first character, and the end (exclusive column). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Why the value is not a real secret (placeholder, documented example, low entropy), if it is not. */
  allowlisted?: string;
  /** Generic matches: the name the value is assigned to. */
  keyName?: string;
  /** Generic matches: the value was a quoted string literal (or XML text), not an expression. */
  quoted?: boolean;
}

export interface SecretsModel {
  path: string;
  /** Lockfiles hold integrity hashes, never credentials: nothing is scanned. */
  lockfile: boolean;
  testPath: boolean;
  minified: boolean;
  candidates: SecretCandidate[];
}

interface CompiledPattern {
  entry: SecretPattern;
  regex: RegExp;
}

const compiled: CompiledPattern[] = catalogue.map((entry) => ({
  entry,
  regex: new RegExp(entry.pattern, `g${entry.flags ?? ""}`),
}));

const FALLBACK_IDS: ReadonlySet<string> = new Set(
  catalogue.filter((entry) => entry.fallback).map((entry) => entry.id),
);

/** Keyword → indexes of the patterns it selects. */
const patternsByKeyword = new Map<string, number[]>();
compiled.forEach(({ entry }, index) => {
  for (const keyword of entry.keywords) {
    const list = patternsByKeyword.get(keyword) ?? [];
    list.push(index);
    patternsByKeyword.set(keyword, list);
  }
});

/** Words without which the generic assignment pattern cannot match: it runs only on lines holding one. */
const GENERIC_KEYWORDS = ["pass", "pwd", "secret", "token", "key", "cred", "contrase"];

const keywordIndex = new KeywordIndex([...new Set([...patternsByKeyword.keys(), ...GENERIC_KEYWORDS])]);
const patternsOfKeyword = keywordIndex.keywords.map((keyword) => patternsByKeyword.get(keyword) ?? []);
const genericKeyword = keywordIndex.keywords.map((keyword) => GENERIC_KEYWORDS.includes(keyword));

/** A line of the file: `[start, end)` in UTF-16 units, without its line break. */
export interface LineRange {
  start: number;
  end: number;
}

export interface Prefiltered {
  /** The provider patterns whose keywords occur in the text, in catalogue order. */
  patterns: CompiledPattern[];
  /**
   * The lines holding a word without which the generic assignment pattern cannot match, in order.
   * Its matches never span lines, so it runs on these lines only.
   */
  genericLines: LineRange[];
}

/**
 * The prefilter: one pass of a keyword automaton over the text (ASCII case ignored) selects the
 * patterns worth running and the lines worth the generic pattern. Running every pattern on every
 * file measured ~10 MB/s, the generic pattern over whole files ~60 MB/s; see README.
 */
export function prefilter(text: string): Prefiltered {
  const selected = new Set<number>();
  const genericLines: LineRange[] = [];
  let lineEnd = -1;
  keywordIndex.scan(text, (keyword, end) => {
    for (const index of patternsOfKeyword[keyword]!) selected.add(index);
    if (!genericKeyword[keyword] || end <= lineEnd) return;
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const newline = text.indexOf("\n", end);
    lineEnd = newline === -1 ? text.length : newline;
    genericLines.push({ start, end: lineEnd });
  });
  return { patterns: [...selected].sort((a, b) => a - b).map((index) => compiled[index]!), genericLines };
}

const GENERIC_RULE_ID = "secrets/generic-high-entropy-assignment";

/** Names that hold metadata about a secret, not the secret. */
const NOT_A_SECRET_NAME =
  /(?:_|-|\.|^)(?:url|uri|endpoint|file|path|dir|name|names|id|ids|type|length|len|min|max|policy|field|env|var|header|prefix|suffix|expiry|expires|expiration|ttl|timeout|count|size|format|regex|pattern|hint|label|mode|enabled|required|version|ref|arn|key_id|keyid|placeholder|message|msg|text|title|description|prompt|error|validator|rule|rules|strength|reset|changed|updated|at)$|^(?:no|is|has|use|show|reset|forgot|confirm)(?:_|-)|(?:^|_|-|\.)(?:next|continuation|page|pagination|cursor|sync)_token$/i;

const CODE_EXTENSIONS =
  /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx|py|go|java|kt|kts|scala|rb|php|cs|rs|swift|c|cc|cpp|h|hpp|m|dart|lua|groovy|ex|exs)$/i;

/**
 * Positions always; the masked preview and the SHA-256 only for values no allowlist claimed
 * (hashing every `password = process.env.X` of a large file is the expensive part of a scan).
 */
function candidateFrom(
  file: SourceFile,
  ruleId: string,
  value: string,
  index: number,
  allowlisted: string | undefined,
): SecretCandidate {
  const start = file.positionAt(index);
  const end = file.positionAt(index + value.length);
  const candidate: SecretCandidate = {
    ruleId,
    value,
    offset: index,
    maskedValue: allowlisted ? "" : maskSecret(value),
    sha256: allowlisted ? "" : sha256Hex(value),
    entropy: allowlisted ? 0 : shannonEntropy(value),
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
  };
  if (allowlisted) candidate.allowlisted = allowlisted;
  return candidate;
}

function scanPattern(file: SourceFile, { entry, regex }: CompiledPattern, out: SecretCandidate[]): void {
  regex.lastIndex = 0;
  for (let match = regex.exec(file.text); match; match = regex.exec(file.text)) {
    if (match[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    // Alternations put the secret in different groups; take the first one that took part.
    const value = match[entry.secretGroup] ?? match.slice(entry.secretGroup + 1).find((group) => group);
    if (!value) continue;
    const entropy = entry.minEntropy === undefined ? 0 : shannonEntropy(value);
    const reason =
      placeholderReason(
        entry.checkedPart ? entry.checkedPart(value) : randomPart(value),
        entry.onlyDocumentedExamples,
      ) ??
      (entry.minEntropy !== undefined && entropy < entry.minEntropy
        ? `entropy ${entropy.toFixed(2)} below ${entry.minEntropy}`
        : undefined) ??
      (entry.validate && !entry.validate(value) ? "failed the format check" : undefined);
    const offset = match[0].lastIndexOf(value);
    out.push(candidateFrom(file, entry.id, value, match.index + offset, reason));
  }
}

/** Whether two matches share characters of the file. */
function overlaps(a: { offset: number; length: number }, b: SecretCandidate): boolean {
  return a.offset < b.offset + b.value.length && b.offset < a.offset + a.length;
}

/**
 * Fallback rules (a URL password, an `.npmrc` token, an `Authorization` header) yield to a rule that
 * recognises the same value more precisely (`_authToken=ghp_…` is a GitHub token, reported once).
 */
function yieldToSpecificRules(candidates: SecretCandidate[], fallbackIds: ReadonlySet<string>): void {
  const specific = candidates.filter(
    (candidate) => !fallbackIds.has(candidate.ruleId) && !candidate.allowlisted,
  );
  if (specific.length === 0) return;
  for (const candidate of candidates) {
    if (candidate.allowlisted || !fallbackIds.has(candidate.ruleId)) continue;
    const range = { offset: candidate.offset, length: candidate.value.length };
    if (specific.some((other) => overlaps(range, other)))
      candidate.allowlisted = "matched by a more specific rule";
  }
}

function scanGeneric(
  file: SourceFile,
  lines: readonly LineRange[],
  provider: readonly SecretCandidate[],
  out: SecretCandidate[],
): void {
  for (const line of lines) scanGenericLine(file, line, provider, out);
}

/** `useraccesstoken123`, `VERYLONGSECRET…`: a value that says what it is stands for one in docs. */
function selfNamedReason(value: string): string | undefined {
  return /secret|token|api_?key/i.test(value) ? "value names itself (documentation)" : undefined;
}

function scanGenericLine(
  file: SourceFile,
  line: LineRange,
  provider: readonly SecretCandidate[],
  out: SecretCandidate[],
): void {
  const inCode = CODE_EXTENSIONS.test(file.path);
  // The look-behinds see no character before the line, as they would see the line break.
  const text = file.text.slice(line.start, line.end);
  for (const match of genericMatches(text)) {
    const { keyName, value, quoted } = match;
    const index = line.start + match.index;
    let reason =
      (!quoted && (inCode || match.comparison) ? "unquoted expression in code" : undefined) ??
      (isSecretName(keyName) ? undefined : "name is not a secret name") ??
      (NOT_A_SECRET_NAME.test(snakeCase(keyName)) ? "name holds metadata, not a secret" : undefined) ??
      placeholderReason(value) ??
      selfNamedReason(value) ??
      hashLikeReason(value, keyName);
    // Any provider match, even an allowlisted one: that rule understood the value and decided.
    if (!reason && provider.some((other) => overlaps({ offset: index, length: value.length }, other))) {
      reason = "matched by a provider rule";
    }
    out.push({ ...candidateFrom(file, GENERIC_RULE_ID, value, index, reason), keyName, quoted });
  }
}

/** Never throws: every step is a regex with bounded work or arithmetic on its matches. */
export function parseSecrets(file: SourceFile): ParseResult<SecretsModel> {
  const model: SecretsModel = {
    path: file.path,
    lockfile: isLockfile(file.path),
    testPath: isTestPath(file.path),
    minified: false,
    candidates: [],
  };
  if (model.lockfile) return parsed(model);
  model.minified = isMinified(file.path, file.text);
  const selected = prefilter(file.text);
  const provider: SecretCandidate[] = [];
  for (const pattern of selected.patterns) scanPattern(file, pattern, provider);
  yieldToSpecificRules(provider, FALLBACK_IDS);
  model.candidates.push(...provider);
  if (!model.minified) scanGeneric(file, selected.genericLines, provider, model.candidates);
  return parsed(model);
}
