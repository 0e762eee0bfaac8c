import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const appServiceClientCertificatesDisabled = aliasedSettingRule(
  {
    id: "terraform/app-service-client-certificates-disabled",
    analyzer: "terraform",
    title: "App Service does not require client certificates",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [295],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An App Service (`azurerm_linux_web_app`, `azurerm_windows_web_app`, legacy `azurerm_app_service`) leaves `client_certificate_enabled` (legacy `client_cert_enabled`) unset or false.",
      whyItMatters:
        "Without mutual TLS any client that reaches the app can call it; for service-to-service APIs a client certificate is a cheap, strong second factor.",
      remediation:
        'Set `client_certificate_enabled = true` (with `client_certificate_mode = "Required"`) for APIs called by known clients.',
      example:
        'resource "azurerm_linux_web_app" "api" {\n  client_certificate_enabled = true\n  client_certificate_mode    = "Required"\n}',
      references: ["https://learn.microsoft.com/azure/app-service/app-service-web-configure-tls-mutual-auth"],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    attribute: "client_certificate_enabled",
    aliases: ["client_cert_enabled"],
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not require client certificates",
  },
);
