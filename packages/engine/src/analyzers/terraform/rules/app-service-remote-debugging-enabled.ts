import { judge, settingRule } from "../checks.ts";

export const appServiceRemoteDebuggingEnabled = settingRule(
  {
    id: "terraform/app-service-remote-debugging-enabled",
    analyzer: "terraform",
    title: "App Service with remote debugging turned on",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [489],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An App Service or Function App sets `site_config { remote_debugging_enabled = true }`.",
      whyItMatters:
        "Remote debugging opens extra ports and lets whoever can attach run code and read memory of the live application.",
      remediation:
        "Set `remote_debugging_enabled = false` (the default); debug in a separate slot or locally.",
      example:
        'resource "azurerm_linux_web_app" "api" {\n  site_config {\n    remote_debugging_enabled = false\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/configure-common"],
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
    attribute: "remote_debugging_enabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "allows remote debugging",
    fixValue: "false",
  },
);
