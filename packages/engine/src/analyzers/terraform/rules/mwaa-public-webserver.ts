import { judge, settingRule } from "../checks.ts";

export const mwaaPublicWebserver = settingRule(
  {
    id: "terraform/mwaa-public-webserver",
    analyzer: "terraform",
    title: "MWAA (Airflow) web server reachable from the internet",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: 'An `aws_mwaa_environment` sets `webserver_access_mode = "PUBLIC_ONLY"`.',
      whyItMatters:
        "The Airflow UI, which can trigger every DAG and read its connections, is then reachable from the internet behind a sign-in.",
      remediation: 'Set `webserver_access_mode = "PRIVATE_ONLY"` (the default).',
      example: 'resource "aws_mwaa_environment" "airflow" {\n  webserver_access_mode = "PRIVATE_ONLY"\n}',
    },
  },
  {
    types: ["aws_mwaa_environment"],
    attribute: "webserver_access_mode",
    judge: judge.noneOf("PUBLIC_ONLY"),
    whenMissing: "safe",
    problem: "exposes the Airflow web server to the internet",
    fixValue: '"PRIVATE_ONLY"',
  },
);
