import { children, judge, settingRule } from "../checks.ts";

export const appServiceWithoutAuthentication = settingRule(
  {
    id: "terraform/app-service-without-authentication",
    analyzer: "terraform",
    title: "App Service without built-in authentication",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [306],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An App Service has neither `auth_settings_v2` nor `auth_settings { enabled = true }`, so App Service authentication (Easy Auth) is off.",
      whyItMatters:
        "Every request reaches the code unauthenticated; protection depends entirely on the application's own checks.",
      remediation:
        "Add `auth_settings_v2 { auth_enabled = true; require_authentication = true … }` with an identity provider, unless the app authenticates users itself (then suppress with that reason).",
      example:
        'resource "azurerm_linux_web_app" "api" {\n  auth_settings_v2 {\n    auth_enabled           = true\n    require_authentication = true\n    login {}\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/overview-authentication-authorization"],
    },
  },
  {
    types: ["azurerm_app_service", "azurerm_linux_web_app", "azurerm_windows_web_app"],
    path: ["auth_settings"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not use App Service authentication",
    exempt: (_model, resource) => children(resource, "auth_settings_v2").length > 0,
  },
);
