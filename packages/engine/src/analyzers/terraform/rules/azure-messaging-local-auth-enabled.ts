import { judge, settingRule } from "../checks.ts";

export const azureMessagingLocalAuthEnabled = settingRule(
  {
    id: "terraform/azure-messaging-local-auth-enabled",
    analyzer: "terraform",
    title: "Event Hubs or Service Bus namespace accepts SAS keys",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_eventhub_namespace` or `azurerm_servicebus_namespace` leaves `local_auth_enabled` unset (default true) or true.",
      whyItMatters:
        "Shared access keys are long-lived secrets without identity; a leaked connection string lets anyone send or read messages.",
      remediation: "Set `local_auth_enabled = false` and authorize clients with Entra ID roles.",
      example: 'resource "azurerm_eventhub_namespace" "events" {\n  local_auth_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/event-hubs/authorize-access-event-hubs#disable-local-or-sas-key-authentication",
      ],
    },
  },
  {
    types: ["azurerm_eventhub_namespace", "azurerm_servicebus_namespace"],
    attribute: "local_auth_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts shared access keys",
    fixValue: "false",
  },
);
