// Building blocks shared by the CloudFormation rules: "this boolean property must be true",
// IAM policy statements, and security group ingress rules. Each answers "unknown" by staying silent.

import { entryOf, type YamlEntry, type YamlNode } from "../../parse/yaml-tree.ts";
import type { FileRuleContext } from "../../rule.ts";
import {
  booleanOf,
  type CfnModel,
  type CfnResource,
  evaluate,
  intrinsicOf,
  itemsOf,
  keySpan,
  lookup,
  replaceScalarFix,
  resourceSpan,
  stringValue,
  UNKNOWN,
} from "./model.ts";

export interface BooleanExpectation {
  /** Property path under Properties, e.g. ["PointInTimeRecoverySpecification", "PointInTimeRecoveryEnabled"]. */
  path: string[];
  /** The safe value. */
  want: boolean;
  /** Whether leaving the property out is unsafe (the service default is the unsafe value). */
  absentIsUnsafe: boolean;
  /** Message when the property is missing / set to the unsafe value. */
  missing: string;
  wrong: string;
  /** Offer a fix that flips a literal. */
  fix?: boolean;
}

/**
 * Reports a boolean property that is missing (at the deepest key that exists, or the logical id)
 * or set to the unsafe value (at its key, with a fix). Unknown values are never reported.
 */
export function expectBoolean(
  ctx: FileRuleContext<CfnModel>,
  resource: CfnResource,
  expectation: BooleanExpectation,
): void {
  const { path, want } = expectation;
  let node: YamlNode = resource.properties;
  let deepest: YamlEntry | undefined;
  for (const key of path) {
    if (intrinsicOf(node) || node.kind !== "map") return; // e.g. an !If around the block: unknown
    const entry = entryOf(node, key);
    if (!entry) {
      if (expectation.absentIsUnsafe) {
        ctx.report({
          message: `${resource.logicalId}: ${expectation.missing}`,
          at: deepest ? keySpan(deepest) : resourceSpan(resource),
        });
      }
      return;
    }
    deepest = entry;
    node = entry.value;
  }
  const value = booleanOf(ctx.model, node);
  if (value === undefined || value === want || !deepest) return;
  const fix = expectation.fix
    ? replaceScalarFix(ctx.file, node, String(want), `set ${path.join(".")} to ${want}`)
    : undefined;
  const call = intrinsicOf(node);
  const origin =
    call?.name === "Ref" && call.argument.kind === "scalar"
      ? ` (the default of parameter ${String(call.argument.value)})`
      : "";
  ctx.report({
    message: `${resource.logicalId}: ${expectation.wrong}${origin}`,
    at: keySpan(deepest),
    ...(fix ? { fix } : {}),
  });
}

// --- IAM policy documents --------------------------------------------------------------------

export interface PolicyStatement {
  node: YamlNode;
  entry?: YamlEntry;
  effect: string | typeof UNKNOWN;
  /** Each action string; UNKNOWN when the list is an intrinsic. */
  actions: string[] | typeof UNKNOWN;
  actionEntry?: YamlEntry;
  notActionEntry?: YamlEntry;
  resources: string[] | typeof UNKNOWN;
  principalEntry?: YamlEntry;
  hasCondition: boolean;
}

function stringsOf(model: CfnModel, node: YamlNode | undefined): string[] | typeof UNKNOWN {
  const items = itemsOf(node);
  if (items === UNKNOWN) return UNKNOWN;
  const out: string[] = [];
  for (const item of items) {
    const value = stringValue(model, item);
    if (value === undefined) return UNKNOWN;
    out.push(value);
  }
  return out;
}

/** The statements of a policy document node (the value of PolicyDocument, KeyPolicy, …). */
export function statementsOf(model: CfnModel, document: YamlNode | undefined): PolicyStatement[] {
  if (document?.kind !== "map" || intrinsicOf(document)) return [];
  const statementNode = entryOf(document, "Statement")?.value;
  const items = itemsOf(statementNode);
  if (items === UNKNOWN) return [];
  const statements: PolicyStatement[] = [];
  for (const node of items) {
    if (node.kind !== "map" || intrinsicOf(node)) continue;
    const effect = evaluate(model, entryOf(node, "Effect")?.value);
    const actionEntry = entryOf(node, "Action");
    const notActionEntry = entryOf(node, "NotAction");
    const principalEntry = entryOf(node, "Principal");
    statements.push({
      node,
      effect: typeof effect === "string" ? effect : UNKNOWN,
      actions: actionEntry ? stringsOf(model, actionEntry.value) : [],
      ...(actionEntry ? { actionEntry } : {}),
      ...(notActionEntry ? { notActionEntry } : {}),
      resources: stringsOf(model, entryOf(node, "Resource")?.value),
      ...(principalEntry ? { principalEntry } : {}),
      hasCondition: entryOf(node, "Condition") !== undefined,
    });
  }
  return statements;
}

