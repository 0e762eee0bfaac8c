// Joins of the project phase: which buckets (or VPCs) of a module have a companion resource that
// configures them, wherever in the module's files it is declared.
import type { ProjectRuleContext } from "../../rule.ts";
import {
  type BucketSummary,
  type CompanionKind,
  JOINS,
  type Join,
  type JoinId,
  type JoinSummary,
  type Located,
  type Target,
  type TerraformSummary,
} from "./summary.ts";

export interface BucketInModule {
  path: string;
  dir: string;
  bucket: BucketSummary;
}

type ProjectFile = ProjectRuleContext<TerraformSummary>["files"][number];

const modules = new WeakMap<readonly ProjectFile[], Map<string, ProjectFile[]>>();

/**
 * The files of a module (a folder), grouped once per project phase: every bucket and VPC asks for
 * its module, and filtering all files each time made the phase quadratic in the number of files.
 */
export function moduleOf(ctx: ProjectRuleContext<TerraformSummary>, dir: string): readonly ProjectFile[] {
  let byDir = modules.get(ctx.files);
  if (!byDir) {
    byDir = new Map();
    for (const file of ctx.files) {
      const files = byDir.get(file.summary.dir);
      if (files) files.push(file);
      else byDir.set(file.summary.dir, [file]);
    }
    modules.set(ctx.files, byDir);
  }
  return byDir.get(dir) ?? [];
}

/**
 * Resources (`type.name`) handed to a `module` call anywhere in the module: the called module may
 * create their companion (a flow log, a bucket's logging), which this scan cannot see.
 */
export function handedToModules(ctx: ProjectRuleContext<TerraformSummary>, dir: string): ReadonlySet<string> {
  let byDir = handedByDir.get(ctx.files);
  if (!byDir) {
    byDir = new Map();
    handedByDir.set(ctx.files, byDir);
  }
  let handed = byDir.get(dir);
  if (!handed) {
    handed = new Set(
      moduleOf(ctx, dir).flatMap((file) =>
        (file.summary.moduleInputs ?? []).map((input) => `${input.type}.${input.name}`),
      ),
    );
    byDir.set(dir, handed);
  }
  return handed;
}

const handedByDir = new WeakMap<readonly ProjectFile[], Map<string, ReadonlySet<string>>>();

function matches(target: Target, name: string, bucketName: string | undefined, type?: string): boolean {
  if (target.reference !== undefined)
    return (
      target.reference === name && (target.type === undefined || type === undefined || target.type === type)
    );
  return target.literal !== undefined && bucketName !== undefined && target.literal === bucketName;
}

/**
 * Buckets that no companion of `kind` configures. A companion whose target we cannot follow
 * (a variable, a module output) might configure any bucket of its module, so it silences them all;
 * a bucket handed to a module call may be configured by that module.
 */
export function bucketsWithout(
  ctx: ProjectRuleContext<TerraformSummary>,
  kind: CompanionKind,
  inline: (bucket: BucketSummary) => boolean,
): BucketInModule[] {
  const out: BucketInModule[] = [];
  for (const file of ctx.files) {
    for (const bucket of file.summary.buckets) {
      if (inline(bucket)) continue;
      if (handedToModules(ctx, file.summary.dir).has(`aws_s3_bucket.${bucket.name}`)) continue;
      const covered = moduleOf(ctx, file.summary.dir).some((other) =>
        other.summary.companions.some(
          (companion) =>
            companion.kind === kind &&
            (companion.target.unknown ||
              (companion.effective && matches(companion.target, bucket.name, bucket.bucketName))),
        ),
      );
      if (!covered) out.push({ path: file.path, dir: file.summary.dir, bucket });
    }
  }
  return out;
}

/** True when the bucket receives another bucket's access logs (a log bucket). */
export function isLogBucket(ctx: ProjectRuleContext<TerraformSummary>, entry: BucketInModule): boolean {
  return moduleOf(ctx, entry.dir).some((file) =>
    file.summary.companions.some(
      (companion) =>
        companion.kind === "logging" &&
        companion.logTarget !== undefined &&
        (companion.logTarget.unknown ||
          matches(companion.logTarget, entry.bucket.name, entry.bucket.bucketName)),
    ),
  );
}

export function locatedAt(item: Located): { line: number; column: number } {
  return { line: item.line, column: item.column };
}

/**
 * For a join `through` another resource, replaces each companion's target (a resource in between) by
 * what that resource names; one that is not declared in the module cannot be followed (unknown).
 */
function throughLinks(
  targets: Target[],
  links: { name: string; targets: Target[] }[],
  join: Join | undefined,
): Target[] {
  if (!join?.through) return targets;
  const byName = new Map<string, Target[]>();
  for (const link of links) byName.set(link.name, [...(byName.get(link.name) ?? []), ...link.targets]);
  return targets.flatMap((target) => {
    if (target.reference === undefined) return [target];
    return byName.get(target.reference) ?? [{ unknown: true }];
  });
}

/**
 * Resources of a join (see JOINS in summary.ts) that no companion in their module names. A companion
 * whose target cannot be followed silences the join for the whole module, as for buckets; a resource
 * handed to a `module` call is not reported either, since that module may create its companion.
 */
export function unjoined(
  ctx: ProjectRuleContext<TerraformSummary>,
  id: JoinId,
): { path: string; resource: JoinSummary["resources"][number] }[] {
  const out: { path: string; resource: JoinSummary["resources"][number] }[] = [];
  for (const file of ctx.files) {
    const own = file.summary.joins?.[id];
    if (!own || own.resources.length === 0) continue;
    const module = moduleOf(ctx, file.summary.dir);
    const targets = throughLinks(
      module.flatMap((other) => other.summary.joins?.[id]?.targets ?? []),
      module.flatMap((other) => other.summary.joins?.[id]?.links ?? []),
      JOINS.find((join) => join.id === id) as Join | undefined,
    );
    // A literal that names no resource of the module may be an ID or ARN of one: cannot tell which.
    const names = new Set(
      module.flatMap((other) => other.summary.joins?.[id]?.resources.map((item) => item.literalName) ?? []),
    );
    const opaque = (target: Target) => target.literal !== undefined && !names.has(target.literal);
    if (targets.some((target) => target.unknown || opaque(target))) continue;
    const handed = handedToModules(ctx, file.summary.dir);
    for (const resource of own.resources) {
      if (handed.has(`${resource.type}.${resource.name}`)) continue;
      if (targets.some((target) => matches(target, resource.name, resource.literalName, resource.type)))
        continue;
      out.push({ path: file.path, resource });
    }
  }
  return out;
}
