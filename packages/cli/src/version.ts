// The tool's identity as it appears in reports.
import { readFileSync } from "node:fs";
import type { ToolInfo } from "@rampart/engine/output/sarif";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** Set RAMPART_DOCS_URL to where docs/rules is published to give SARIF rules a help link. */
export function toolInfo(env: Record<string, string | undefined>): ToolInfo {
  return {
    name: "Rampart",
    version: packageJson.version,
    ...(env.RAMPART_DOCS_URL ? { docsBaseUri: env.RAMPART_DOCS_URL } : {}),
  };
}
