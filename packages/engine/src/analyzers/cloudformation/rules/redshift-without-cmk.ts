import { childOf } from "../../../parse/yaml-tree.ts";
import { redshiftWithoutCmk as terraformRule } from "../../terraform/rules/redshift-without-cmk.ts";
import { booleanOf } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const redshiftWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An encrypted `AWS::Redshift::Cluster` has no `KmsKeyId`, or names an `alias/aws/…` key.",
      remediation:
        "Set `KmsKeyId` to a customer-managed key. Unencrypted clusters are reported by `unencrypted-redshift-cluster`.",
      example:
        "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    Encrypted: true\n    KmsKeyId: !Ref WarehouseKey",
    },
  }),
  {
    types: ["AWS::Redshift::Cluster"],
    path: ["KmsKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) => booleanOf(model, childOf(resource.properties, "Encrypted")) !== true,
  },
);
