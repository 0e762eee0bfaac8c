// Reads the package's data files (YAML and JSON under packages/policy/data) and validates them.
// This is the only module of the package that does I/O; everything else works on its results.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";

const dataDirectory = new URL("../data/", import.meta.url);

/** The text of a file under `data/`, e.g. `readDataText("mappings/soc2.yaml")`. */
export function readDataText(relativePath: string): string {
  return readFileSync(new URL(relativePath, dataDirectory), "utf8");
}

/** Parses YAML or JSON text (by extension) and validates it; errors name the file and every issue. */
export function parseDataText<Schema extends z.ZodType>(
  schema: Schema,
  text: string,
  source: string,
): z.output<Schema> {
  let raw: unknown;
  try {
    // The yaml parser rejects duplicate mapping keys, so a requirement listed twice is an error.
    raw = source.endsWith(".json") ? JSON.parse(text) : parse(text);
  } catch (error) {
    throw new Error(`policy data ${source}: cannot parse: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new Error(`policy data ${source}: invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export function loadDataFile<Schema extends z.ZodType>(
  schema: Schema,
  relativePath: string,
): z.output<Schema> {
  return parseDataText(schema, readDataText(relativePath), relativePath);
}

/** Freezes an object graph so that callers cannot change the shared catalogue by accident. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Runs `load` on the first call only; the data files do not change while a process runs. */
export function once<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => {
    loaded ??= { value: load() };
    return loaded.value;
  };
}
