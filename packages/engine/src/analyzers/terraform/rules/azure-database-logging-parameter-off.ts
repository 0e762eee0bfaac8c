import { flagIs, serverParameterRule } from "../checks-extra.ts";

export const azureDatabaseLoggingParameterOff = serverParameterRule(
  {
    id: "terraform/azure-database-logging-parameter-off",
    analyzer: "terraform",
    title: "Azure Database for PostgreSQL server parameter turns logging off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_postgresql_configuration` or `azurerm_postgresql_flexible_server_configuration` sets `log_checkpoints`, " +
        "`log_connections`, `log_disconnections` or `connection_throttling` to `off`.",
      whyItMatters:
        "Connection attempts, session ends and checkpoints are no longer logged (or brute force no longer throttled): " +
        "password guessing and unusual sessions go unseen.",
      remediation:
        "Set the parameter's `value` to `on` (or remove the resource to keep the service default).",
      example:
        'resource "azurerm_postgresql_flexible_server_configuration" "log_connections" {\n  name      = "log_connections"\n  server_id = azurerm_postgresql_flexible_server.db.id\n  value     = "on"\n}',
      references: ["https://learn.microsoft.com/azure/postgresql/flexible-server/concepts-logging"],
    },
  },
  {
    types: ["azurerm_postgresql_configuration", "azurerm_postgresql_flexible_server_configuration"],
    parameters: {
      log_checkpoints: flagIs("on"),
      log_connections: flagIs("on"),
      log_disconnections: flagIs("on"),
      connection_throttling: flagIs("on"),
    },
    problem: "turns logging off",
  },
);
