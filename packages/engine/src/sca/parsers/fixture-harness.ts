// Test support: parse a fixture by its path under fixtures/ (so sibling files resolve the way they
// do in a scan) and print each package as one comparable line.
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ParseOutcome } from "../package.ts";
import type { ManifestParser, ReadSibling } from "./common.ts";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export const readFixtureSibling: ReadSibling = (path) => {
  const file = FIXTURES + path;
  return existsSync(file) && statSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
};

export function parseFixture(parser: ManifestParser, path: string): ParseOutcome {
  return parser(path, readFixtureSibling(path)!, readFixtureSibling);
}

/** `name@version [direct] [dev] :line` per package (a range shows as `name (range)`). */
export function rows(outcome: ParseOutcome): string[] {
  if (!outcome.ok) throw new Error(`expected packages, got: ${outcome.reason}`);
  return outcome.packages.map((pkg) =>
    [
      pkg.version === null ? `${pkg.name} (${pkg.versionRange ?? "any"})` : `${pkg.name}@${pkg.version}`,
      pkg.direct ? "direct" : "transitive",
      pkg.dev ? "dev" : "prod",
      `:${pkg.location.line}`,
    ].join(" "),
  );
}
