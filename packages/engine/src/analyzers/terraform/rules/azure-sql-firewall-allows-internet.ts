import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const azureSqlFirewallAllowsInternet: FileRule<TerraformModel> = {
  id: "terraform/azure-sql-firewall-allows-internet",
  analyzer: "terraform",
  title: "Azure database firewall rule admits the whole internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-04"],
  docs: {
    summary:
      "An `azurerm_mssql_firewall_rule`, `azurerm_sql_firewall_rule`, `azurerm_postgresql_firewall_rule`, " +
      "`azurerm_postgresql_flexible_server_firewall_rule`, `azurerm_mysql_firewall_rule` or " +
      "`azurerm_mysql_flexible_server_firewall_rule` spans `0.0.0.0` to `255.255.255.255`.",
    whyItMatters:
      "Every address on the internet can reach the database endpoint; only the password stands in the way.",
    remediation:
      'Admit specific ranges or use private endpoints. The special rule `0.0.0.0`–`0.0.0.0` ("allow Azure ' +
      'services") is a different, narrower setting and is not flagged here.',
    example:
      'resource "azurerm_mssql_firewall_rule" "office" {\n  start_ip_address = "203.0.113.0"\n  end_ip_address   = "203.0.113.255"\n}',
    references: ["https://learn.microsoft.com/azure/azure-sql/database/firewall-configure"],
  },
  check(ctx) {
    const rules = resources(
      ctx.model,
      "azurerm_mssql_firewall_rule",
      "azurerm_sql_firewall_rule",
      "azurerm_postgresql_firewall_rule",
      "azurerm_postgresql_flexible_server_firewall_rule",
      "azurerm_mysql_firewall_rule",
      "azurerm_mysql_flexible_server_firewall_rule",
      "azurerm_mariadb_firewall_rule",
    );
    for (const rule of rules) {
      const start = setting(ctx.model, rule, "start_ip_address");
      const end = setting(ctx.model, rule, "end_ip_address");
      if (start.state !== "known" || end.state !== "known") continue;
      if (start.value !== "0.0.0.0" || end.value !== "255.255.255.255") continue;
      ctx.report({ message: `${addressOf(rule)} admits every IPv4 address`, at: at(end.attribute.span) });
    }
  },
};
