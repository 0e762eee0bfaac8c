// The CLI as one bundle (the engine's bundle.ts): bin/rampart.mjs runs it while it is current,
// since loading the CLI's few hundred TypeScript modules through tsx took about a second per run.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBundle } from "@rampart/engine/bundle";

/** The CLI's entry; also the bundle's key, which the launcher computes from its own location. */
export const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

export function cliBundle(): Promise<URL> {
  return cachedBundle({
    key: MAIN,
    contents: `export { main } from ${JSON.stringify(MAIN)};`,
    resolveDir: dirname(MAIN),
  });
}
