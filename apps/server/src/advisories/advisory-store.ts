// The server's OSV advisory store (tables osv_advisories and osv_advisory_packages), shared by all
// tenants. Imports take the inputs `rampart osv import` takes (an osv.dev `all.zip`, a folder, a
// JSON file, an http(s) URL), read them with the engine's readers, and write only records that are
// new or whose `modified` is newer (the engine's `planImport`). Scans ask for the records of the
// packages they found, so a scan never loads the whole store.
import type { Database } from "@rampart/db/client";
import { osvAdvisories, osvAdvisoryPackages } from "@rampart/db/schema";
import { type AdvisorySource, advisorySourceFromRecords } from "@rampart/engine/sca/advisory-source";
import { loadDemoAdvisories } from "@rampart/engine/sca/osv/demo";
import { normalizeEcosystemName } from "@rampart/engine/sca/osv/ecosystem";
import { type OsvRecord, parseOsvRecord } from "@rampart/engine/sca/osv/record";
import {
  type LoadError,
  type LoadedRecords,
  planImport,
  readOsvBytes,
  readOsvPath,
} from "@rampart/engine/sca/osv/store";
import { baseEcosystem } from "@rampart/engine/sca/osv/versions/index";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";

/** Rows per statement: keeps bind parameters far below PostgreSQL's 65,535. */
const CHUNK = 1000;
/** A URL download larger than this is refused (osv.dev's largest all.zip is a few hundred MB). */
const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;

export interface ImportSummary {
  source: string;
  inserted: number;
  updated: number;
  skipped: number;
  /** Entries of the source that could not be read, with the first few reasons. */
  unreadable: number;
  errors: LoadError[];
}

export interface PackageRef {
  ecosystem: string;
  name: string;
}

/** The value the conflicting insert proposed, in an upsert's SET. */
const sqlExcluded = (column: string) => sql.raw(`excluded."${column}"`);

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** The (base ecosystem, normalised name) pairs a record is looked up by, as the matcher keys them. */
export function packagesOf(record: OsvRecord): PackageRef[] {
  const seen = new Map<string, PackageRef>();
  for (const affected of record.affected ?? []) {
    if (!affected.package) continue;
    const ecosystem = baseEcosystem(affected.package.ecosystem);
    const name = normalizeEcosystemName(affected.package.ecosystem, affected.package.name);
    seen.set(`${ecosystem}\n${name}`, { ecosystem, name });
  }
  return [...seen.values()];
}

