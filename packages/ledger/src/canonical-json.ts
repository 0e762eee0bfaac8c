// RFC 8785 JSON Canonicalization Scheme (JCS): one byte sequence per JSON value, so that a hash of
// evidence content does not depend on key order, whitespace or how a number was written.

/**
 * Thrown by {@link canonicalize} for a value that has no JSON form (NaN, Infinity, undefined in an
 * array, a function, a bigint, a class instance, a lone surrogate, a cycle). Evidence content is
 * built by our own code, so this is a programmer error; untrusted input goes through
 * {@link canonicalizeResult}, which returns the same error as a value.
 */
export class CanonicalJsonError extends Error {
  override readonly name = "CanonicalJsonError";
  constructor(
    message: string,
    /** JSON Pointer (RFC 6901) of the offending value. */
    readonly path: string,
  ) {
    super(`${message} at ${path === "" ? "the root" : path}`);
  }
}

export type CanonicalJsonResult = { ok: true; text: string } | { ok: false; error: string; path: string };

/**
 * The RFC 8785 canonical form of `value`.
 *
 * - Object members are sorted by their names' UTF-16 code units (JavaScript's default string order).
 * - Numbers use the ECMAScript Number-to-String algorithm (`-0` becomes `0`, `1e21` becomes `1e+21`).
 * - Strings are escaped as JCS (and `JSON.stringify`) do: `\b \t \n \f \r \" \\`, other control
 *   characters as lowercase `\u00xx`, everything else literal.
 * - Object members whose value is `undefined` are left out, as `JSON.stringify` and a JSON round trip
 *   through the database would do; `undefined` anywhere else is an error.
 *
 * @throws CanonicalJsonError for a value with no I-JSON form (see the class).
 */
export function canonicalize(value: unknown): string {
  const parts: string[] = [];
  write(value, "", parts, new Set());
  return parts.join("");
}

/** {@link canonicalize} with the error as a value, for content that came from outside. */
export function canonicalizeResult(value: unknown): CanonicalJsonResult {
  try {
    return { ok: true, text: canonicalize(value) };
  } catch (error) {
    if (error instanceof CanonicalJsonError) return { ok: false, error: error.message, path: error.path };
    throw error;
  }
}

/** The canonical form as UTF-8 bytes: what gets hashed. */
export function canonicalBytes(value: unknown): Buffer {
  return Buffer.from(canonicalize(value), "utf8");
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function writeString(text: string, path: string, parts: string[]): void {
  // I-JSON (RFC 7493), which JCS requires, forbids lone surrogates: they have no UTF-8 form.
  if (LONE_SURROGATE.test(text)) throw new CanonicalJsonError("string contains a lone surrogate", path);
  parts.push(JSON.stringify(text));
}

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

function write(value: unknown, path: string, parts: string[], ancestors: Set<object>): void {
  switch (typeof value) {
    case "string":
      writeString(value, path, parts);
      return;
    case "boolean":
      parts.push(value ? "true" : "false");
      return;
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`number ${value} has no JSON form`, path);
      // ECMAScript Number::toString is exactly the serialisation RFC 8785 §3.2.2.3 prescribes.
      parts.push(Object.is(value, -0) ? "0" : String(value));
      return;
    case "object":
      break;
    default:
      throw new CanonicalJsonError(`${typeof value} has no JSON form`, path);
  }
  if (value === null) {
    parts.push("null");
    return;
  }
  if (ancestors.has(value)) throw new CanonicalJsonError("cyclic structure", path);
  ancestors.add(value);
  if (Array.isArray(value)) {
    parts.push("[");
    for (let index = 0; index < value.length; index++) {
      if (index > 0) parts.push(",");
      const element: unknown = value[index];
      if (element === undefined) throw new CanonicalJsonError("undefined in an array", pointer(path, index));
      write(element, pointer(path, index), parts, ancestors);
    }
    parts.push("]");
  } else {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? "object";
      throw new CanonicalJsonError(`${kind} is not a plain object`, path);
    }
    const record = value as Record<string, unknown>;
    // Array.prototype.sort compares strings by UTF-16 code units, as RFC 8785 §3.2.3 requires.
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    parts.push("{");
    keys.forEach((key, position) => {
      if (position > 0) parts.push(",");
      writeString(key, pointer(path, key), parts);
      parts.push(":");
      write(record[key], pointer(path, key), parts, ancestors);
    });
    parts.push("}");
  }
  ancestors.delete(value);
}
