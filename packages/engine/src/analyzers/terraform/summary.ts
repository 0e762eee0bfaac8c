// What one file contributes to the cross-file rules: plain data (it crosses a worker boundary).
// Terraform joins resources within a module, i.e. one directory, so every item carries its folder.
import { folderOf, type SourceFile } from "../../source.ts";
import { children, referencesIn, resources, setting } from "./checks.ts";
import { asBoolean, evaluate, type Value } from "./evaluate.ts";
import type { Block, Expr, TerraformModel } from "./model.ts";

/** How a companion resource names the resource it configures. */
export interface Target {
  /** The referenced resource's type, when a join covers several (`azurerm_key_vault`, `azurerm_mssql_server`). */
  type?: string;
  /** `aws_s3_bucket.<name>` → name, when the companion references it. */
  reference?: string;
  /** A literal bucket name, matched against the bucket's `bucket` attribute. */
  literal?: string;
  /** Neither: a variable, a module output, anything we cannot follow. */
  unknown: boolean;
}

export interface Located {
  name: string;
  line: number;
  column: number;
}

export interface BucketSummary extends Located {
  /** The literal `bucket` name, if any. */
  bucketName?: string;
  /** Legacy inline configuration on the bucket resource itself. */
  inlineEncryption: boolean;
  /** Inline encryption with a KMS key (or one we cannot read, which is not held against it). */
  inlineKms: boolean;
  inlineVersioning: boolean;
  inlineLogging: boolean;
}

export type CompanionKind =
  | "encryption"
  | "kms-encryption"
  | "versioning"
  | "logging"
  | "public-access-block";

export interface CompanionSummary {
  kind: CompanionKind;
  target: Target;
  /** For logging: where the logs go (a log bucket does not need its own access log). */
  logTarget?: Target;
  /** False when the companion exists but turns the feature off (versioning Suspended). */
  effective: boolean;
}

/**
 * Resources that another resource of the module must configure (a secret and its rotation, a web
 * ACL and its logging configuration). One catalogue entry per join: the rules read them by `id`.
 */
export interface Join {
  id: string;
  /** The resource type (or types, for a companion that may name any of several) that needs a companion. */
  resource: string | readonly string[];
  /** The attribute holding a literal name a companion may use instead of a reference. */
  nameAttribute?: string;
  /**
   * Companion resource types and the attribute that names the resource. A companion that exists but
   * does not do the job (a diagnostic setting that sends no logs) is not `effective` and names nothing.
   */
  companions: readonly {
    type: string;
    attribute: string;
    effective?(model: TerraformModel, companion: Block): boolean;
  }[];
  /**
   * When companions name the resource through a resource in between (a vulnerability assessment names
   * an alert policy, which names its server): the intermediate type and the attribute that names the
   * resource. Companions then name resources of `through.type`, resolved across the module's files.
   */
  through?: { type: string; attribute: string };
  /** Resources the join does not apply to (a private hosted zone, a network load balancer). */
  exempt?(model: TerraformModel, resource: Block): boolean;
  /** The resource configures itself inline (a legacy nested block). */
  inline?(model: TerraformModel, resource: Block): boolean;
}

/** Azure resources whose logs only leave them through an `azurerm_monitor_diagnostic_setting`. */
const DIAGNOSED_TYPES = [
  "azurerm_key_vault",
  "azurerm_mssql_server",
  "azurerm_mssql_database",
  "azurerm_storage_account",
  "azurerm_network_security_group",
  "azurerm_linux_web_app",
  "azurerm_windows_web_app",
  "azurerm_app_service",
  "azurerm_linux_function_app",
  "azurerm_windows_function_app",
  "azurerm_kubernetes_cluster",
  "azurerm_application_gateway",
  "azurerm_firewall",
  "azurerm_container_registry",
  "azurerm_cosmosdb_account",
  "azurerm_eventhub_namespace",
  "azurerm_servicebus_namespace",
  "azurerm_api_management",
] as const;

