// The tool's identity as it appears in reports.
import { readFileSync } from "node:fs";
import type { ToolInfo } from "@rampart/engine/output/sarif";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** The CLI's version, from its package.json. */
export const VERSION = packageJson.version;

/** Set RAMPART_DOCS_URL to where docs/rules is published to give SARIF rules a help link. */
export function toolInfo(env: Record<string, string | undefined>): ToolInfo {
  return {
    name: "Rampart",
    version: VERSION,
    ...(env.RAMPART_DOCS_URL ? { docsBaseUri: env.RAMPART_DOCS_URL } : {}),
  };
}
