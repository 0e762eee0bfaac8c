// TOML for the lockfile and project parsers (Cargo.lock, poetry.lock, uv.lock, pylock.toml,
// pyproject.toml, Julia's Manifest.toml). smol-toml is required on the first TOML file, not
// imported: as ES modules it was nine files that every scan with a manifest loaded, TOML or not;
// its CommonJS build is one (and `require` is sync, as the parsers are).
import { createRequire } from "node:module";

let parser: ((text: string) => Record<string, unknown>) | undefined;

/** smol-toml's `parse`: the document's table; throws a `TomlError` on text that is not TOML. */
export function parseToml(text: string): Record<string, unknown> {
  parser ??= (createRequire(import.meta.url)("smol-toml") as typeof import("smol-toml")).parse;
  return parser(text);
}
