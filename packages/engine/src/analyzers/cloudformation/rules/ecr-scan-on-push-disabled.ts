import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const ecrScanOnPushDisabled = defineFileRule<CfnModel>({
  id: "cloudformation/ecr-scan-on-push-disabled",
  analyzer: "cloudformation",
  title: "ECR repository does not scan images on push",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [1104],
  controls: [],
  fixable: true,
  docs: {
    summary: "An `AWS::ECR::Repository` leaves `ImageScanningConfiguration.ScanOnPush` unset or false.",
    whyItMatters: "Images with known vulnerabilities are pushed and deployed without anyone being told.",
    remediation:
      "Set `ScanOnPush: true`, or turn on enhanced scanning at registry level (`AWS::ECR::RegistryScanningConfiguration`), which supersedes this setting; suppress the finding with that reason.",
    example:
      "Repository:\n  Type: AWS::ECR::Repository\n  Properties:\n    ImageScanningConfiguration:\n      ScanOnPush: true",
    references: ["https://docs.aws.amazon.com/AmazonECR/latest/userguide/image-scanning.html"],
  },
  check(ctx) {
    if (ctx.model.resources.some((resource) => resource.type === "AWS::ECR::RegistryScanningConfiguration"))
      return;
    for (const resource of resourcesOfType(ctx.model, "AWS::ECR::Repository")) {
      expectBoolean(ctx, resource, {
        path: ["ImageScanningConfiguration", "ScanOnPush"],
        want: true,
        absentIsUnsafe: true,
        missing: "images are not scanned on push",
        wrong: "ScanOnPush is false",
        fix: true,
      });
    }
  },
});