export const JOINS = [
  {
    id: "secret-rotation",
    resource: "aws_secretsmanager_secret",
    nameAttribute: "name",
    companions: [{ type: "aws_secretsmanager_secret_rotation", attribute: "secret_id" }],
    inline: (_model, resource) => children(resource, "rotation_rules").length > 0,
  },
  {
    id: "waf-logging",
    resource: "aws_wafv2_web_acl",
    companions: [{ type: "aws_wafv2_web_acl_logging_configuration", attribute: "resource_arn" }],
  },
  {
    id: "alb-waf",
    resource: "aws_lb",
    nameAttribute: "name",
    companions: [
      { type: "aws_wafv2_web_acl_association", attribute: "resource_arn" },
      { type: "aws_wafregional_web_acl_association", attribute: "resource_arn" },
    ],
    // Only application load balancers take a web ACL; an unknown type cannot be told.
    exempt: (model, resource) => {
      const type = setting(model, resource, "load_balancer_type");
      if (type.state === "missing") return false;
      return !(type.state === "known" && type.value === "application");
    },
    inline: () => false,
  },
  {
    id: "redshift-logging",
    resource: "aws_redshift_cluster",
    nameAttribute: "cluster_identifier",
    companions: [{ type: "aws_redshift_logging", attribute: "cluster_identifier" }],
    inline: (model, resource) => {
      const logging = children(resource, "logging")[0];
      if (!logging) return false;
      const enable = setting(model, logging, "enable");
      return !(enable.state === "known" && isOff(enable.value));
    },
  },
  {
    id: "route53-query-logging",
    resource: "aws_route53_zone",
    nameAttribute: "name",
    companions: [{ type: "aws_route53_query_log", attribute: "zone_id" }],
    // Private zones log through Resolver query logging, not aws_route53_query_log.
    exempt: (_model, resource) => children(resource, "vpc").length > 0,
  },
  {
    id: "vpc-default-security-group",
    resource: "aws_vpc",
    companions: [{ type: "aws_default_security_group", attribute: "vpc_id" }],
  },
  {
    id: "api-gateway-stage-waf",
    resource: "aws_api_gateway_stage",
    companions: [
      { type: "aws_wafv2_web_acl_association", attribute: "resource_arn" },
      { type: "aws_wafregional_web_acl_association", attribute: "resource_arn" },
    ],
  },
  {
    id: "api-gateway-stage-method-settings",
    resource: "aws_api_gateway_stage",
    // Method settings name their stage by name (with the REST API's ID), not by ARN.
    nameAttribute: "stage_name",
    companions: [{ type: "aws_api_gateway_method_settings", attribute: "stage_name" }],
  },
  {
    id: "iam-user-group",
    resource: "aws_iam_user",
    nameAttribute: "name",
    companions: [
      { type: "aws_iam_user_group_membership", attribute: "user" },
      { type: "aws_iam_group_membership", attribute: "users" },
    ],
  },
  // Azure keeps most settings that matter for audit on resources of their own, naming their target by ID.
  {
    id: "azure-diagnostic-settings",
    resource: DIAGNOSED_TYPES,
    companions: [
      { type: "azurerm_monitor_diagnostic_setting", attribute: "target_resource_id", effective: sendsLogs },
    ],
  },
  {
    id: "azure-sql-auditing",
    resource: ["azurerm_mssql_server", "azurerm_sql_server"],
    companions: [
      {
        type: "azurerm_mssql_server_extended_auditing_policy",
        attribute: "server_id",
        effective: (model, policy) => !isOff(enabledOf(model, policy)),
      },
    ],
    // azurerm 2.x (and the legacy azurerm_sql_server) configure auditing in a nested block.
    inline: (model, server) =>
      children(server, "extended_auditing_policy").some(
        (policy) => policy.dynamic || !isOff(enabledOf(model, policy)),
      ),
  },
  {
    id: "azure-sql-threat-detection",
    resource: ["azurerm_mssql_server", "azurerm_sql_server"],
    // The alert policy names its server by name (with the resource group), not by ID.
    nameAttribute: "name",
    companions: [
      {
        type: "azurerm_mssql_server_security_alert_policy",
        attribute: "server_name",
        effective: (model, policy) => {
          const state = setting(model, policy, "state");
          return !(state.state === "known" && typeof state.value === "string" && state.value !== "Enabled");
        },
      },
    ],
    // The legacy azurerm_sql_server's nested block.
    inline: (model, server) =>
      children(server, "threat_detection_policy").some((policy) => {
        if (policy.dynamic) return true;
        const state = setting(model, policy, "state");
        return !(state.state === "known" && typeof state.value === "string" && state.value !== "Enabled");
      }),
  },
  {
    id: "azure-sql-entra-admin",
    resource: ["azurerm_mssql_server", "azurerm_sql_server"],
    nameAttribute: "name",
    // The legacy administrator resource names its server by name.
    companions: [{ type: "azurerm_sql_active_directory_administrator", attribute: "server_name" }],
    inline: (_model, server) => children(server, "azuread_administrator").length > 0,
  },
  {
    id: "cognitive-account-customer-managed-key",
    resource: "azurerm_cognitive_account",
    companions: [
      { type: "azurerm_cognitive_account_customer_managed_key", attribute: "cognitive_account_id" },
    ],
    inline: (_model, account) => children(account, "customer_managed_key").length > 0,
  },
  {
    id: "azure-sql-vulnerability-assessment",
    resource: ["azurerm_mssql_server", "azurerm_sql_server"],
    nameAttribute: "name",
    companions: [
      {
        type: "azurerm_mssql_server_vulnerability_assessment",
        attribute: "server_security_alert_policy_id",
      },
    ],
    through: { type: "azurerm_mssql_server_security_alert_policy", attribute: "server_name" },
  },
  {
    id: "azure-vm-backup",
    resource: ["azurerm_linux_virtual_machine", "azurerm_windows_virtual_machine", "azurerm_virtual_machine"],
    companions: [{ type: "azurerm_backup_protected_vm", attribute: "source_vm_id" }],
  },
  {
    id: "azure-storage-customer-managed-key",
    resource: "azurerm_storage_account",
    companions: [{ type: "azurerm_storage_account_customer_managed_key", attribute: "storage_account_id" }],
    inline: (_model, account) => children(account, "customer_managed_key").length > 0,
  },
] as const satisfies readonly Join[];