/** Reads an import source: http(s) URLs are downloaded, anything else is a path on this machine. */
export async function readOsvSource(source: string): Promise<LoadedRecords> {
  if (!/^https?:\/\//i.test(source)) return readOsvPath(source);
  const response = await fetch(source);
  if (!response.ok) throw new Error(`cannot fetch ${source}: HTTP ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_DOWNLOAD_BYTES) throw new Error(`${source} is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
  return readOsvBytes(new Uint8Array(await response.arrayBuffer()), source);
}

export function createAdvisoryStore(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Stored `modified` of the given ids. */
  async function storedModified(ids: readonly string[]): Promise<Map<string, string | undefined>> {
    const stored = new Map<string, string | undefined>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await db
        .select({ id: osvAdvisories.id, modified: osvAdvisories.modified })
        .from(osvAdvisories)
        .where(inArray(osvAdvisories.id, part));
      for (const row of rows) stored.set(row.id, row.modified ?? undefined);
    }
    return stored;
  }

  async function importRecords(loaded: LoadedRecords, source: string): Promise<ImportSummary> {
    const plan = planImport(await storedModified(loaded.records.map((record) => record.id)), loaded.records);
    const writes = [...plan.insert, ...plan.update];
    const importedAt = now();
    for (const part of chunks(writes, 500)) {
      // One transaction per chunk: a record and its package rows change together, and a crash
      // mid-import leaves whole records behind, which the next import completes.
      await db.transaction(async (tx) => {
        const ids = part.map((record) => record.id);
        await tx
          .insert(osvAdvisories)
          .values(
            part.map((record) => ({
              id: record.id,
              modified: record.modified ?? null,
              withdrawn: record.withdrawn ?? null,
              ecosystems: [...new Set(packagesOf(record).map((ref) => ref.ecosystem))].sort(),
              aliases: record.aliases ?? [],
              record,
              importedAt,
            })),
          )
          .onConflictDoUpdate({
            target: osvAdvisories.id,
            set: {
              modified: sqlExcluded("modified"),
              withdrawn: sqlExcluded("withdrawn"),
              ecosystems: sqlExcluded("ecosystems"),
              aliases: sqlExcluded("aliases"),
              record: sqlExcluded("record"),
              importedAt,
            },
          });
        await tx.delete(osvAdvisoryPackages).where(inArray(osvAdvisoryPackages.advisoryId, ids));
        const packageRows = part.flatMap((record) =>
          packagesOf(record).map((ref) => ({ ...ref, advisoryId: record.id })),
        );
        for (const rows of chunks(packageRows)) await tx.insert(osvAdvisoryPackages).values(rows);
      });
    }
    return {
      source,
      inserted: plan.insert.length,
      updated: plan.update.length,
      skipped: plan.skip.length,
      unreadable: loaded.errors.length,
      errors: loaded.errors.slice(0, 5),
    };
  }

  /** Usable (not withdrawn) records in the store. */
  async function size(): Promise<number> {
    const [row] = await db.select({ n: count() }).from(osvAdvisories).where(isNull(osvAdvisories.withdrawn));
    return row?.n ?? 0;
  }

  return {
    importRecords,

    /** Imports a zip, folder, JSON file or URL; throws when the source is unreachable or holds no record. */
    async importSource(source: string): Promise<ImportSummary> {
      const loaded = await readOsvSource(source);
      if (loaded.records.length === 0) {
        const first = loaded.errors[0];
        throw new Error(
          `no OSV records in ${source}${first ? ` (${loaded.errors.length} unreadable, first: ${first.file}: ${first.error})` : ""}`,
        );
      }
      return importRecords(loaded, source);
    },

    /** The engine's bundled demo advisories; a no-op once they are stored. */
    importBundled: () => importRecords(loadDemoAdvisories(), "bundled demo advisories"),

    size,

    /**
     * The advisory source for a scan that found `packages`: the stored, not withdrawn records
     * naming any of them, plus the store's size so that "no record for these packages" is told
     * apart from "no advisory data at all".
     */
    async sourceFor(packages: Iterable<PackageRef>): Promise<AdvisorySource> {
      // Names per base ecosystem, so each query is a prefix of the (ecosystem, name, id) key.
      const wanted = new Map<string, Set<string>>();
      for (const pkg of packages) {
        const ecosystem = baseEcosystem(pkg.ecosystem);
        const names = wanted.get(ecosystem) ?? new Set<string>();
        names.add(normalizeEcosystemName(pkg.ecosystem, pkg.name));
        wanted.set(ecosystem, names);
      }
      const ids = new Set<string>();
      for (const [ecosystem, names] of wanted) {
        for (const part of chunks([...names])) {
          const rows = await db
            .select({ advisoryId: osvAdvisoryPackages.advisoryId })
            .from(osvAdvisoryPackages)
            .where(
              and(eq(osvAdvisoryPackages.ecosystem, ecosystem), inArray(osvAdvisoryPackages.name, part)),
            );
          for (const row of rows) ids.add(row.advisoryId);
        }
      }
      const records: OsvRecord[] = [];
      for (const part of chunks([...ids])) {
        const rows = await db
          .select({ record: osvAdvisories.record })
          .from(osvAdvisories)
          .where(and(inArray(osvAdvisories.id, part), isNull(osvAdvisories.withdrawn)));
        for (const row of rows) {
          const parsed = parseOsvRecord(row.record);
          if (parsed.ok) records.push(parsed.record);
        }
      }
      const storeSize = await size();
      return {
        ...advisorySourceFromRecords(records, `advisory store (${storeSize} records)`),
        storeSize,
      };
    },

    /** One stored record, for tests and support. */
    async find(id: string) {
      const [row] = await db.select().from(osvAdvisories).where(eq(osvAdvisories.id, id));
      return row;
    },
  };
}

export type AdvisoryStore = ReturnType<typeof createAdvisoryStore>;
