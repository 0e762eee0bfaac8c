import type { FileRule } from "../../../rule.ts";
import { addressOf, at, nested, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const APPS = [
  "azurerm_app_service",
  "azurerm_linux_web_app",
  "azurerm_windows_web_app",
  "azurerm_function_app",
  "azurerm_linux_function_app",
  "azurerm_windows_function_app",
];

export const appServiceCorsAllowsAll: FileRule<TerraformModel> = {
  id: "terraform/app-service-cors-allows-all",
  analyzer: "terraform",
  title: "App Service CORS allows every origin",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [942],
  controls: ["IAC-NET-02"],
  docs: {
    summary: 'An App Service or Function App lists `"*"` in `site_config { cors { allowed_origins } }`.',
    whyItMatters:
      "Any web site can call the API from its visitors' browsers and read the responses; combined with cookies or " +
      "tokens held by the browser, it can act for the user.",
    remediation: "List the exact origins of your front ends in `allowed_origins`.",
    example:
      'resource "azurerm_linux_web_app" "api" {\n  site_config {\n    cors {\n      allowed_origins = ["https://app.example.com"]\n    }\n  }\n}',
    references: [
      "https://learn.microsoft.com/azure/app-service/app-service-web-tutorial-rest-api#enable-cors",
    ],
  },
  check(ctx) {
    for (const app of resources(ctx.model, ...APPS)) {
      const cors = nested(app, ["site_config", "cors"]);
      if (!cors || cors.dynamic) continue;
      const origins = setting(ctx.model, cors, "allowed_origins");
      if (origins.state !== "known") continue;
      if (!knownStrings(origins.value).includes("*")) continue;
      ctx.report({
        message: `${addressOf(app)} allows cross-origin requests from every origin`,
        at: at(origins.attribute.span),
      });
    }
  },
};
