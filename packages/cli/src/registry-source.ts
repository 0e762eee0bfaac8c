// Which analyzers the CLI runs: the engine's registry, or the module named by RAMPART_REGISTRY
// (a path or file URL exporting `analyzers`), which is how tests and custom builds plug in their own.
// What the CLI reads before a scan (analyzer ids, rule ids, severities, controls) is in the
// registry's outlines; an analyzer's code is loaded only by what needs it.
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Analyzer } from "@rampart/engine/analyzer";
import type { AnalyzerEntry } from "@rampart/engine/analyzer-outline";
import { DEFAULT_REGISTRY_URL, loadRegistryEntries } from "@rampart/engine/process-files";
import type { Io } from "./io.ts";

export interface RegistrySource {
  url: string;
  entries: readonly AnalyzerEntry[];
}

export async function loadRegistry(io: Io): Promise<RegistrySource> {
  const configured = io.env.RAMPART_REGISTRY;
  let url = DEFAULT_REGISTRY_URL;
  if (configured) {
    url = configured.startsWith("file:")
      ? configured
      : pathToFileURL(isAbsolute(configured) ? configured : resolve(io.cwd, configured)).href;
  }
  return { url, entries: await loadRegistryEntries(url) };
}

/** Every analyzer of the registry, loaded (rule docs, rule options' schemas). */
export function loadAllAnalyzers(registry: RegistrySource): Promise<Analyzer[]> {
  return Promise.all(registry.entries.map((entry) => entry.load()));
}
