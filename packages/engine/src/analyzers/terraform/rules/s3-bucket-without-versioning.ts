import type { ProjectRule } from "../../../rule.ts";
import { bucketsWithout, locatedAt } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const s3BucketWithoutVersioning: ProjectRule<TerraformSummary> = {
  id: "terraform/s3-bucket-without-versioning",
  analyzer: "terraform",
  title: "S3 bucket without versioning",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  controls: ["IAC-BAK-02"],
  docs: {
    summary:
      "An `aws_s3_bucket` has neither an inline `versioning { enabled = true }` nor an " +
      "`aws_s3_bucket_versioning` with status `Enabled` referencing it anywhere in its module.",
    whyItMatters:
      "An overwrite or delete (a bug, ransomware with stolen keys, a wrong sync) destroys the only copy of " +
      "the object.",
    remediation:
      'Add `aws_s3_bucket_versioning` with `versioning_configuration { status = "Enabled" }` and a lifecycle ' +
      "rule that expires old versions.",
    example:
      'resource "aws_s3_bucket_versioning" "data" {\n  bucket = aws_s3_bucket.data.id\n  versioning_configuration {\n    status = "Enabled"\n  }\n}',
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/Versioning.html"],
  },
  check(ctx) {
    for (const entry of bucketsWithout(ctx, "versioning", (bucket) => bucket.inlineVersioning)) {
      ctx.report({
        path: entry.path,
        message: `aws_s3_bucket.${entry.bucket.name} does not keep object versions`,
        at: locatedAt(entry.bucket),
      });
    }
  },
};
