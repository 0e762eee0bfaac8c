import { judge, settingRule } from "../checks.ts";

export const sagemakerNotebookDirectInternet = settingRule(
  {
    id: "terraform/sagemaker-notebook-direct-internet",
    analyzer: "terraform",
    title: "SageMaker notebook with direct internet access",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "An `aws_sagemaker_notebook_instance` leaves `direct_internet_access` at `Enabled` (the default).",
      whyItMatters:
        "The notebook then reaches the internet outside the VPC's controls, so data can leave and code can be fetched without passing any egress filter.",
      remediation:
        'Set `direct_internet_access = "Disabled"` with a `subnet_id` and route egress through the VPC.',
      example:
        'resource "aws_sagemaker_notebook_instance" "lab" {\n  subnet_id              = aws_subnet.private.id\n  direct_internet_access = "Disabled"\n}',
    },
  },
  {
    types: ["aws_sagemaker_notebook_instance"],
    attribute: "direct_internet_access",
    judge: judge.oneOf("Disabled"),
    whenMissing: "unsafe",
    problem: "has direct internet access",
    fixValue: '"Disabled"',
  },
);
