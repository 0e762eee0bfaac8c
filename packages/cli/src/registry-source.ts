// Which analyzers the CLI runs: the engine's registry, or the module named by RAMPART_REGISTRY
// (a path or file URL exporting `analyzers`), which is how tests and custom builds plug in their own.
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Analyzer } from "@rampart/engine/analyzer";
import { loadAnalyzers } from "@rampart/engine/process-files";
import { DEFAULT_REGISTRY_URL } from "@rampart/engine/scan";
import type { Io } from "./io.ts";

export interface RegistrySource {
  url: string;
  analyzers: readonly Analyzer[];
}

export async function loadRegistry(io: Io): Promise<RegistrySource> {
  const configured = io.env.RAMPART_REGISTRY;
  let url = DEFAULT_REGISTRY_URL;
  if (configured) {
    url = configured.startsWith("file:")
      ? configured
      : pathToFileURL(isAbsolute(configured) ? configured : resolve(io.cwd, configured)).href;
  }
  return { url, analyzers: await loadAnalyzers(url) };
}
