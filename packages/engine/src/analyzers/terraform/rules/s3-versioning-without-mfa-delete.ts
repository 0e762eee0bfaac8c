import { judge, nested, setting, settingRule } from "../checks.ts";

export const s3VersioningWithoutMfaDelete = settingRule(
  {
    id: "terraform/s3-versioning-without-mfa-delete",
    analyzer: "terraform",
    title: "S3 versioning without MFA delete",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `aws_s3_bucket_versioning` (or a bucket's inline `versioning`) does not enable MFA delete.",
      whyItMatters:
        "Without MFA delete, whoever holds the bucket owner's credentials can suspend versioning and purge every old version, erasing the recovery path versioning was meant to give.",
      remediation:
        'Enable MFA delete (`mfa_delete = "Enabled"` with the root user\'s `mfa`), or protect the data with S3 Object Lock instead.',
      example:
        'resource "aws_s3_bucket_versioning" "data" {\n  versioning_configuration {\n    status     = "Enabled"\n    mfa_delete = "Enabled"\n  }\n}',
    },
  },
  {
    types: ["aws_s3_bucket_versioning"],
    path: ["versioning_configuration"],
    attribute: "mfa_delete",
    judge: judge.oneOf("Enabled"),
    whenMissing: "unsafe",
    problem: "does not require MFA to delete versions",
    exempt: (model, resource) => {
      const configuration = nested(resource, ["versioning_configuration"]);
      if (!configuration) return true;
      const status = setting(model, configuration, "status");
      return !(status.state === "known" && status.value === "Enabled");
    },
  },
);