/** The types a join's companions name. */
export function joinTypes(join: Join): readonly string[] {
  return typeof join.resource === "string" ? [join.resource] : join.resource;
}

export type JoinId = (typeof JOINS)[number]["id"];

export interface JoinSummary {
  /** Resources of the join's type that neither configure themselves inline nor are exempt. */
  resources: (Located & { type: string; literalName?: string })[];
  /** What each companion names (for a join `through` another resource, resources of that type). */
  targets: Target[];
  /** For a join `through` another resource: what each resource of that type names. */
  links?: { name: string; targets: Target[] }[];
}

export interface TerraformSummary {
  /** The file's folder: the module that scopes references. */
  dir: string;
  buckets: BucketSummary[];
  companions: CompanionSummary[];
  /** `aws_s3_account_public_access_block`: covers every bucket of the account. */
  accountPublicAccessBlock: boolean;
  vpcs: Located[];
  flowLogTargets: Target[];
  joins: Partial<Record<JoinId, JoinSummary>>;
  /**
   * Resources that a `module` call of this file is given (`target = azurerm_key_vault.kv.id`): the
   * module may create their companion, which a scan of this module cannot see.
   */
  moduleInputs?: { type: string; name: string }[];
}

/** Reads `aws_s3_bucket.x.id` / `.bucket` / `.arn`, or a literal name. */
export function targetOf(model: TerraformModel, expr: Expr | undefined, type: string): Target {
  if (!expr) return { unknown: true };
  // `"${aws_s3_bucket.logs.id}"` (Terraform 0.11 style) names the same bucket as the bare reference.
  const [only, ...rest] = expr.kind === "template" ? expr.parts : [];
  if (only !== undefined && typeof only !== "string" && rest.length === 0) return targetOf(model, only, type);
  if (
    expr.kind === "reference" &&
    expr.path[0] === type &&
    expr.path[1] !== undefined &&
    expr.path[1] !== "*"
  ) {
    return { reference: expr.path[1], unknown: false };
  }
  if (expr.kind === "literal" && typeof expr.value === "string")
    return { literal: expr.value, unknown: false };
  void model;
  return { unknown: true };
}

/** Reference roots that are not resources: a companion naming its target through them cannot be followed. */
const NOT_RESOURCES = new Set([
  "var",
  "local",
  "module",
  "data",
  "each",
  "count",
  "path",
  "terraform",
  "self",
]);
const MAX_FOLLOW = 8;

/**
 * What a companion's attribute names among resources of `types`: every resource of those types it
 * may reference (both branches of a conditional, the items of a list, the argument of `format`), a
 * literal (a name or an ID), or unknown (a variable, a module output, a `for`). `local.x` is followed
 * in this file, and `each.value` through the companion's own `for_each`. References to resources of
 * other types name nothing this join is about.
 */
