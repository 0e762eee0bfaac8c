import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const appServiceDetailedErrorsNotLogged = aliasedSettingRule(
  {
    id: "terraform/app-service-detailed-errors-not-logged",
    analyzer: "terraform",
    title: "App Service does not log detailed error messages",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An App Service has no `logs` block, or one whose `detailed_error_messages` (legacy `detailed_error_messages_enabled`) is unset or false.",
      whyItMatters:
        "Failed requests leave no detail to investigate errors, probing or an attack that triggers them.",
      remediation:
        "Add `logs { detailed_error_messages = true }` (kept on the server, not shown to clients).",
      example:
        'resource "azurerm_linux_web_app" "api" {\n  logs {\n    detailed_error_messages = true\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/troubleshoot-diagnostic-logs"],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    path: ["logs"],
    attribute: "detailed_error_messages",
    aliases: ["detailed_error_messages_enabled"],
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not log detailed error messages",
  },
);
