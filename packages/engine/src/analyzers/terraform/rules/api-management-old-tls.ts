// API Management negotiates SSL 3.0 / TLS 1.0 / 1.1 only when a `security` flag switches it on; the
// flags were renamed in azurerm 4 (`enable_frontend_tls10` → `frontend_tls10_enabled`), so both are read.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const PROTOCOL_FLAGS = [
  "frontend_ssl30_enabled",
  "frontend_tls10_enabled",
  "frontend_tls11_enabled",
  "backend_ssl30_enabled",
  "backend_tls10_enabled",
  "backend_tls11_enabled",
  "enable_frontend_ssl30",
  "enable_frontend_tls10",
  "enable_frontend_tls11",
  "enable_backend_ssl30",
  "enable_backend_tls10",
  "enable_backend_tls11",
];

export const apiManagementOldTls: FileRule<TerraformModel> = {
  id: "terraform/api-management-old-tls",
  analyzer: "terraform",
  title: "API Management accepts SSL 3.0, TLS 1.0 or TLS 1.1",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [326],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `azurerm_api_management` turns on SSL 3.0, TLS 1.0 or TLS 1.1 for clients (frontend) or backends in its " +
      "`security` block (`frontend_tls10_enabled`, `enable_backend_ssl30`, …).",
    whyItMatters:
      "These protocol versions have known weaknesses; API calls, keys and tokens can be downgraded and decrypted.",
    remediation:
      "Set every `*_ssl30_*`, `*_tls10_*` and `*_tls11_*` flag in `security` to false (the defaults).",
    example:
      'resource "azurerm_api_management" "gateway" {\n  security {\n    frontend_tls10_enabled = false\n    frontend_tls11_enabled = false\n  }\n}',
    references: [
      "https://learn.microsoft.com/azure/api-management/api-management-howto-manage-protocols-ciphers",
    ],
  },
  check(ctx) {
    for (const service of resources(ctx.model, "azurerm_api_management")) {
      for (const security of children(service, "security")) {
        if (security.dynamic) continue;
        for (const flag of PROTOCOL_FLAGS) {
          const current = setting(ctx.model, security, flag);
          if (current.state === "known" && current.value === true)
            ctx.report({
              message: `${addressOf(service)} accepts an outdated protocol (${flag})`,
              at: at(current.attribute.span),
            });
        }
      }
    }
  },
};
