import { judge, settingRule } from "../checks.ts";

export const sagemakerNotebookRootAccess = settingRule(
  {
    id: "terraform/sagemaker-notebook-root-access",
    analyzer: "terraform",
    title: "SageMaker notebook users get root",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [250],
    controls: ["IAC-IAM-02"],
    docs: {
      summary: "An `aws_sagemaker_notebook_instance` leaves `root_access` at `Enabled` (the default).",
      whyItMatters:
        "Root on the notebook lets its users change the instance's software and reach the instance role's credentials unrestricted.",
      remediation: 'Set `root_access = "Disabled"`.',
      example: 'resource "aws_sagemaker_notebook_instance" "lab" {\n  root_access = "Disabled"\n}',
    },
  },
  {
    types: ["aws_sagemaker_notebook_instance"],
    attribute: "root_access",
    judge: judge.oneOf("Disabled"),
    whenMissing: "unsafe",
    problem: "gives its users root",
    fixValue: '"Disabled"',
  },
);
