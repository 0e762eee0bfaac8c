import { ecrWithoutCmk as terraformRule } from "../../terraform/rules/ecr-without-cmk.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const ecrWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ECR::Repository` has no `EncryptionConfiguration.EncryptionType: KMS` (the default is AES256 with an AWS-owned key).",
      remediation: "Add `EncryptionConfiguration: { EncryptionType: KMS, KmsKey: <customer-managed key> }`.",
      example:
        "Repository:\n  Type: AWS::ECR::Repository\n  Properties:\n    EncryptionConfiguration:\n      EncryptionType: KMS\n      KmsKey: !Ref RegistryKey",
    },
  }),
  {
    types: ["AWS::ECR::Repository"],
    path: ["EncryptionConfiguration", "EncryptionType"],
    judge: is.oneOf("KMS", "KMS_DSSE"),
    whenMissing: "unsafe",
    problem: "is not encrypted with a KMS key",
  },
);
