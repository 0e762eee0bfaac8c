// OpenVEX 0.2.0 (https://github.com/openvex/spec): one statement per triage decision, products
// named by purl. Import accepts any valid 0.2.0 document (products by `@id` or
// `identifiers.purl`) and returns one statement per product.
import { z } from "zod";
import {
  contentUrn,
  statementProblems,
  VEX_JUSTIFICATIONS,
  VEX_STATUSES,
  type VexJustification,
  type VexStatement,
} from "./statement.ts";

export const OPENVEX_CONTEXT = "https://openvex.dev/ns/v0.2.0";

export interface OpenVexOptions {
  author: string;
  /** The document's IRI; by default a URN derived from the content. */
  id?: string;
  /** Document timestamp; by default the newest statement timestamp. */
  timestamp?: string;
  tooling?: string;
}

export type ExportResult<D> = { ok: true; document: D } | { ok: false; errors: string[] };
export type ImportResult = { ok: true; statements: VexStatement[] } | { ok: false; error: string };

interface OpenVexStatementJson {
  vulnerability: { name: string; aliases?: string[] };
  products: { "@id": string }[];
  status: VexStatement["status"];
  timestamp: string;
  justification?: VexJustification;
  impact_statement?: string;
  action_statement?: string;
}

export interface OpenVexDocument {
  "@context": string;
  "@id": string;
  author: string;
  timestamp: string;
  version: number;
  tooling?: string;
  statements: OpenVexStatementJson[];
}

export function exportOpenVex(
  statements: readonly VexStatement[],
  options: OpenVexOptions,
): ExportResult<OpenVexDocument> {
  const errors = statements.flatMap(statementProblems);
  if (statements.length === 0) errors.push("an OpenVEX document needs at least one statement");
  if (errors.length > 0) return { ok: false, errors };
  const seen = new Set<string>();
  const json: OpenVexStatementJson[] = [];
  for (const statement of statements) {
    const aliases = [...new Set(statement.aliases)].filter((alias) => alias !== statement.vulnerabilityId);
    const entry: OpenVexStatementJson = {
      vulnerability: { name: statement.vulnerabilityId, ...(aliases.length > 0 ? { aliases } : {}) },
      products: [{ "@id": statement.purl }],
      status: statement.status,
      timestamp: statement.timestamp,
    };
    if (statement.justification) entry.justification = statement.justification;
    if (statement.impactStatement) entry.impact_statement = statement.impactStatement;
    if (statement.status === "affected") {
      entry.action_statement = statement.actionStatement ?? "No remediation has been decided yet.";
    } else if (statement.actionStatement) {
      entry.action_statement = statement.actionStatement;
    }
    const key = JSON.stringify(entry);
    if (seen.has(key)) continue; // statements must be unique
    seen.add(key);
    json.push(entry);
  }
  const timestamp =
    options.timestamp ??
    json
      .map((entry) => entry.timestamp)
      .sort()
      .at(-1)!;
  const document: OpenVexDocument = {
    "@context": OPENVEX_CONTEXT,
    "@id": options.id ?? contentUrn({ author: options.author, json }),
    author: options.author,
    timestamp,
    version: 1,
    ...(options.tooling ? { tooling: options.tooling } : {}),
    statements: json,
  };
  return { ok: true, document };
}

const productSchema = z.looseObject({
  "@id": z.string().optional(),
  identifiers: z.looseObject({ purl: z.string().optional() }).optional(),
  subcomponents: z
    .array(
      z.looseObject({
        "@id": z.string().optional(),
        identifiers: z.looseObject({ purl: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const documentSchema = z.looseObject({
  "@context": z.string().startsWith("https://openvex.dev/ns"),
  author: z.string(),
  timestamp: z.string(),
  statements: z.array(
    z.looseObject({
      vulnerability: z.looseObject({ name: z.string(), aliases: z.array(z.string()).optional() }),
      products: z.array(productSchema).optional(),
      status: z.enum(VEX_STATUSES),
      justification: z.enum(VEX_JUSTIFICATIONS).optional(),
      impact_statement: z.string().optional(),
      action_statement: z.string().optional(),
      timestamp: z.string().optional(),
      last_updated: z.string().optional(),
    }),
  ),
});

function purlOf(product: z.infer<typeof productSchema>): string | undefined {
  const id = product["@id"];
  if (id?.startsWith("pkg:")) return id;
  return product.identifiers?.purl;
}

/** Statements from an OpenVEX document (parsed JSON). Never throws. */
export function importOpenVex(json: unknown): ImportResult {
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `OpenVEX: ${issue?.message ?? "invalid"} at ${issue?.path.join(".") ?? ""}` };
  }
  const document = parsed.data;
  const statements: VexStatement[] = [];
  for (const statement of document.statements) {
    // a statement about subcomponents is about those packages inside the product
    const products = (statement.products ?? []).flatMap((product) =>
      product.subcomponents && product.subcomponents.length > 0 ? product.subcomponents : [product],
    );
    for (const product of products) {
      const purl = purlOf(product);
      if (!purl) continue;
      const entry: VexStatement = {
        vulnerabilityId: statement.vulnerability.name,
        aliases: statement.vulnerability.aliases ?? [],
        purl,
        status: statement.status,
        timestamp: statement.last_updated ?? statement.timestamp ?? document.timestamp,
        author: document.author,
      };
      if (statement.justification) entry.justification = statement.justification;
      if (statement.impact_statement) entry.impactStatement = statement.impact_statement;
      if (statement.action_statement) entry.actionStatement = statement.action_statement;
      statements.push(entry);
    }
  }
  return { ok: true, statements };
}
