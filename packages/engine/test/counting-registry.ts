// A test registry that counts, per analyzer, the files each one parsed: a scan with an analyzer
// left out must not call its parse at all. In-process scans (workers: 0) share this module.
import { type Analyzer, defineAnalyzer, parsed } from "../src/analyzer.ts";
import { defineFileRule } from "../src/rule.ts";
import { exampleAnalyzer } from "./example-analyzer/analyzer.ts";

/** Analyzer id → files it parsed since the last reset. */
export const parseCalls: Record<string, number> = {};

export function resetParseCalls(): void {
  for (const id of Object.keys(parseCalls)) delete parseCalls[id];
}

function counted<Model>(analyzer: Analyzer<Model>): Analyzer<Model> {
  return {
    ...analyzer,
    parse: (file) => {
      parseCalls[analyzer.id] = (parseCalls[analyzer.id] ?? 0) + 1;
      return analyzer.parse(file);
    },
  };
}

/** Lines of a text file, to look for a marker in; the only rule evidences one control alone. */
const markerAnalyzer = defineAnalyzer<{ lines: string[] }>({
  id: "marker",
  title: "Marker lines",
  description: "Reports lines that hold the word FIXME-SECURITY. Test-only.",
  accepts: ["text"],
  parse: (file) => parsed({ lines: file.text.split("\n") }),
  rules: [
    defineFileRule<{ lines: string[] }>({
      id: "marker/security-fixme",
      analyzer: "marker",
      title: "A security FIXME left in the code",
      severity: "low",
      confidence: "high",
      lifecycle: "preview",
      controls: ["IAC-BAK-01"],
      docs: {
        summary: "A line says FIXME-SECURITY.",
        whyItMatters: "Someone knew of a security problem and left it.",
        remediation: "Fix it and remove the marker.",
      },
      check(ctx) {
        ctx.model.lines.forEach((line, index) => {
          if (line.includes("FIXME-SECURITY"))
            ctx.report({ message: "security FIXME", at: { line: index + 1, column: 1 } });
        });
      },
    }),
  ],
});

export const analyzers: readonly Analyzer[] = [
  counted(exampleAnalyzer as Analyzer),
  counted(markerAnalyzer as Analyzer),
];
