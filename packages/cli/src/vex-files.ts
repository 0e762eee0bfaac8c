// `scan --vex <file>`: OpenVEX or CycloneDX VEX documents whose not_affected and fixed statements
// suppress the dependency findings they cover. Read before the scan, so a bad file fails fast.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Finding } from "@rampart/engine";
import { suppressWithVex } from "@rampart/engine/sca/vex/findings";
import { importVex } from "@rampart/engine/sca/vex/import";
import type { VexOutcome, VexStatement } from "@rampart/engine/sca/vex/statement";
import { type Io, UsageError } from "./io.ts";

export interface VexFile {
  /** As the user named it: the suppression's source. */
  file: string;
  statements: VexStatement[];
}

export function readVexFiles(io: Io, files: readonly string[]): VexFile[] {
  return files.map((file) => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(resolve(io.cwd, file), "utf8"));
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
      throw new UsageError(`--vex ${file}: ${reason}`);
    }
    const result = importVex(json);
    if (!result.ok) throw new UsageError(`--vex ${file}: ${result.error}`);
    return { file, statements: result.statements };
  });
}

/** The findings with VEX suppressions; the newest statement across all files decides. */
export function applyVexFiles(findings: readonly Finding[], files: readonly VexFile[]): Finding[] {
  const all = files.flatMap((entry) => entry.statements);
  const sourceOf = (vex: VexOutcome) =>
    files.find((entry) =>
      entry.statements.some(
        (s) => s.timestamp === vex.timestamp && s.author === vex.author && s.status === vex.status,
      ),
    )?.file ?? files[0]!.file;
  return suppressWithVex(findings, all, sourceOf);
}
