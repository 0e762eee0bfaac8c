import type { LanguageSpec } from "./types.ts";

export const goSpec: LanguageSpec = {
  grammar: "go",
  kinds: { calls: [], assignments: [], functions: [], identifiers: [], ifs: [], parameters: [] },
  sources: [],
  sanitizers: [],
  sinks: [],
  patterns: [],
};
