// Builds a throwaway folder tree from a { "relative/path": contents } map; for tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TempTree {
  root: string;
  remove(): void;
}

export function makeTree(files: Record<string, string | Uint8Array>): TempTree {
  const root = mkdtempSync(join(tmpdir(), "rampart-test-"));
  for (const [path, contents] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, contents);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
