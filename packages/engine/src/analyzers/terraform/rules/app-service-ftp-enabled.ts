import { judge, settingRule } from "../checks.ts";

export const appServiceFtpEnabled = settingRule(
  {
    id: "terraform/app-service-ftp-enabled",
    analyzer: "terraform",
    title: "App Service or Function App allows plain FTP deployment",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: 'An App Service or Function App sets `site_config { ftps_state = "AllAllowed" }`.',
      whyItMatters: "Deployment credentials and application files travel over unencrypted FTP.",
      remediation: 'Set `ftps_state = "Disabled"` (or `FtpsOnly` if FTP deployment is still needed).',
      example:
        'resource "azurerm_linux_web_app" "api" {\n  site_config {\n    ftps_state = "Disabled"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/deploy-ftp#enforce-ftps"],
    },
  },
  {
    types: [
      "azurerm_app_service",
      "azurerm_linux_web_app",
      "azurerm_windows_web_app",
      "azurerm_function_app",
      "azurerm_linux_function_app",
      "azurerm_windows_function_app",
    ],
    path: ["site_config"],
    attribute: "ftps_state",
    judge: judge.noneOf("AllAllowed"),
    whenMissing: "safe",
    problem: "allows unencrypted FTP",
    fixValue: '"FtpsOnly"',
  },
);
