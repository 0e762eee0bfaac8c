// A test registry of outlines and loaders, like the engine's, that records which analyzers a scan
// loads. In-process scans (workers: 0) share this module.
import { type Analyzer, defineAnalyzer, type FileKind, parsed } from "../src/analyzer.ts";
import { type AnalyzerEntry, outlineOf } from "../src/analyzer-outline.ts";
import { defineFileRule } from "../src/rule.ts";

/** Ids of the analyzers loaded since the last reset, in order. */
export const loaded: string[] = [];

/** An analyzer that reports the first line of every file of `kind` it is given. */
function firstLineAnalyzer(id: string, kind: FileKind): Analyzer {
  return defineAnalyzer<{ first: string }>({
    id,
    title: `First lines of ${kind} files`,
    description: "Test-only.",
    accepts: [kind],
    parse: (file) => parsed({ first: file.lineText(1) }),
    rules: [
      defineFileRule<{ first: string }>({
        id: `${id}/first-line`,
        analyzer: id,
        title: "A first line",
        severity: "low",
        confidence: "high",
        lifecycle: "preview",
        controls: ["IAC-BAK-01"],
        docs: { summary: "Test-only.", whyItMatters: "Test-only.", remediation: "None." },
        check: (ctx) =>
          ctx.report({
            message: ctx.model.first,
            at: { line: 1, column: 1 },
          }),
      }),
    ],
  }) as Analyzer;
}

function lazyEntry(analyzer: Analyzer): AnalyzerEntry {
  return {
    ...outlineOf(analyzer),
    load: async () => {
      loaded.push(analyzer.id);
      return analyzer;
    },
  };
}

export const analyzerEntries: readonly AnalyzerEntry[] = [
  lazyEntry(firstLineAnalyzer("docker-lines", "dockerfile")),
  lazyEntry(firstLineAnalyzer("terraform-lines", "terraform")),
];
