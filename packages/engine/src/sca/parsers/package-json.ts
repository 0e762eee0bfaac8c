// The dependency fields of a package.json (or a workspace entry of a lockfile that copies them):
// what the npm, yarn, pnpm and bun parsers call direct, and which of those are dev-only.
import { recordKeys } from "./common.ts";

const PROD_FIELDS = ["dependencies", "optionalDependencies", "peerDependencies"] as const;

export interface DeclaredDependencies {
  prod: Set<string>;
  dev: Set<string>;
}

export function declaredBy(manifest: Record<string, unknown>): DeclaredDependencies {
  const prod = new Set(PROD_FIELDS.flatMap((field) => recordKeys(manifest[field])));
  return { prod, dev: new Set(recordKeys(manifest.devDependencies)) };
}
