// Which tables hold a tenant's data, read from the schema itself, and how a demo copy treats each.
// A table added to the schema later is found here without anyone listing it: it is copied like
// the others unless it is named below, and a test fails until it is classified on purpose.
import * as schema from "@rampart/db/schema";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";

export interface TenantTable {
  name: string;
  table: PgTable;
  /** Tenant tables this one references by foreign key: they are copied first. */
  references: string[];
}

/**
 * How a copy treats a table: `copy` duplicates its rows with new ids (the default for any tenant
 * table); `ledger` is rebuilt through the ledger service; `skip` is not copied, for the reason given.
 */
export type CopyTreatment = { kind: "copy" } | { kind: "ledger" } | { kind: "skip"; reason: string };

export const COPY_TREATMENTS: Record<string, CopyTreatment> = {
  memberships: { kind: "skip", reason: "the copy's only member is its owner, as admin" },
  evidence_artifacts: { kind: "ledger" },
  ledger_heads: { kind: "skip", reason: "written by the ledger service as the chain is rebuilt" },
  ledger_checkpoints: { kind: "skip", reason: "signed anew for the copy's own chain" },
  ledger_verifications: { kind: "skip", reason: "the template's results say nothing of the copy's chain" },
  ledger_cosignatures: {
    kind: "skip",
    reason: "witnesses cosigned the template's checkpoints, not the copy's",
  },
  ledger_timestamps: { kind: "skip", reason: "a TSA stamped the template's checkpoints, not the copy's" },
  ledger_alerts: {
    kind: "skip",
    reason: "an alert is about the template's chain; the copy's is rebuilt whole",
  },
  repositories: { kind: "copy" },
  scans: { kind: "copy" },
  policy_runs: { kind: "copy" },
  findings: { kind: "copy" },
  open_rule_counts: { kind: "copy" },
  control_results: { kind: "copy" },
  finding_tracks: { kind: "copy" },
  waivers: { kind: "copy" },
  sbom_artifacts: { kind: "copy" },
  attestations: { kind: "copy" },
  provenance_attestations: { kind: "copy" },
  trusted_keys: { kind: "copy" },
  pr_suggestions: { kind: "copy" },
  pr_number_counters: { kind: "copy" },
  container_images: { kind: "copy" },
  container_findings: { kind: "copy" },
  vex_statements: { kind: "copy" },
  environments: { kind: "copy" },
  environment_syncs: { kind: "copy" },
  drift_findings: { kind: "copy" },
  evidence_requests: { kind: "copy" },
  evidence_submissions: { kind: "copy" },
  evidence_comments: { kind: "copy" },
  policies: { kind: "copy" },
  policy_versions: { kind: "copy" },
  policy_acknowledgements: { kind: "copy" },
  custom_frameworks: { kind: "copy" },
  custom_framework_requirements: { kind: "copy" },
  audit_samples: { kind: "copy" },
  audit_log_entries: { kind: "skip", reason: "the copy's audit log starts with its owner's own actions" },
  invitations: { kind: "skip", reason: "the template's invitations, if any, are not the copy owner's" },
  api_tokens: {
    kind: "skip",
    reason: "a token is a secret of the organization it was made for; copies get none",
  },
  conversations: {
    kind: "skip",
    reason: "a conversation is its own user's; the template's would be no one's",
  },
  chat_messages: { kind: "skip", reason: "they belong to conversations, which are not copied" },
  pull_request_scans: {
    kind: "skip",
    reason: "they report to a code host's pull requests; a demo organization is connected to none",
  },
};

export function treatmentOf(name: string): CopyTreatment {
  return COPY_TREATMENTS[name] ?? { kind: "copy" };
}

/** Every table of the schema with a `tenant_id` column, parents before the tables that reference them. */
export function tenantTables(): TenantTable[] {
  const found = new Map<string, TenantTable>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (!config.columns.some((column) => column.name === "tenant_id")) continue;
    const references = config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name);
    found.set(config.name, { name: config.name, table: value, references });
  }
  const ordered: TenantTable[] = [];
  const placed = new Set<string>();
  const visit = (table: TenantTable, path: Set<string>) => {
    if (placed.has(table.name)) return;
    if (path.has(table.name)) throw new Error(`tenant tables reference each other in a cycle: ${table.name}`);
    path.add(table.name);
    for (const name of table.references) {
      const parent = found.get(name);
      if (parent && parent.name !== table.name) visit(parent, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...found.values()].sort((a, b) => a.name.localeCompare(b.name)))
    visit(table, new Set());
  return ordered;
}
