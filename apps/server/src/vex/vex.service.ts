// VEX statements of a tenant: triage decisions on dependency findings and imported documents.
// A not_affected or fixed statement suppresses the findings it covers: they become `skip` (with
// the outcome in `metadata.vex`) in the latest runs now, through the waivers' re-evaluation so
// the rollups change in the same transaction, and in every later scan (buildRunRecord).
import type { VexTriageBody } from "@rampart/contracts/vex";
import type { Database } from "@rampart/db/client";
import { findings, vexStatements } from "@rampart/db/schema";
import { exportCycloneDxVex } from "@rampart/engine/sca/vex/cyclonedx-vex";
import { VULNERABLE_DEPENDENCY_RULE, vexOfFinding } from "@rampart/engine/sca/vex/findings";
import { importVex } from "@rampart/engine/sca/vex/import";
import { exportOpenVex } from "@rampart/engine/sca/vex/openvex";
import { statementProblems, type VexStatement } from "@rampart/engine/sca/vex/statement";
import { and, eq, inArray } from "drizzle-orm";
import { AppError, notFound } from "../errors.ts";
import type { Transaction, WaiversService } from "../findings/waivers.service.ts";
import { tenantVexRows, tenantVexStatements, toVexStatement, toVexStatementResponse } from "./vex.repo.ts";

/** More statements than any real product's VEX: a bound on one request's work. */
export const MAX_IMPORTED_STATEMENTS = 5000;

type Properties = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : undefined);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

export function createVexService(deps: { db: Database; waivers: WaiversService; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Stores statements (`write`) and, in the same transaction, sets the latest runs' dependency
   * findings to what all of the tenant's statements now say, then the rollups.
   */
  function decide<T>(tenantId: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
    let statements: VexStatement[] | undefined;
    return deps.waivers.decide(tenantId, write, async (tx, runId) => {
      statements ??= await tenantVexStatements(tx, tenantId);
      await applyToRun(tx, runId, statements);
    });
  }

  async function applyToRun(tx: Transaction, runId: string, statements: readonly VexStatement[]) {
    const rows = await tx
      .select({ id: findings.id, status: findings.status, metadata: findings.metadata })
      .from(findings)
      .where(
        and(
          eq(findings.runId, runId),
          eq(findings.ruleId, VULNERABLE_DEPENDENCY_RULE),
          inArray(findings.status, ["fail", "skip"]),
        ),
      );
    for (const row of rows) {
      const metadata = row.metadata as Properties;
      // An inline or config suppression of the scan itself stays as it was.
      if (metadata.suppression) continue;
      const { vex, suppressed } = vexOfFinding(
        { ruleId: VULNERABLE_DEPENDENCY_RULE, properties: metadata.properties as Properties | undefined },
        statements,
      );
      const status = suppressed ? "skip" : "fail";
      if (status === row.status && JSON.stringify(vex) === JSON.stringify(metadata.vex)) continue;
      const { vex: _previous, ...rest } = metadata;
      await tx
        .update(findings)
        // A skipped finding carries no waiver; the waivers' pass sets it again when it fails.
        .set({ status, metadata: vex ? { ...rest, vex } : rest, ...(suppressed ? { waiverId: null } : {}) })
        .where(eq(findings.id, row.id));
    }
  }

  return {
    async triage(tenantId: string, author: { email: string }, body: VexTriageBody) {
      const [finding] = await db
        .select()
        .from(findings)
        .where(and(eq(findings.tenantId, tenantId), eq(findings.id, body.findingId)));
      if (finding?.analyzer !== "sca") throw notFound("Dependency finding not found");
      if (finding.ruleId !== VULNERABLE_DEPENDENCY_RULE)
        throw new AppError("bad_request", "Only a vulnerable-dependency finding can be triaged");
      if (body.status === "not_affected" && !body.justification && !body.impactStatement)
        throw new AppError(
          "bad_request",
          "body.justification: not_affected needs a justification or an impact statement",
        );
      if (body.status !== "not_affected" && body.justification)
        throw new AppError("bad_request", "body.justification: only a not_affected decision has one");
      const properties = ((finding.metadata as { properties?: Properties }).properties ?? {}) as Properties;
      const vulnerabilityId = text(properties.cveId);
      const purl = text(properties.purl);
      if (!vulnerabilityId || !purl)
        throw new AppError("bad_request", "The finding names no advisory or package URL to decide on");
      const aliases = [
        ...new Set([...strings(properties.aliases), ...strings(properties.advisoryIds)]),
      ].filter((alias) => alias !== vulnerabilityId);
      const [row] = await decide(tenantId, (tx) =>
        tx
          .insert(vexStatements)
          .values({
            tenantId,
            vulnerabilityId,
            aliases,
            // With its version: the decision is about the version that was analysed.
            purl,
            status: body.status,
            justification: body.justification ?? null,
            impactStatement: body.impactStatement ?? null,
            actionStatement: body.actionStatement ?? null,
            author: author.email,
            statementAt: now(),
            source: "triage",
          })
          .returning(),
      );
      return toVexStatementResponse(row!);
    },

    async importDocument(tenantId: string, json: unknown): Promise<{ imported: number }> {
      const result = importVex(json);
      if (!result.ok) throw new AppError("bad_request", result.error);
      const { statements } = result;
      if (statements.length === 0)
        throw new AppError("bad_request", "The document holds no statement about a package URL");
      if (statements.length > MAX_IMPORTED_STATEMENTS)
        throw new AppError("bad_request", `At most ${MAX_IMPORTED_STATEMENTS} statements per document`);
      const problems = statements.flatMap(statementProblems);
      if (problems.length > 0) throw new AppError("bad_request", problems[0]!);
      await decide(tenantId, (tx) =>
        tx.insert(vexStatements).values(
          statements.map((statement) => ({
            tenantId,
            vulnerabilityId: statement.vulnerabilityId,
            aliases: statement.aliases,
            purl: statement.purl,
            status: statement.status,
            justification: statement.justification ?? null,
            impactStatement: statement.impactStatement ?? null,
            actionStatement: statement.actionStatement ?? null,
            author: statement.author,
            statementAt: new Date(statement.timestamp),
            source: "import" as const,
          })),
        ),
      );
      return { imported: statements.length };
    },

    /** The newest statement per vulnerability and package, as an OpenVEX or CycloneDX document. */
    async exportDocument(tenantId: string, format: "openvex" | "cyclonedx", author: string) {
      const newest = new Map<string, VexStatement>();
      for (const row of await tenantVexRows(db, tenantId)) {
        const key = `${row.vulnerabilityId}\u0000${row.purl}`;
        if (!newest.has(key)) newest.set(key, toVexStatement(row));
      }
      if (newest.size === 0) throw notFound("No VEX statements to export yet");
      const statements = [...newest.values()].reverse(); // oldest first, as decisions were made
      const result =
        format === "openvex"
          ? exportOpenVex(statements, { author, tooling: "Rampart" })
          : exportCycloneDxVex(statements, { author, toolName: "Rampart" });
      if (!result.ok) throw new AppError("internal", `VEX export failed: ${result.errors[0]}`);
      const document: Record<string, unknown> = { ...result.document };
      return document;
    },

    list: async (tenantId: string) => (await tenantVexRows(db, tenantId)).map(toVexStatementResponse),
  };
}

export type VexService = ReturnType<typeof createVexService>;
