// The YAML loader analyzers should use: refuses input nested deeper than the parser can take,
// keeps positions (a LineCounter), returns every document, and turns errors into one-line skip
// reasons. Never throws.
import { type Document, LineCounter, type ParseOptions, parseAllDocuments, type Tags } from "yaml";
import { describeError } from "../analyze.ts";
import { type ParseResult, parsed, skipped } from "../analyzer.ts";
import type { Position } from "../source.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./nesting.ts";

export interface LoadedYaml {
  /** Documents with content; comment-only documents (`contents === null`) are dropped. */
  documents: Document.Parsed[];
  lineCounter: LineCounter;
}

export interface YamlLoadOptions {
  /** Extra tags, e.g. CloudFormation's `!Ref`, `!Sub`. */
  customTags?: Tags;
  /** Duplicate keys are errors by default, as Kubernetes' strict decoding treats them. */
  uniqueKeys?: boolean;
}

/** 1-based line and column of a string offset. */
export function positionOf(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

export function loadYaml(text: string, options: YamlLoadOptions = {}): ParseResult<LoadedYaml> {
  const depth = nestingDepth(text);
  if (depth > MAX_NESTING_DEPTH) return skipped(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  const lineCounter = new LineCounter();
  const parseOptions: ParseOptions & { customTags?: Tags; uniqueKeys?: boolean } = {
    lineCounter,
    prettyErrors: true, // adds "at line L, column C" to messages
    uniqueKeys: options.uniqueKeys ?? true,
  };
  if (options.customTags) parseOptions.customTags = options.customTags;
  let all: Document.Parsed[];
  try {
    const result = parseAllDocuments(text, parseOptions);
    // parseAllDocuments returns an EmptyStream (array-like, no documents) for empty input.
    all = Array.isArray(result) ? result : [];
  } catch (error) {
    return skipped(`invalid YAML: ${describeError(error)}`);
  }
  for (const document of all) {
    const error = document.errors[0];
    if (error) return skipped(`invalid YAML: ${describeError(error).replace(/:$/, "")}`);
  }
  return parsed({ documents: all.filter((document) => document.contents !== null), lineCounter });
}
