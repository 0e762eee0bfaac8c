// `rampart osv import <zip|dir|file|url> [--cache DIR]`: merges OSV records into the advisory
// cache that `rampart scan` reads, keeping the newer copy of each record by `modified`.
import { resolve } from "node:path";
import { type LoadedRecords, planImport, readOsvBytes, readOsvPath } from "@rampart/engine/sca/osv/store";
import { defaultCacheDir, readCache, writeCache } from "../advisory-cache.ts";
import { parse } from "../args.ts";
import { EXIT_OK, type Io, UsageError } from "../io.ts";

async function fetchRecords(url: string): Promise<LoadedRecords> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new UsageError(`cannot fetch ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new UsageError(`cannot fetch ${url}: HTTP ${response.status}`);
  return readOsvBytes(new Uint8Array(await response.arrayBuffer()), url);
}

function readSource(io: Io, source: string): LoadedRecords {
  try {
    return readOsvPath(resolve(io.cwd, source));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === "ENOENT"
        ? `no such file or folder: ${source}`
        : `cannot read ${source}: ${(error as Error).message}`,
    );
  }
}

async function importCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { cache: { type: "string" } });
  if (positionals.length !== 1) throw new UsageError("osv import takes one zip, folder, JSON file or URL");
  const source = positionals[0]!;
  const cacheDir = values.cache ? resolve(io.cwd, values.cache) : defaultCacheDir(io.env);

  const incoming = /^https?:\/\//i.test(source) ? await fetchRecords(source) : readSource(io, source);
  if (incoming.records.length === 0) {
    const first = incoming.errors[0];
    throw new UsageError(
      `no OSV records in ${source}${first ? ` (${incoming.errors.length} unreadable, first: ${first.file}: ${first.error})` : ""}`,
    );
  }
  const stored = readCache(cacheDir);
  if (stored.errors.length > 0)
    throw new UsageError(
      `the cache ${cacheDir} has ${stored.errors.length} unreadable lines; remove it and import again`,
    );

  const byId = new Map(stored.records.map((record) => [record.id, record]));
  const plan = planImport(
    new Map(stored.records.map((record) => [record.id, record.modified])),
    incoming.records,
  );
  for (const record of [...plan.insert, ...plan.update]) byId.set(record.id, record);
  if (plan.insert.length + plan.update.length > 0) writeCache(cacheDir, byId.values());

  io.stdout.write(
    `${plan.insert.length} inserted, ${plan.update.length} updated, ${plan.skip.length} skipped; ${byId.size} records in ${cacheDir}\n`,
  );
  if (incoming.errors.length > 0) {
    const first = incoming.errors[0]!;
    io.stderr.write(
      `rampart: warning: ${incoming.errors.length} entries of ${source} could not be read (first: ${first.file}: ${first.error})\n`,
    );
  }
  return EXIT_OK;
}

export async function osvCommand(args: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "import") return importCommand(rest, io);
  throw new UsageError(`unknown osv command "${sub ?? ""}" (try: rampart osv import <zip|dir|url>)`);
}
