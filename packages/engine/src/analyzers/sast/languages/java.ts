import type { LanguageSpec } from "./types.ts";

export const javaSpec: LanguageSpec = {
  grammar: "java",
  kinds: { calls: [], assignments: [], functions: [], identifiers: [], ifs: [], parameters: [] },
  sources: [],
  sanitizers: [],
  sinks: [],
  patterns: [],
};