/** Where policy documents live in each resource type. */
export function policyDocumentsOf(resource: CfnResource): YamlNode[] {
  const properties = resource.properties;
  const documents: YamlNode[] = [];
  const push = (node: YamlNode | undefined) => {
    if (node) documents.push(node);
  };
  switch (resource.type) {
    case "AWS::IAM::Policy":
    case "AWS::IAM::ManagedPolicy":
    case "AWS::IAM::RolePolicy":
    case "AWS::IAM::UserPolicy":
    case "AWS::IAM::GroupPolicy":
      push(entryOf(properties, "PolicyDocument")?.value);
      break;
    case "AWS::IAM::Role":
    case "AWS::IAM::User":
    case "AWS::IAM::Group": {
      const policies = itemsOf(entryOf(properties, "Policies")?.value);
      if (policies !== UNKNOWN) for (const policy of policies) push(entryOf(policy, "PolicyDocument")?.value);
      break;
    }
  }
  return documents;
}

/** True for `"*"`, `{AWS: "*"}` or `{AWS: ["*"]}`; false for anything narrower or unknown. */
export function isWildcardPrincipal(model: CfnModel, principal: YamlNode | undefined): boolean {
  if (!principal) return false;
  if (evaluate(model, principal) === "*") return true;
  if (principal.kind !== "map" || intrinsicOf(principal)) return false;
  const aws = entryOf(principal, "AWS")?.value;
  const items = itemsOf(aws);
  if (items === UNKNOWN) return false;
  return items.some((item) => evaluate(model, item) === "*");
}

export function isAllow(statement: PolicyStatement): boolean {
  return typeof statement.effect === "string" && statement.effect === "Allow";
}

/** Every Allow statement of every policy document of the template, with its resource. */
export function* allowStatements(
  model: CfnModel,
): Generator<{ resource: CfnResource; statement: PolicyStatement }> {
  for (const resource of model.resources)
    for (const document of policyDocumentsOf(resource))
      for (const statement of statementsOf(model, document))
        if (isAllow(statement)) yield { resource, statement };
}

/** The Allow statements whose actions are known and whose resources are known to include `*`. */
export function* allowsOnEveryResource(
  model: CfnModel,
): Generator<{ resource: CfnResource; statement: PolicyStatement; actions: string[] }> {
  for (const { resource, statement } of allowStatements(model)) {
    const { actions, resources } = statement;
    if (actions === UNKNOWN || resources === UNKNOWN || !resources.includes("*")) continue;
    yield { resource, statement, actions };
  }
}

// --- Security group ingress --------------------------------------------------------------------

export interface IngressRule {
  /** The entry to report at: CidrIp / CidrIpv6. */
  sourceEntry: YamlEntry;
  protocol: string | typeof UNKNOWN;
  fromPort: number | typeof UNKNOWN | undefined;
  toPort: number | typeof UNKNOWN | undefined;
}

const ANYWHERE = new Set(["0.0.0.0/0", "::/0"]);

function portOf(model: CfnModel, node: YamlNode | undefined): number | typeof UNKNOWN | undefined {
  if (!node) return undefined;
  const value = evaluate(model, node);
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  return UNKNOWN;
}

/** The internet-facing ingress rules of a SecurityGroup (inline) or a SecurityGroupIngress. */
export function openIngressRules(model: CfnModel, resource: CfnResource): IngressRule[] {
  let rules: YamlNode[] = [];
  if (resource.type === "AWS::EC2::SecurityGroup") {
    const items = itemsOf(entryOf(resource.properties, "SecurityGroupIngress")?.value);
    if (items === UNKNOWN) return [];
    rules = items;
  } else if (resource.type === "AWS::EC2::SecurityGroupIngress") {
    rules = [resource.properties];
  }
  const out: IngressRule[] = [];
  for (const rule of rules) {
    if (rule.kind !== "map" || intrinsicOf(rule)) continue;
    for (const key of ["CidrIp", "CidrIpv6"]) {
      const sourceEntry = entryOf(rule, key);
      if (!sourceEntry) continue;
      const source = evaluate(model, sourceEntry.value);
      if (typeof source !== "string" || !ANYWHERE.has(source.trim())) continue;
      const protocol = evaluate(model, entryOf(rule, "IpProtocol")?.value);
      out.push({
        sourceEntry,
        protocol:
          typeof protocol === "string" || typeof protocol === "number"
            ? String(protocol).toLowerCase()
            : UNKNOWN,
        fromPort: portOf(model, entryOf(rule, "FromPort")?.value),
        toPort: portOf(model, entryOf(rule, "ToPort")?.value),
      });
    }
  }
  return out;
}

/** All protocols (-1), or every TCP/UDP port. */
export function coversAllTraffic(rule: IngressRule): boolean {
  if (rule.protocol === "-1" || rule.protocol === "all") return true;
  if (rule.protocol === UNKNOWN) return false;
  const from = rule.fromPort;
  const to = rule.toPort;
  if (from === UNKNOWN || to === UNKNOWN) return false;
  return (from === undefined || from <= 0 || from === -1) && (to === undefined || to >= 65535 || to === -1);
}

/** Whether a TCP rule (or all protocols) admits `port`; unknown ports admit nothing. */
export function admitsPort(rule: IngressRule, port: number): boolean {
  if (rule.protocol === "-1" || rule.protocol === "all") return true;
  if (rule.protocol !== "tcp" && rule.protocol !== "6") return false;
  const from = rule.fromPort;
  const to = rule.toPort;
  if (from === UNKNOWN || to === UNKNOWN || from === undefined) return false;
  return from <= port && port <= (to ?? from);
}

export { lookup };
