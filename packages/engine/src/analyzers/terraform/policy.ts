// AWS policy documents in every form Terraform writes them: `jsonencode({...})`, a JSON string or
// heredoc (interpolations become opaque placeholders), and `data "aws_iam_policy_document"`. Each
// statement is reduced to effect, actions, resources, principals and whether it has a condition,
// with the position of the statement when the source gives one.
import { children, dataSources, resources, setting } from "./checks.ts";
import { evaluate, UNKNOWN, type Value } from "./evaluate.ts";
import type { Attribute, Block, Expr, TerraformModel, TfSpan } from "./model.ts";

export interface Statement {
  /** "Allow", "Deny", or undefined when it cannot be told. */
  effect: string | undefined;
  /** Known action strings; `unknownActions` is true when some could not be read. */
  actions: string[];
  notActions: boolean;
  resources: string[];
  /** True when the statement's principal is everyone (`"*"`, `{"AWS": "*"}`). */
  anyPrincipal: boolean;
  hasCondition: boolean;
  at: TfSpan;
}

export interface PolicyDocument {
  /** The resource or data source that holds it. */
  owner: Block;
  attribute: string;
  statements: Statement[];
}

/** Stands for an interpolation we could not evaluate; never equal to "*". */
const OPAQUE = "\u0000?";

function strings(value: Value | undefined): string[] {
  if (value === undefined || value === UNKNOWN) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

function anyPrincipal(principal: Value | undefined): boolean {
  if (principal === "*") return true;
  if (principal !== null && typeof principal === "object" && !Array.isArray(principal)) {
    return strings((principal as Record<string, Value>).AWS).includes("*");
  }
  return false;
}

function fromJsonStatement(raw: Value, at: TfSpan): Statement | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const statement = raw as Record<string, Value>;
  const effect =
    typeof statement.Effect === "string" && !statement.Effect.includes(OPAQUE) ? statement.Effect : undefined;
  return {
    effect,
    actions: strings(statement.Action),
    notActions: statement.NotAction !== undefined,
    resources: strings(statement.Resource),
    anyPrincipal: anyPrincipal(statement.Principal),
    hasCondition: statement.Condition !== undefined,
    at,
  };
}

/** Evaluates a template with opaque placeholders so that a JSON heredoc with `${…}` still parses. */
function renderOpaque(expr: Expr, model: TerraformModel): string | undefined {
  if (expr.kind === "literal") return typeof expr.value === "string" ? expr.value : undefined;
  if (expr.kind !== "template") {
    const value = evaluate(expr, model.scope);
    return typeof value === "string" ? value : undefined;
  }
  let text = "";
  for (const part of expr.parts) {
    if (typeof part === "string") {
      text += part;
      continue;
    }
    const value = evaluate(part, model.scope);
    text += typeof value === "string" || typeof value === "number" ? String(value) : OPAQUE;
  }
  return text;
}

function statementsOfAttribute(attribute: Attribute, model: TerraformModel): Statement[] {
  const expr = attribute.value;
  // jsonencode({ Statement = [ {...}, {...} ] }): each statement keeps its own line.
  if (expr.kind === "call" && expr.name === "jsonencode" && expr.args[0]?.kind === "object") {
    const entry = expr.args[0].entries.find((item) => item.key === "Statement");
    if (!entry) return [];
    const items = entry.value.kind === "tuple" ? entry.value.items : [entry.value];
    const out: Statement[] = [];
    for (const item of items) {
      const statement = fromJsonStatement(evaluate(item, model.scope), item.span);
      if (statement) out.push(statement);
    }
    return out;
  }
  const text = renderOpaque(expr, model);
  if (text === undefined) return [];
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return [];
  }
  if (document === null || typeof document !== "object") return [];
  const raw = (document as Record<string, unknown>).Statement;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .map((item) => fromJsonStatement(item as Value, attribute.span))
    .filter((item): item is Statement => item !== undefined);
}

