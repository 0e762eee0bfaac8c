import { judge, settingRule } from "../checks.ts";

export const appServiceHttp2Disabled = settingRule(
  {
    id: "terraform/app-service-http2-disabled",
    analyzer: "terraform",
    title: "App Service without HTTP/2",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [757],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An App Service leaves `site_config { http2_enabled }` unset (default false) or false.",
      whyItMatters:
        "HTTP/2 on App Service requires TLS and modern cipher suites and fixes head-of-line weaknesses of HTTP/1.1; staying on HTTP/1.1 keeps older, weaker negotiation.",
      remediation: "Set `site_config { http2_enabled = true }`.",
      example: 'resource "azurerm_linux_web_app" "api" {\n  site_config {\n    http2_enabled = true\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/app-service/configure-common#configure-general-settings",
      ],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    path: ["site_config"],
    attribute: "http2_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enable HTTP/2",
    fixValue: "true",
  },
);
