import { flagIs, serverParameterRule } from "../checks-extra.ts";

export const azureDatabaseSecureTransportOff = serverParameterRule(
  {
    id: "terraform/azure-database-secure-transport-off",
    analyzer: "terraform",
    title: "Azure Database flexible server accepts unencrypted connections",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `azurerm_mysql_flexible_server_configuration` or `azurerm_postgresql_flexible_server_configuration` sets " +
        "`require_secure_transport` to `OFF`.",
      whyItMatters:
        "Clients may connect in clear text; credentials and query results can be read or altered on the network path.",
      remediation: "Set `require_secure_transport` to `ON` (the default) and connect with TLS.",
      example:
        'resource "azurerm_mysql_flexible_server_configuration" "tls" {\n  name      = "require_secure_transport"\n  server_name = azurerm_mysql_flexible_server.db.name\n  value     = "ON"\n}',
      references: [
        "https://learn.microsoft.com/azure/mysql/flexible-server/how-to-connect-tls-ssl",
        "https://learn.microsoft.com/azure/postgresql/flexible-server/concepts-networking-ssl-tls",
      ],
    },
  },
  {
    types: [
      "azurerm_mysql_flexible_server_configuration",
      "azurerm_postgresql_flexible_server_configuration",
    ],
    parameters: { require_secure_transport: flagIs("on") },
    problem: "accepts unencrypted connections",
  },
);
