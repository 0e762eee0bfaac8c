import { judge, setting, settingRule } from "../checks.ts";

export const cloudFunctionHttpWithoutHttps = settingRule(
  {
    id: "terraform/cloud-function-http-without-https",
    analyzer: "terraform",
    title: "HTTP Cloud Function accepts plain HTTP",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_cloudfunctions_function` with `trigger_http = true` leaves `https_trigger_security_level` unset (the API then uses `SECURE_OPTIONAL`) or sets `SECURE_OPTIONAL`.",
      whyItMatters:
        "Requests, with their tokens and payloads, can reach the function over plain HTTP and be read or altered on the path.",
      remediation: 'Set `https_trigger_security_level = "SECURE_ALWAYS"`.',
      example:
        'resource "google_cloudfunctions_function" "api" {\n  trigger_http                 = true\n  https_trigger_security_level = "SECURE_ALWAYS"\n}',
      references: ["https://cloud.google.com/functions/docs/writing/http#security_levels"],
    },
  },
  {
    types: ["google_cloudfunctions_function"],
    attribute: "https_trigger_security_level",
    judge: judge.oneOf("SECURE_ALWAYS"),
    whenMissing: "unsafe",
    problem: "accepts plain HTTP",
    fixValue: '"SECURE_ALWAYS"',
    exempt: (model, resource) => {
      const http = setting(model, resource, "trigger_http");
      return !(http.state === "known" && http.value === true);
    },
  },
);
