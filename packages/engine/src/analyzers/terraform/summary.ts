// What one file contributes to the cross-file rules: plain data (it crosses a worker boundary).
// Terraform joins resources within a module, i.e. one directory, so every item carries its folder.
import type { SourceFile } from "../../source.ts";
import { children, resources, setting } from "./checks.ts";
import { asBoolean, type Value } from "./evaluate.ts";
import type { Block, Expr, TerraformModel } from "./model.ts";

/** How a companion resource names the resource it configures. */
export interface Target {
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
  inlineVersioning: boolean;
  inlineLogging: boolean;
}

export type CompanionKind = "encryption" | "versioning" | "logging" | "public-access-block";

export interface CompanionSummary {
  kind: CompanionKind;
  target: Target;
  /** For logging: where the logs go (a log bucket does not need its own access log). */
  logTarget?: Target;
  /** False when the companion exists but turns the feature off (versioning Suspended). */
  effective: boolean;
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
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Reads `aws_s3_bucket.x.id` / `.bucket` / `.arn`, or a literal name. */
export function targetOf(model: TerraformModel, expr: Expr | undefined, type: string): Target {
  if (!expr) return { unknown: true };
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
  return {
    dir: dirOf(file.path),
    buckets,
    companions,
    accountPublicAccessBlock: resources(model, "aws_s3_account_public_access_block").length > 0,
    vpcs,
    flowLogTargets,
  };
}
