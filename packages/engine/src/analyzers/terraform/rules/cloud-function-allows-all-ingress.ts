import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const cloudFunctionAllowsAllIngress = aliasedSettingRule(
  {
    id: "terraform/cloud-function-allows-all-ingress",
    analyzer: "terraform",
    title: "Cloud Function accepts traffic from the internet",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'A `google_cloudfunctions_function` (or a 2nd gen `google_cloudfunctions2_function` in `service_config`) sets `ingress_settings = "ALLOW_ALL"`.',
      whyItMatters:
        "The function's URL is reachable from anywhere; only its own authentication stands between callers and the code.",
      remediation:
        "Use `ALLOW_INTERNAL_ONLY` or `ALLOW_INTERNAL_AND_GCLB` (behind a load balancer with Cloud Armor) unless the function is a public endpoint by design.",
      example:
        'resource "google_cloudfunctions_function" "worker" {\n  ingress_settings = "ALLOW_INTERNAL_ONLY"\n}',
      references: ["https://cloud.google.com/functions/docs/networking/network-settings"],
    },
  },
  [
    {
      types: ["google_cloudfunctions_function"],
      attribute: "ingress_settings",
      aliases: [],
      judge: judge.noneOf("ALLOW_ALL"),
      whenMissing: "safe",
      problem: "accepts traffic from the internet",
    },
    // 2nd gen functions keep it in service_config
    {
      types: ["google_cloudfunctions2_function"],
      path: ["service_config"],
      attribute: "ingress_settings",
      aliases: [],
      judge: judge.noneOf("ALLOW_ALL"),
      whenMissing: "safe",
      problem: "accepts traffic from the internet",
    },
  ],
);
