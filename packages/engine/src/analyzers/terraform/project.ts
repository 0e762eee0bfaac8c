// Joins of the project phase: which buckets (or VPCs) of a module have a companion resource that
// configures them, wherever in the module's files it is declared.
import type { ProjectRuleContext } from "../../rule.ts";
import type { BucketSummary, CompanionKind, Located, Target, TerraformSummary } from "./summary.ts";

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

function matches(target: Target, name: string, bucketName: string | undefined): boolean {
  if (target.reference !== undefined) return target.reference === name;
  return target.literal !== undefined && bucketName !== undefined && target.literal === bucketName;
}

/**
 * Buckets that no companion of `kind` configures. A companion whose target we cannot follow
 * (a variable, a module output) might configure any bucket of its module, so it silences them all.
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
