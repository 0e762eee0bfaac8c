// CloudFormation and SAM templates (YAML with short-form intrinsic tags, or JSON): one positioned
// resource model per template, rules that resolve parameters and never flag what they cannot know.
import { defineAnalyzer } from "../../analyzer.ts";
import { type CfnModel, parseCloudFormation } from "./model.ts";
import { cloudformationRules } from "./rules/index.ts";

export const cloudformationAnalyzer = defineAnalyzer<CfnModel>({
  id: "cloudformation",
  title: "AWS CloudFormation",
  description:
    "Parses CloudFormation and SAM templates in YAML (with `!Ref`, `!Sub`, `!GetAtt` and the other short-form tags) or JSON into resources with positioned properties, resolves `!Ref` to parameter defaults, and checks storage, database, network, IAM, KMS, logging and TLS settings.",
  accepts: ["cloudformation"],
  parse: parseCloudFormation,
  rules: cloudformationRules,
});
