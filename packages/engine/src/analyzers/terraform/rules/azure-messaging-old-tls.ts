import { judge, settingRule } from "../checks.ts";

export const azureMessagingOldTls = settingRule(
  {
    id: "terraform/azure-messaging-old-tls",
    analyzer: "terraform",
    title: "Event Hubs or Service Bus namespace accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        'An `azurerm_eventhub_namespace` or `azurerm_servicebus_namespace` sets `minimum_tls_version` to `"1.0"` or `"1.1"`.',
      whyItMatters: "TLS 1.0 and 1.1 have known weaknesses; clients can be downgraded to them.",
      remediation: 'Set `minimum_tls_version = "1.2"` (the default).',
      example: 'resource "azurerm_servicebus_namespace" "bus" {\n  minimum_tls_version = "1.2"\n}',
      references: [
        "https://learn.microsoft.com/azure/service-bus-messaging/transport-layer-security-configure-minimum-version",
      ],
    },
  },
  {
    types: ["azurerm_eventhub_namespace", "azurerm_servicebus_namespace"],
    attribute: "minimum_tls_version",
    judge: judge.noneOf("1.0", "1.1"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"1.2"',
  },
);
