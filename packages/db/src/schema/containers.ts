// Container images sent to the server (`POST /api/tenants/:id/images`) and the vulnerabilities
// their scan found. An image row is the upload's lifecycle (queued → running → completed/failed);
// its findings are replaced as a whole by each scan. The image's SBOM is an sbom_artifacts row.
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

export const IMAGE_SCAN_STATES = ["queued", "running", "completed", "failed"] as const;

export const containerImages = pgTable(
  "container_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The image's RepoTag (`registry/name:tag`) once read; the upload's name until then. */
    imageRef: text("image_ref").notNull(),
    /** From the image's base-name label/annotation; null when the image does not say. */
    baseImage: text("base_image"),
    /** `Debian:12`, `Alpine:v3.19`: the ecosystem OS packages were matched in. */
    os: text("os"),
    packageCount: integer("package_count"),
    state: text("state", { enum: IMAGE_SCAN_STATES }).notNull().default("queued"),
    error: text("error"),
    /** The uploaded tarball on the server's disk while it waits for its scan; removed afterwards. */
    uploadPath: text("upload_path"),
    uploadBytes: integer("upload_bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    scannedAt: timestamptz("scanned_at"),
  },
  (table) => [index("container_images_tenant_created").on(table.tenantId, table.createdAt)],
);

export const containerFindings = pgTable(
  "container_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    imageId: uuid("image_id")
      .notNull()
      .references(() => containerImages.id, { onDelete: "cascade" }),
    /** CVE when any record names one, else the advisory id (the matcher's preferred id). */
    vulnerabilityId: text("vulnerability_id").notNull(),
    aliases: text("aliases").array().notNull(),
    severity: text("severity", { enum: ["critical", "high", "med", "low"] }).notNull(),
    cvssScore: doublePrecision("cvss_score"),
    /** The installed (binary) package, e.g. libssl1.1; advisories may name its source package. */
    packageName: text("package_name").notNull(),
    ecosystem: text("ecosystem").notNull(),
    installedVersion: text("installed_version"),
    fixedVersion: text("fixed_version"),
    summary: text("summary"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("container_findings_tenant").on(table.tenantId, table.createdAt),
    index("container_findings_image").on(table.imageId),
  ],
);
