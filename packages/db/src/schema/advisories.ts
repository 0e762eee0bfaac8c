// The server's advisory store: OSV records as imported (`rampart osv import`, the `osv-import`
// job, the bundled demo set at start), shared by every tenant. `osv_advisory_packages` indexes
// each record by the packages it names, so a scan loads only the records of the packages it found.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const osvAdvisories = pgTable(
  "osv_advisories",
  {
    /** The OSV id (GHSA-…, PYSEC-…, DSA-…). */
    id: text("id").primaryKey(),
    /**
     * The record's `modified` stamp as written (RFC 3339, up to nanoseconds); imports compare it as
     * a time with the engine's `compareModified`, so it is kept as text, not truncated to µs.
     */
    modified: text("modified"),
    /** Set when the record is withdrawn: it stays stored (a withdrawal replaces the older copy) but never matches. */
    withdrawn: text("withdrawn"),
    /** Base ecosystems the record names (npm, PyPI, Debian), for counts per ecosystem. */
    ecosystems: text("ecosystems").array().notNull(),
    aliases: text("aliases").array().notNull(),
    record: jsonb("record").notNull(),
    importedAt: timestamptz("imported_at").notNull().defaultNow(),
  },
  (table) => [index("osv_advisories_ecosystems").using("gin", table.ecosystems)],
);

export const osvAdvisoryPackages = pgTable(
  "osv_advisory_packages",
  {
    /** Base ecosystem (`Debian` for `Debian:12`), as the engine's `packageKey` uses it. */
    ecosystem: text("ecosystem").notNull(),
    /** The name normalised as the ecosystem compares names (PEP 503 for PyPI, lower case for NuGet…). */
    name: text("name").notNull(),
    advisoryId: text("advisory_id")
      .notNull()
      .references(() => osvAdvisories.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.ecosystem, table.name, table.advisoryId] }),
    index("osv_advisory_packages_advisory").on(table.advisoryId),
  ],
);
