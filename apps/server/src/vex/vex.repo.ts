// The tenant's VEX statements as the engine reads them, and their rows as the API shows them.
import type { VexStatementResponse } from "@rampart/contracts/vex";
import type { Database } from "@rampart/db/client";
import { vexStatements } from "@rampart/db/schema";
import type { VexJustification, VexStatement } from "@rampart/engine/sca/vex/statement";
import { desc, eq } from "drizzle-orm";
import type { Transaction } from "../findings/waivers.service.ts";

export type VexStatementRow = typeof vexStatements.$inferSelect;

export function toVexStatement(row: VexStatementRow): VexStatement {
  const statement: VexStatement = {
    vulnerabilityId: row.vulnerabilityId,
    aliases: row.aliases,
    purl: row.purl,
    status: row.status,
    timestamp: row.statementAt.toISOString(),
    author: row.author,
  };
  if (row.justification) statement.justification = row.justification as VexJustification;
  if (row.impactStatement) statement.impactStatement = row.impactStatement;
  if (row.actionStatement) statement.actionStatement = row.actionStatement;
  return statement;
}

export function toVexStatementResponse(row: VexStatementRow): VexStatementResponse {
  return {
    id: row.id,
    vulnerabilityId: row.vulnerabilityId,
    aliases: row.aliases,
    purl: row.purl,
    status: row.status,
    justification: (row.justification as VexJustification | null) ?? null,
    impactStatement: row.impactStatement,
    actionStatement: row.actionStatement,
    author: row.author,
    timestamp: row.statementAt.toISOString(),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every statement of the tenant, newest first (the engine picks the newest that applies). */
export async function tenantVexRows(
  db: Database | Transaction,
  tenantId: string,
): Promise<VexStatementRow[]> {
  return db
    .select()
    .from(vexStatements)
    .where(eq(vexStatements.tenantId, tenantId))
    .orderBy(desc(vexStatements.statementAt), desc(vexStatements.createdAt));
}

export async function tenantVexStatements(
  db: Database | Transaction,
  tenantId: string,
): Promise<VexStatement[]> {
  return (await tenantVexRows(db, tenantId)).map(toVexStatement);
}