export function joinTargets(
  model: TerraformModel,
  companion: Block,
  expr: Expr | undefined,
  types: readonly string[],
  depth = 0,
): Target[] {
  if (!expr || depth > MAX_FOLLOW) return [{ unknown: true }];
  const value = evaluate(expr, model.scope);
  if (typeof value === "string") return [{ literal: value, unknown: false }];
  const follow = (inner: Expr | undefined) => joinTargets(model, companion, inner, types, depth + 1);
  switch (expr.kind) {
    case "reference": {
      const [root, name] = expr.path;
      if (root === "local" && name !== undefined && model.scope.locals.has(name))
        return follow(model.scope.locals.get(name));
      if (root === "each" && companion.attributes.has("for_each"))
        return follow(companion.attributes.get("for_each")?.value);
      if (root === undefined || NOT_RESOURCES.has(root)) return [{ unknown: true }];
      if (!types.includes(root)) return [];
      if (name === undefined || name === "*") return [{ unknown: true }];
      return [{ type: root, reference: name, unknown: false }];
    }
    case "template":
      return expr.parts.flatMap((part) => (typeof part === "string" ? [] : follow(part)));
    case "tuple":
      return expr.items.flatMap(follow);
    case "object":
      return expr.entries.flatMap((entry) => follow(entry.value));
    case "call":
      return expr.args.flatMap(follow);
    case "conditional":
      return [...follow(expr.whenTrue), ...follow(expr.whenFalse)];
    default:
      return [{ unknown: true }];
  }
}

/** Resources an expression references, following `local.x` of the file. */
function resourcesReferenced(
  model: TerraformModel,
  expr: Expr | undefined,
  depth = 0,
): { type: string; name: string }[] {
  if (!expr || depth > MAX_FOLLOW) return [];
  return referencesIn(expr).flatMap(([root, name]) => {
    if (root === undefined || name === undefined || name === "*") return [];
    if (root === "local") return resourcesReferenced(model, model.scope.locals.get(name), depth + 1);
    return NOT_RESOURCES.has(root) ? [] : [{ type: root, name }];
  });
}

/** A diagnostic setting that exports at least one log category (metrics alone are not an audit trail). */
function sendsLogs(model: TerraformModel, setting_: Block): boolean {
  return setting_.blocks.some(
    (child) =>
      child.type === "enabled_log" ||
      (child.type === "log" && (child.dynamic || !isOff(enabledOf(model, child)))),
  );
}

function enabledOf(model: TerraformModel, block: Block): Value | undefined {
  const enabled = setting(model, block, "enabled");
  return enabled.state === "known" ? enabled.value : undefined;
}

const KMS_ALGORITHMS = new Set(["aws:kms", "aws:kms:dsse"]);

/**
 * Whether an S3 encryption configuration (the bucket's legacy inline block or the separate resource)
 * uses KMS: false only when every default rule names a known non-KMS algorithm (`AES256`).
 */
function usesKms(model: TerraformModel, holder: Block): boolean {
  const rules = children(holder, "rule");
  if (rules.length === 0) return false;
  return rules.some((rule) => {
    if (rule.dynamic) return true;
    const defaults = children(rule, "apply_server_side_encryption_by_default")[0];
    if (!defaults) return false; // a rule without defaults only toggles bucket keys
    if (defaults.dynamic) return true;
    const algorithm = setting(model, defaults, "sse_algorithm");
    return (
      algorithm.state !== "known" ||
      (typeof algorithm.value === "string" && KMS_ALGORITHMS.has(algorithm.value))
    );
  });
}

function isOff(value: Value | undefined): boolean {
  return value !== undefined && asBoolean(value as Value) === false;
}

