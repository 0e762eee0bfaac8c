// The explicit registry: every analyzer the engine runs is listed here, and every rule is listed in
// its analyzer's `rules/index.ts`. Nothing registers itself by being imported.
//
// Each entry is the analyzer's outline (`analyzers/<id>/catalogue.json`: its id, the files it
// takes, its rules' metadata) and a dynamic import of the analyzer itself, so that a scan loads
// only the analyzers its files need (a bundle puts each behind a chunk of its own) and a config
// check or an empty scan loads none. `all-analyzers.ts` loads them all, for docs and tests.

import type { Analyzer } from "./analyzer.ts";
import type { AnalyzerEntry, AnalyzerOutline } from "./analyzer-outline.ts";
import ciOutline from "./analyzers/ci/catalogue.json" with { type: "json" };
import cloudformationOutline from "./analyzers/cloudformation/catalogue.json" with { type: "json" };
import dockerfileOutline from "./analyzers/dockerfile/catalogue.json" with { type: "json" };
import kubernetesOutline from "./analyzers/kubernetes/catalogue.json" with { type: "json" };
import repositoryOutline from "./analyzers/repository/catalogue.json" with { type: "json" };
import sastOutline from "./analyzers/sast/catalogue.json" with { type: "json" };
import scaOutline from "./analyzers/sca/catalogue.json" with { type: "json" };
import secretsOutline from "./analyzers/secrets/catalogue.json" with { type: "json" };
import terraformOutline from "./analyzers/terraform/catalogue.json" with { type: "json" };

// A catalogue is JSON, so its kinds and severities read as strings; the catalogue test holds each
// one equal to the outline of the analyzer it describes.
function entry(outline: unknown, load: () => Promise<Analyzer>): AnalyzerEntry {
  return { ...(outline as AnalyzerOutline), load };
}

/**
 * Add an analyzer by writing its catalogue (`npm run catalogue`) and appending an entry here.
 * Order is the order of the docs index and of `rampart rules`.
 */
export const analyzerEntries: readonly AnalyzerEntry[] = [
  entry(
    cloudformationOutline,
    async () => (await import("./analyzers/cloudformation/analyzer.ts")).cloudformationAnalyzer as Analyzer,
  ),
  entry(
    kubernetesOutline,
    async () => (await import("./analyzers/kubernetes/analyzer.ts")).kubernetesAnalyzer as Analyzer,
  ),
  entry(
    terraformOutline,
    async () => (await import("./analyzers/terraform/analyzer.ts")).terraformAnalyzer as Analyzer,
  ),
  entry(
    dockerfileOutline,
    async () => (await import("./analyzers/dockerfile/analyzer.ts")).dockerfileAnalyzer as Analyzer,
  ),
  entry(ciOutline, async () => (await import("./analyzers/ci/analyzer.ts")).ciAnalyzer as Analyzer),
  entry(
    secretsOutline,
    async () => (await import("./analyzers/secrets/analyzer.ts")).secretsAnalyzer as Analyzer,
  ),
  entry(sastOutline, async () => (await import("./analyzers/sast/analyzer.ts")).sastAnalyzer as Analyzer),
  entry(scaOutline, async () => (await import("./analyzers/sca/analyzer.ts")).scaAnalyzer as Analyzer),
  entry(
    repositoryOutline,
    async () => (await import("./analyzers/repository/analyzer.ts")).repositoryAnalyzer as Analyzer,
  ),
];