function statementsOfDocument(document: Block, model: TerraformModel): Statement[] {
  const out: Statement[] = [];
  for (const statement of children(document, "statement")) {
    if (statement.dynamic) continue;
    const effect = setting(model, statement, "effect");
    const actions = setting(model, statement, "actions");
    const resourcesSetting = setting(model, statement, "resources");
    let everyone = false;
    for (const principal of children(statement, "principals")) {
      const type = setting(model, principal, "type");
      const identifiers = setting(model, principal, "identifiers");
      if (
        type.state === "known" &&
        (type.value === "*" || type.value === "AWS") &&
        identifiers.state === "known" &&
        strings(identifiers.value).includes("*")
      ) {
        everyone = true;
      }
    }
    out.push({
      effect:
        effect.state === "missing" ? "Allow" : effect.state === "known" ? String(effect.value) : undefined,
      actions: actions.state === "known" ? strings(actions.value) : [],
      notActions: statement.attributes.has("not_actions"),
      resources: resourcesSetting.state === "known" ? strings(resourcesSetting.value) : [],
      anyPrincipal: everyone,
      hasCondition: children(statement, "condition").length > 0,
      at: statement.span,
    });
  }
  return out;
}

/** Policy-holding attributes by resource type. */
const POLICY_ATTRIBUTES: Record<string, string[]> = {
  aws_iam_policy: ["policy"],
  aws_iam_role_policy: ["policy"],
  aws_iam_user_policy: ["policy"],
  aws_iam_group_policy: ["policy"],
  aws_iam_role: ["assume_role_policy"],
  aws_s3_bucket_policy: ["policy"],
  aws_s3_bucket: ["policy"],
  aws_kms_key: ["policy"],
  aws_kms_key_policy: ["policy"],
  aws_sqs_queue_policy: ["policy"],
  aws_sqs_queue: ["policy"],
  aws_sns_topic_policy: ["policy"],
  aws_sns_topic: ["policy"],
  aws_ecr_repository_policy: ["policy"],
  aws_secretsmanager_secret_policy: ["policy"],
  aws_secretsmanager_secret: ["policy"],
  aws_glacier_vault: ["access_policy"],
  aws_elasticsearch_domain: ["access_policies"],
  aws_opensearch_domain: ["access_policies"],
};

/** Every policy document of the file, for the given resource types (and policy-document data sources). */
export function policyDocuments(
  model: TerraformModel,
  types: readonly string[],
  options: { includeDataDocuments: boolean },
): PolicyDocument[] {
  const out: PolicyDocument[] = [];
  for (const resource of resources(model, ...types)) {
    const type = resource.labels[0] ?? "";
    const names = [...(POLICY_ATTRIBUTES[type] ?? [])];
    for (const name of names) {
      const attribute = resource.attributes.get(name);
      if (attribute)
        out.push({ owner: resource, attribute: name, statements: statementsOfAttribute(attribute, model) });
    }
    if (type === "aws_iam_role") {
      for (const inline of children(resource, "inline_policy")) {
        const attribute = inline.attributes.get("policy");
        if (attribute)
          out.push({
            owner: resource,
            attribute: "policy",
            statements: statementsOfAttribute(attribute, model),
          });
      }
    }
  }
  if (options.includeDataDocuments) {
    for (const document of dataSources(model, "aws_iam_policy_document")) {
      out.push({
        owner: document,
        attribute: "statement",
        statements: statementsOfDocument(document, model),
      });
    }
  }
  return out;
}

export const IDENTITY_POLICY_TYPES = [
  "aws_iam_policy",
  "aws_iam_role_policy",
  "aws_iam_user_policy",
  "aws_iam_group_policy",
  "aws_iam_role",
];

export const RESOURCE_POLICY_TYPES = Object.keys(POLICY_ATTRIBUTES).filter(
  (type) => !IDENTITY_POLICY_TYPES.includes(type),
);

export function isAllow(statement: Statement): boolean {
  return statement.effect !== undefined && statement.effect.toLowerCase() === "allow";
}
