import { childOf } from "../../../parse/yaml-tree.ts";
import { eksControlPlaneLoggingIncomplete as terraformRule } from "../../terraform/rules/eks-control-plane-logging-incomplete.ts";
import { itemsOf, stringValue, UNKNOWN } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

/** The control-plane logs an investigation needs: API calls, audit events and who authenticated. */
const REQUIRED = ["api", "audit", "authenticator"];

export const eksControlPlaneLoggingIncomplete = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::EKS::Cluster`'s `Logging.ClusterLogging.EnabledTypes` is unset or misses `api`, `audit` or `authenticator`.",
      remediation:
        "Set `Logging.ClusterLogging.EnabledTypes` to `[{Type: api}, {Type: audit}, {Type: authenticator}, {Type: controllerManager}, {Type: scheduler}]`.",
      example:
        "Cluster:\n  Type: AWS::EKS::Cluster\n  Properties:\n    Logging:\n      ClusterLogging:\n        EnabledTypes:\n          - Type: api\n          - Type: audit\n          - Type: authenticator",
    },
  }),
  {
    types: ["AWS::EKS::Cluster"],
    path: ["Logging", "ClusterLogging", "EnabledTypes"],
    judge: (model, enabled) => {
      const items = itemsOf(enabled);
      if (items === UNKNOWN) return "unknown";
      const types = items.map((item) => stringValue(model, childOf(item, "Type")));
      if (REQUIRED.every((type) => types.includes(type))) return "safe";
      return types.every((type) => type !== undefined) ? "unsafe" : "unknown";
    },
    whenMissing: "unsafe",
    problem: "does not log api, audit and authenticator events of the control plane",
  },
);
