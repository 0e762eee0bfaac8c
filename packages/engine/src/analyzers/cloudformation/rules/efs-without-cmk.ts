import { childOf } from "../../../parse/yaml-tree.ts";
import { efsWithoutCmk as terraformRule } from "../../terraform/rules/efs-without-cmk.ts";
import { booleanOf } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const efsWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An encrypted `AWS::EFS::FileSystem` has no `KmsKeyId`, so it uses the AWS-managed key.",
      remediation:
        "Set `KmsKeyId` to a customer-managed key. Unencrypted file systems are reported by `unencrypted-efs-file-system`.",
      example:
        "Shared:\n  Type: AWS::EFS::FileSystem\n  Properties:\n    Encrypted: true\n    KmsKeyId: !Ref FilesKey",
    },
  }),
  {
    types: ["AWS::EFS::FileSystem"],
    path: ["KmsKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    // Only an encrypted file system can name a key; an unknown switch cannot be told.
    exempt: (model, resource) => booleanOf(model, childOf(resource.properties, "Encrypted")) !== true,
  },
);
