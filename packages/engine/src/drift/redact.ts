// Drift findings are stored, shown and put in the evidence ledger: a secret the state holds (a
// database password, a Lambda variable) must not travel with them. Terraform marks such values in
// `sensitive_attributes`; names that say "password" or "token" are masked too. Only strings are
// masked: `automountServiceAccountToken: true` is no secret.
import { withoutIndexes } from "./security-settings.ts";

export const MASK = "(sensitive value)";

const SENSITIVE_NAME =
  /pass(word|wd)?|secret|token|private_?key|api_?key|access_?key|credential|connection_?string/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The name says secret, or the path is (under) one marked sensitive, with or without list indexes. */
export function isSensitivePath(path: string, marked: readonly string[]): boolean {
  if (path !== "" && path.split(".").some((segment) => SENSITIVE_NAME.test(segment))) return true;
  if (marked.length === 0) return false;
  const bare = withoutIndexes(path);
  return marked.some((mark) =>
    [path, bare].some((candidate) => candidate === mark || candidate.startsWith(`${mark}.`)),
  );
}

/** A name that says it holds a secret (`DB_PASSWORD`, `api_key`). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

function mask(value: unknown, path: string, marked: readonly string[]): unknown {
  if (typeof value === "string") return isSensitivePath(path, marked) ? MASK : value;
  if (Array.isArray(value))
    return value.map((item, index) => mask(item, path ? `${path}.${index}` : String(index), marked));
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = mask(item, path ? `${path}.${key}` : key, marked);
    return out;
  }
  return value;
}

/** Longer strings (user data, policies, certificates) are cut: a finding shows, it does not archive. */
const MAX_STRING = 2_000;
/** A value larger than this (as JSON) keeps only its top-level scalars. */
const MAX_VALUE = 16_000;

function cut(value: unknown): unknown {
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (Array.isArray(value)) return value.map(cut);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = cut(item);
    return out;
  }
  return value;
}

/** A value small enough to store with a finding. */
export function bounded(value: unknown): unknown {
  const short = cut(value);
  if (JSON.stringify(short ?? null).length <= MAX_VALUE) return short;
  if (!isObject(short)) return "(too large to keep)";
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(short)) {
    out[key] = item !== null && typeof item === "object" ? "(not kept: too large)" : item;
  }
  return JSON.stringify(out).length <= MAX_VALUE ? out : "(too large to keep)";
}

/** The two sides of a difference at `path`, with sensitive strings masked and sizes bounded. */
export function redact(
  path: string,
  expected: unknown,
  actual: unknown,
  marked: readonly string[] = [],
): { expected: unknown; actual: unknown } {
  return { expected: bounded(mask(expected, path, marked)), actual: bounded(mask(actual, path, marked)) };
}
