import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const appServiceFailedRequestTracingDisabled = aliasedSettingRule(
  {
    id: "terraform/app-service-failed-request-tracing-disabled",
    analyzer: "terraform",
    title: "App Service without failed request tracing",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An App Service has no `logs` block, or one whose `failed_request_tracing` (legacy `failed_request_tracing_enabled`) is unset or false.",
      whyItMatters:
        "Failed requests are not traced; the path of an attack or outage through the application cannot be reconstructed.",
      remediation: "Add `logs { failed_request_tracing = true }`.",
      example:
        'resource "azurerm_windows_web_app" "api" {\n  logs {\n    failed_request_tracing = true\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/troubleshoot-diagnostic-logs"],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    path: ["logs"],
    attribute: "failed_request_tracing",
    aliases: ["failed_request_tracing_enabled"],
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not trace failed requests",
  },
);
