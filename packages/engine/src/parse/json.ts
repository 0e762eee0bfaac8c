// The JSON loader: exact JSON semantics (JSON.parse decides validity) plus a positioned tree
// from the `yaml` package (JSON is YAML 1.2 flow syntax), so rules can point at a line. Never throws.
import { type Document, LineCounter, parseDocument } from "yaml";
import { describeError } from "../analyze.ts";
import { type ParseResult, parsed, skipped } from "../analyzer.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./nesting.ts";

export interface LoadedJson {
  value: unknown;
  /** The same content with positions; undefined in the rare case YAML reads valid JSON differently. */
  document: Document.Parsed | undefined;
  lineCounter: LineCounter;
}

export function loadJson(text: string): ParseResult<LoadedJson> {
  if (nestingDepth(text) > MAX_NESTING_DEPTH)
    return skipped(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return skipped(`invalid JSON: ${describeError(error)}`);
  }
  const lineCounter = new LineCounter();
  let document: Document.Parsed | undefined;
  try {
    const candidate = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
    document = candidate.errors.length === 0 ? candidate : undefined;
  } catch {
    document = undefined;
  }
  return parsed({ value, document, lineCounter });
}
