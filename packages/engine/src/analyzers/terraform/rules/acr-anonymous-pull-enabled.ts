import { judge, settingRule } from "../checks.ts";

export const acrAnonymousPullEnabled = settingRule(
  {
    id: "terraform/acr-anonymous-pull-enabled",
    analyzer: "terraform",
    title: "Azure Container Registry allows anonymous pull",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary: "An `azurerm_container_registry` sets `anonymous_pull_enabled = true`.",
      whyItMatters:
        "Anyone on the internet can pull every image, with the code, configuration and sometimes secrets baked into them.",
      remediation:
        "Set `anonymous_pull_enabled = false` (the default) unless the registry only publishes public images.",
      example: 'resource "azurerm_container_registry" "main" {\n  anonymous_pull_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/container-registry/anonymous-pull-access"],
    },
  },
  {
    types: ["azurerm_container_registry"],
    attribute: "anonymous_pull_enabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "allows anonymous pulls",
    fixValue: "false",
  },
);
