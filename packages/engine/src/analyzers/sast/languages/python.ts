import type { LanguageSpec } from "./types.ts";

export const pythonSpec: LanguageSpec = {
  grammar: "python",
  kinds: { calls: [], assignments: [], functions: [], identifiers: [], ifs: [], parameters: [] },
  sources: [],
  sanitizers: [],
  sinks: [],
  patterns: [],
};
