import { judge, settingRule } from "../checks.ts";

export const appServiceAllowsHttp = settingRule(
  {
    id: "terraform/app-service-allows-http",
    analyzer: "terraform",
    title: "App Service or Function App accepts plain HTTP",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An App Service or Function App (`azurerm_linux_web_app`, `azurerm_windows_web_app`, `azurerm_*_function_app`, legacy `azurerm_app_service`) leaves `https_only` unset (default false) or false.",
      whyItMatters:
        "Requests and session cookies can travel in clear text and be read or altered on the path.",
      remediation: "Set `https_only = true`.",
      example: 'resource "azurerm_linux_web_app" "api" {\n  https_only = true\n}',
      references: ["https://learn.microsoft.com/azure/app-service/configure-ssl-bindings#enforce-https"],
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
    attribute: "https_only",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "accepts plain HTTP",
    fixValue: "true",
  },
);
