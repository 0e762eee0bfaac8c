// A small JSON (and JSONC) reader that remembers the line of every object key, so a lockfile
// entry can be located without a second parse. Chosen over `yaml`'s positioned tree because it
// reads a 5,000-package package-lock.json several times faster (see bench/lockfile-parse.ts);
// JSON.parse decodes escaped strings, so string semantics are exactly JSON's.

export interface PositionedJson {
  value: unknown;
  /** The 1-based line of `key` in `object` (an object from `value`), if the key was read. */
  lineOf(object: unknown, key: string): number | undefined;
}

export interface JsonDialect {
  /** `//` and block comments plus trailing commas, as in bun.lock and tsconfig files. */
  jsonc?: boolean;
}

export class JsonSyntaxError extends Error {}

const MAX_DEPTH = 1000;

export function parsePositionedJson(source: string, dialect: JsonDialect = {}): PositionedJson {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const jsonc = dialect.jsonc === true;
  const keyLines = new WeakMap<object, Map<string, number>>();
  let position = 0;
  let line = 1;
  let lineCountedTo = 0;
  let depth = 0;

  const lineAt = (offset: number): number => {
    for (let index = text.indexOf("\n", lineCountedTo); index !== -1 && index < offset; ) {
      line++;
      index = text.indexOf("\n", index + 1);
    }
    lineCountedTo = Math.max(lineCountedTo, offset);
    return line;
  };
  const fail = (message: string): never => {
    throw new JsonSyntaxError(`${message} at line ${lineAt(position)}`);
  };

  const skipSpace = (): void => {
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) position++;
      else if (jsonc && code === 0x2f && text.charCodeAt(position + 1) === 0x2f) {
        const end = text.indexOf("\n", position);
        position = end === -1 ? text.length : end;
      } else if (jsonc && code === 0x2f && text.charCodeAt(position + 1) === 0x2a) {
        const end = text.indexOf("*/", position + 2);
        if (end === -1) fail("unterminated comment");
        position = end + 2;
      } else return;
    }
  };

  const readString = (): string => {
    const start = position;
    let end = text.indexOf('"', start + 1);
    if (end !== -1) {
      // Fast path: no escape before the next quote (searching the whole text for a backslash would be quadratic).
      const plain = text.slice(start + 1, end);
      if (!plain.includes("\\")) {
        position = end + 1;
        return plain;
      }
    }
    end = start + 1;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === 0x5c) end += 2;
      else if (code === 0x22) break;
      else end++;
    }
    if (end >= text.length) fail("unterminated string");
    position = end + 1;
    try {
      return JSON.parse(text.slice(start, end + 1)) as string;
    } catch {
      return fail("invalid string escape");
    }
  };

  const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  const readValue = (): unknown => {
    skipSpace();
    const code = text.charCodeAt(position);
    if (code === 0x7b) return readObject();
    if (code === 0x5b) return readArray();
    if (code === 0x22) return readString();
    literal.lastIndex = position;
    const match = literal.exec(text);
    if (match === null)
      return fail(position >= text.length ? "unexpected end of input" : "unexpected character");
    position = literal.lastIndex;
    const token = match[0];
    return token === "true" ? true : token === "false" ? false : token === "null" ? null : Number(token);
  };

  const enter = (): void => {
    if (++depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    position++;
  };

  const readObject = (): Record<string, unknown> => {
    enter();
    const object: Record<string, unknown> = Object.create(null);
    const lines = new Map<string, number>();
    keyLines.set(object, lines);
    skipSpace();
    if (text.charCodeAt(position) === 0x7d) {
      position++;
      depth--;
      return object;
    }
    for (;;) {
      skipSpace();
      if (text.charCodeAt(position) !== 0x22) fail("expected a property name");
      const keyLine = lineAt(position);
      const key = readString();
      skipSpace();
      if (text.charCodeAt(position) !== 0x3a) fail("expected ':'");
      position++;
      object[key] = readValue();
      lines.set(key, keyLine);
      skipSpace();
      const next = text.charCodeAt(position);
      position++;
      if (next === 0x2c) {
        if (jsonc) {
          skipSpace();
          if (text.charCodeAt(position) === 0x7d) {
            position++;
            break;
          }
        }
        continue;
      }
      if (next === 0x7d) break;
      position--;
      fail("expected ',' or '}'");
    }
    depth--;
    return object;
  };

  const readArray = (): unknown[] => {
    enter();
    const array: unknown[] = [];
    skipSpace();
    if (text.charCodeAt(position) === 0x5d) {
      position++;
      depth--;
      return array;
    }
    for (;;) {
      array.push(readValue());
      skipSpace();
      const next = text.charCodeAt(position);
      position++;
      if (next === 0x2c) {
        if (jsonc) {
          skipSpace();
          if (text.charCodeAt(position) === 0x5d) {
            position++;
            break;
          }
        }
        continue;
      }
      if (next === 0x5d) break;
      position--;
      fail("expected ',' or ']'");
    }
    depth--;
    return array;
  };

  const value = readValue();
  skipSpace();
  if (position < text.length) fail("unexpected content after the JSON value");
  return {
    value,
    lineOf: (object, key) =>
      typeof object === "object" && object !== null ? keyLines.get(object)?.get(key) : undefined,
  };
}