export function summarize(model: TerraformModel, file: SourceFile): TerraformSummary {
  const buckets: BucketSummary[] = [];
  for (const bucket of resources(model, "aws_s3_bucket")) {
    const name = setting(model, bucket, "bucket");
    const versioning = children(bucket, "versioning")[0];
    const versioningEnabled = versioning ? setting(model, versioning, "enabled") : undefined;
    buckets.push({
      name: bucket.labels[1] ?? "",
      line: bucket.span.line,
      column: bucket.span.column,
      ...(name.state === "known" && typeof name.value === "string" ? { bucketName: name.value } : {}),
      inlineEncryption: children(bucket, "server_side_encryption_configuration").length > 0,
      inlineKms: children(bucket, "server_side_encryption_configuration").some(
        (configuration) => configuration.dynamic || usesKms(model, configuration),
      ),
      inlineVersioning:
        versioning !== undefined && !(versioningEnabled?.state === "known" && isOff(versioningEnabled.value)),
      inlineLogging: children(bucket, "logging").length > 0,
    });
  }
  const companions: CompanionSummary[] = [];
  const companion = (type: string, kind: CompanionKind, effective: (block: Block) => boolean) => {
    for (const block of resources(model, type)) {
      companions.push({
        kind,
        target: targetOf(model, block.attributes.get("bucket")?.value, "aws_s3_bucket"),
        effective: effective(block),
        ...(kind === "logging"
          ? { logTarget: targetOf(model, block.attributes.get("target_bucket")?.value, "aws_s3_bucket") }
          : {}),
      });
    }
  };
  companion("aws_s3_bucket_server_side_encryption_configuration", "encryption", () => true);
  companion("aws_s3_bucket_server_side_encryption_configuration", "kms-encryption", (block) =>
    usesKms(model, block),
  );
  companion("aws_s3_bucket_logging", "logging", () => true);
  companion("aws_s3_bucket_public_access_block", "public-access-block", () => true);
  companion("aws_s3_bucket_versioning", "versioning", (block) => {
    const configuration = children(block, "versioning_configuration")[0];
    if (!configuration) return true;
    const status = setting(model, configuration, "status");
    return !(status.state === "known" && typeof status.value === "string" && status.value !== "Enabled");
  });
  // Inline `logging { target_bucket = … }` on a bucket also marks the target as a log bucket.
  for (const bucket of resources(model, "aws_s3_bucket")) {
    for (const logging of children(bucket, "logging")) {
      companions.push({
        kind: "logging",
        target: { reference: bucket.labels[1] ?? "", unknown: false },
        logTarget: targetOf(model, logging.attributes.get("target_bucket")?.value, "aws_s3_bucket"),
        effective: true,
      });
    }
  }
  const vpcs = resources(model, "aws_vpc").map((vpc) => ({
    name: vpc.labels[1] ?? "",
    line: vpc.span.line,
    column: vpc.span.column,
  }));
  const flowLogTargets = resources(model, "aws_flow_log")
    .filter((flow) => flow.attributes.has("vpc_id"))
    .map((flow) => targetOf(model, flow.attributes.get("vpc_id")?.value, "aws_vpc"));
  const joins: Partial<Record<JoinId, JoinSummary>> = {};
  for (const join of JOINS as readonly Join[]) {
    const summary: JoinSummary = { resources: [], targets: [] };
    const types = joinTypes(join);
    for (const resource of resources(model, ...types)) {
      if (join.exempt?.(model, resource) || join.inline?.(model, resource)) continue;
      const name = join.nameAttribute ? setting(model, resource, join.nameAttribute) : undefined;
      summary.resources.push({
        type: resource.labels[0] ?? "",
        name: resource.labels[1] ?? "",
        line: resource.span.line,
        column: resource.span.column,
        ...(name?.state === "known" && typeof name.value === "string" ? { literalName: name.value } : {}),
      });
    }
    const named = join.through ? [join.through.type] : types;
    for (const companion of join.companions) {
      for (const block of resources(model, companion.type)) {
        if (companion.effective && !companion.effective(model, block)) continue;
        summary.targets.push(
          ...joinTargets(model, block, block.attributes.get(companion.attribute)?.value, named),
        );
      }
    }
    if (join.through) {
      const { type, attribute } = join.through;
      summary.links = resources(model, type).map((block) => ({
        name: block.labels[1] ?? "",
        targets: joinTargets(model, block, block.attributes.get(attribute)?.value, types),
      }));
    }
    if (summary.resources.length > 0 || summary.targets.length > 0 || (summary.links?.length ?? 0) > 0)
      joins[join.id as JoinId] = summary;
  }
  return {
    dir: folderOf(file.path),
    buckets,
    companions,
    accountPublicAccessBlock: resources(model, "aws_s3_account_public_access_block").length > 0,
    vpcs,
    flowLogTargets,
    joins,
    moduleInputs: model.blocks
      .filter((block) => block.type === "module")
      .flatMap((block) =>
        [...block.attributes.values()].flatMap((item) => resourcesReferenced(model, item.value)),
      ),
  };
}
