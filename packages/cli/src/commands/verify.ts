// `rampart verify <export.json>`: checks an evidence export offline (hash chain, Merkle proofs,
// signed checkpoint, and optionally the key and an earlier export) and says what passed or failed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { formatReport, verifyExportText } from "@rampart/ledger";
import { parse } from "../args.ts";
import { EXIT_FINDINGS, EXIT_OK, type Io, UsageError } from "../io.ts";

function readText(io: Io, file: string, what: string): string {
  try {
    return readFileSync(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

export async function verifyCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { key: { type: "string" }, earlier: { type: "string" } });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError("verify takes one export file");
  const text = readText(io, file, "export");
  const trustedPublicKey = values.key ? readText(io, values.key as string, "key").trim() : undefined;
  let earlierCheckpoint: string | undefined;
  if (values.earlier) {
    const earlier = readText(io, values.earlier as string, "earlier export");
    try {
      earlierCheckpoint = (JSON.parse(earlier) as { checkpoint: string }).checkpoint;
    } catch {
      throw new UsageError(`earlier export ${values.earlier} is not JSON`);
    }
  }
  const report = verifyExportText(text, {
    ...(trustedPublicKey ? { trustedPublicKey } : {}),
    ...(earlierCheckpoint ? { earlierCheckpoint } : {}),
  });
  io.stdout.write(`${formatReport(report)}\n`);
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}
