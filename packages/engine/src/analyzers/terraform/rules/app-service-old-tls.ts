import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const appServiceOldTls = aliasedSettingRule(
  {
    id: "terraform/app-service-old-tls",
    analyzer: "terraform",
    title: "App Service or Function App accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        'An App Service or Function App sets `site_config { minimum_tls_version = "1.0" | "1.1" }` (legacy `azurerm_app_service` / `azurerm_function_app`: `min_tls_version`).',
      whyItMatters: "Clients can negotiate deprecated TLS versions with known weaknesses.",
      remediation: 'Set `minimum_tls_version = "1.2"` (the default).',
      example:
        'resource "azurerm_linux_web_app" "api" {\n  site_config {\n    minimum_tls_version = "1.2"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/overview-tls"],
    },
  },
  {
    types: [
      "azurerm_app_service",
      "azurerm_linux_web_app",
      "azurerm_windows_web_app",
      "azurerm_function_app",
      "azurerm_linux_function_app",
      "azurerm_windows_function_app",
    ],
    path: ["site_config"],
    attribute: "minimum_tls_version",
    // the legacy azurerm_app_service and azurerm_function_app call it min_tls_version
    aliases: ["min_tls_version"],
    judge: judge.noneOf("1.0", "1.1"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"1.2"',
  },
);
