import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourceSpan, resourcesOfType, stringValue } from "../model.ts";

export const launchTemplateWithoutImdsv2 = defineFileRule<CfnModel>({
  id: "cloudformation/launch-template-without-imdsv2",
  analyzer: "cloudformation",
  title: "Launch template does not require IMDSv2",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [918],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "An `AWS::EC2::LaunchTemplate` does not set `MetadataOptions.HttpTokens: required`, so instances answer IMDSv1 requests.",
    whyItMatters:
      "IMDSv1 answers a plain GET; a server-side request forgery in any application on the instance returns the role's temporary credentials to the attacker.",
    remediation:
      "Set `MetadataOptions: { HttpTokens: required }`. Templates that turn the metadata endpoint off (`HttpEndpoint: disabled`) are not reported.",
    example:
      "LaunchTemplate:\n  Type: AWS::EC2::LaunchTemplate\n  Properties:\n    LaunchTemplateData:\n      MetadataOptions:\n        HttpTokens: required",
    references: ["https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/configuring-IMDS-new-instances.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::EC2::LaunchTemplate")) {
      const data = lookup(resource.properties, "LaunchTemplateData");
      if (data.state === "unknown") continue;
      const options = lookup(resource.properties, "LaunchTemplateData", "MetadataOptions");
      if (options.state === "unknown") continue;
      const endpoint = lookup(resource.properties, "LaunchTemplateData", "MetadataOptions", "HttpEndpoint");
      if (endpoint.state === "present" && stringValue(ctx.model, endpoint.entry.value) === "disabled")
        continue;
      const tokens = lookup(resource.properties, "LaunchTemplateData", "MetadataOptions", "HttpTokens");
      if (tokens.state === "unknown") continue;
      if (tokens.state === "absent") {
        const at =
          options.state === "present"
            ? keySpan(options.entry)
            : data.state === "present"
              ? keySpan(data.entry)
              : resourceSpan(resource);
        ctx.report({ message: `${resource.logicalId}: HttpTokens is not required; IMDSv1 stays on`, at });
        continue;
      }
      const value = stringValue(ctx.model, tokens.entry.value);
      if (value === undefined || value === "required") continue;
      ctx.report({
        message: `${resource.logicalId}: HttpTokens is ${value}; IMDSv1 stays on`,
        at: keySpan(tokens.entry),
      });
    }
  },
});
