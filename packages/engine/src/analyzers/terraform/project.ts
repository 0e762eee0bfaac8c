// Joins of the project phase: which buckets (or VPCs) of a module have a companion resource that
// configures them, wherever in the module's files it is declared.
import type { ProjectRuleContext } from "../../rule.ts";
import type { BucketSummary, CompanionKind, Located, Target, TerraformSummary } from "./summary.ts";

export interface BucketInModule {
  path: string;
  dir: string;
  bucket: BucketSummary;
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
      const module = ctx.files.filter((other) => other.summary.dir === file.summary.dir);
      const covered = module.some((other) =>
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
  return ctx.files.some(
    (file) =>
      file.summary.dir === entry.dir &&
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
