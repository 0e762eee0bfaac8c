import { requiredBlockRule } from "../checks-extra.ts";

export const appServiceWithoutHttpLogs = requiredBlockRule(
  {
    id: "terraform/app-service-without-http-logs",
    analyzer: "terraform",
    title: "App Service without HTTP logs",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An App Service has no `logs { http_logs { … } }`, so web server access is not logged.",
      whyItMatters:
        "Who called the application, from where and with what result is not recorded; intrusions and abuse cannot be investigated.",
      remediation:
        "Add `logs { http_logs { file_system { retention_in_days = 30, retention_in_mb = 35 } } }` or send them to Azure Monitor with a diagnostic setting.",
      example:
        'resource "azurerm_linux_web_app" "api" {\n  logs {\n    http_logs {\n      file_system {\n        retention_in_days = 30\n        retention_in_mb   = 35\n      }\n    }\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/app-service/troubleshoot-diagnostic-logs#enable-web-server-logging",
      ],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    path: ["logs", "http_logs"],
    problem: "does not log HTTP requests",
  },
);
