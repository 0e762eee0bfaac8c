import { describe, expect, it } from "vitest";
import { kubernetesRules } from "../analyzers/kubernetes/rules/index.ts";
import { settingCheckOf } from "../analyzers/terraform/checks.ts";
import { terraformProjectRules, terraformRules } from "../analyzers/terraform/rules/index.ts";
import { CODE_RULE_WATCHES, isSecurityType, securitySetting } from "./security-settings.ts";

const rules = [...terraformRules, ...terraformProjectRules, ...kubernetesRules];

describe("the security settings catalogue", () => {
  it("knows what every Terraform and Kubernetes rule reads, and names only real rules", () => {
    const uncovered = rules
      .filter((rule) => !settingCheckOf(rule) && !CODE_RULE_WATCHES[rule.id])
      .map((rule) => rule.id);
    expect(uncovered).toEqual([]);
    const ids = new Set(rules.map((rule) => rule.id));
    expect(Object.keys(CODE_RULE_WATCHES).filter((id) => !ids.has(id))).toEqual([]);
    // a settingRule's own setting needs no entry
    expect(
      Object.keys(CODE_RULE_WATCHES).filter((id) => settingCheckOf(rules.find((rule) => rule.id === id)!)),
    ).toEqual([]);
  });

  it("ranks a setting by the most severe rule that checks it, through list indexes and whole blocks", () => {
    expect(securitySetting("terraform", "aws_kms_key", "enable_key_rotation")).toEqual({
      severity: "med",
      rules: ["terraform/kms-key-rotation-disabled"],
    });
    expect(securitySetting("terraform", "aws_instance", "root_block_device.0.encrypted")?.severity).toBe(
      "high",
    );
    expect(securitySetting("terraform", "aws_instance", "root_block_device")?.severity).toBe("high");
    expect(securitySetting("terraform", "aws_instance", "instance_type")).toBeUndefined();
    expect(securitySetting("terraform", "aws_s3_bucket", "tags.Owner")).toBeUndefined();
    expect(isSecurityType("terraform", "aws_kms_key")).toBe(true);
    expect(isSecurityType("terraform", "aws_route53_record")).toBe(false);
  });

  it("finds Kubernetes pod and container settings under every workload's pod template", () => {
    const privileged = securitySetting(
      "kubernetes",
      "batch/v1/CronJob",
      "spec.jobTemplate.spec.template.spec.initContainers.1.securityContext.privileged",
    );
    expect(privileged?.severity).toBe("critical");
    expect(privileged?.rules).toContain("kubernetes/privileged-container");
    expect(securitySetting("kubernetes", "v1/Pod", "spec.hostPID")?.rules).toEqual(["kubernetes/host-pid"]);
    expect(
      securitySetting("kubernetes", "apps/v1/Deployment", "spec.template.spec.securityContext.runAsNonRoot")
        ?.severity,
    ).toBe("high");
    expect(
      securitySetting("kubernetes", "rbac.authorization.k8s.io/v1/Role", "rules.0.verbs")?.severity,
    ).toBe("high");
    expect(securitySetting("kubernetes", "apps/v1/Deployment", "spec.replicas")).toBeUndefined();
  });
});
