import { aliasedSettingRule, DEFAULT_SERVICE_ACCOUNT } from "../checks-extra.ts";

export const cloudFunctionDefaultServiceAccount = aliasedSettingRule(
  {
    id: "terraform/cloud-function-default-service-account",
    analyzer: "terraform",
    title: "Cloud Function runs as a default service account",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [250],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A `google_cloudfunctions_function` has no `service_account_email` (it runs as the App Engine default account), or a `google_cloudfunctions2_function` has no `service_config { service_account_email }` (the Compute Engine default account), or names a default account.",
      whyItMatters:
        "Default service accounts hold Editor on the project; code execution in the function (a vulnerable dependency, an injection) becomes control of the project.",
      remediation:
        "Create a dedicated service account with only the roles the function needs and set `service_account_email`.",
      example:
        'resource "google_cloudfunctions_function" "api" {\n  service_account_email = google_service_account.api.email\n}',
      references: ["https://cloud.google.com/functions/docs/securing/function-identity"],
    },
  },
  [
    {
      types: ["google_cloudfunctions_function"],
      attribute: "service_account_email",
      aliases: [],
      judge: (value) =>
        typeof value !== "string" ? "unknown" : DEFAULT_SERVICE_ACCOUNT.test(value) ? "unsafe" : "safe",
      whenMissing: "unsafe",
      problem: "runs as a default service account",
    },
    {
      types: ["google_cloudfunctions2_function"],
      path: ["service_config"],
      attribute: "service_account_email",
      aliases: [],
      judge: (value) =>
        typeof value !== "string" ? "unknown" : DEFAULT_SERVICE_ACCOUNT.test(value) ? "unsafe" : "safe",
      whenMissing: "unsafe",
      problem: "runs as a default service account",
    },
  ],
);
