import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const apiGatewayCacheUnencrypted = settingRule(
  {
    id: "terraform/api-gateway-cache-unencrypted",
    analyzer: "terraform",
    title: "API Gateway cache not encrypted",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_api_gateway_method_settings` turns caching on without `cache_data_encrypted = true`.",
      whyItMatters: "Cached responses, which may carry personal data and tokens, are stored unencrypted.",
      remediation: "Set `cache_data_encrypted = true` next to `caching_enabled = true`.",
      example:
        'resource "aws_api_gateway_method_settings" "all" {\n  settings {\n    caching_enabled      = true\n    cache_data_encrypted = true\n  }\n}',
    },
  },
  {
    types: ["aws_api_gateway_method_settings"],
    path: ["settings"],
    attribute: "cache_data_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "caches responses unencrypted",
    fixValue: "true",
    exempt: unlessEnabled("caching_enabled", ["settings"]),
  },
);
