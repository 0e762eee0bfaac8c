import { judge, settingRule } from "../checks.ts";

export const dataFactoryPublicNetworkAccess = settingRule(
  {
    id: "terraform/data-factory-public-network-access",
    analyzer: "terraform",
    title: "Data Factory reachable from public networks",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `azurerm_data_factory` leaves `public_network_enabled` unset (default true) or true.",
      whyItMatters:
        "The factory's authoring and integration runtime endpoints accept connections from the internet; pipelines hold credentials to many data stores.",
      remediation:
        "Set `public_network_enabled = false` and use private endpoints and a managed virtual network.",
      example: 'resource "azurerm_data_factory" "main" {\n  public_network_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/data-factory/data-factory-private-link"],
    },
  },
  {
    types: ["azurerm_data_factory"],
    attribute: "public_network_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts connections from public networks",
    fixValue: "false",
  },
);
