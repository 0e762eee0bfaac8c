// Analyzers that misbehave on purpose, to prove a scan survives them: one hangs on `hang.conf`,
// one overflows the stack on `deep.conf`, one fails to prepare.
import { type Analyzer, defineAnalyzer, parsed } from "../src/analyzer.ts";
import { exampleAnalyzer } from "./example-analyzer/analyzer.ts";

const hanging = defineAnalyzer<string>({
  id: "hanging",
  title: "hangs",
  description: "Loops forever on hang.conf.",
  accepts: ["text"],
  parse(file) {
    if (file.path.endsWith("hang.conf")) {
      for (;;) {
        // a parser stuck on pathological input
      }
    }
    return parsed(file.text);
  },
  rules: [],
});

const recursing = defineAnalyzer<string>({
  id: "recursing",
  title: "recurses",
  description: "Overflows the stack on deep.conf.",
  accepts: ["text"],
  parse(file) {
    const dive = (depth: number): number => (depth === 0 ? 0 : 1 + dive(depth - 1));
    if (file.path.endsWith("deep.conf")) dive(1e7);
    return parsed(file.text);
  },
  rules: [],
});

const unprepared = defineAnalyzer<string>({
  id: "unprepared",
  title: "cannot prepare",
  description: "Its grammar never loads.",
  accepts: ["text"],
  async prepare() {
    throw new Error("grammar missing");
  },
  parse: (file) => parsed(file.text),
  rules: [],
});

export const analyzers: readonly Analyzer[] = [exampleAnalyzer, hanging, recursing, unprepared];
