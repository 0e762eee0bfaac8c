import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const FULL_SCOPES = ["cloud-platform", "https://www.googleapis.com/auth/cloud-platform"];
const DEFAULT_ACCOUNT = /-compute@developer\.gserviceaccount\.com$/;

export const gceDefaultServiceAccountFullScope: FileRule<TerraformModel> = {
  id: "terraform/gce-default-service-account-full-scope",
  analyzer: "terraform",
  title: "Compute Engine instance runs as the default service account with full API access",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "A `google_compute_instance` or instance template has a `service_account` block without an `email` " +
      "(or with the default `…-compute@developer.gserviceaccount.com`) and the `cloud-platform` scope.",
    whyItMatters:
      "The default compute service account holds Editor on the project; with the full scope, anyone who " +
      "gets code execution on the VM (or reads its metadata server) can change nearly everything in the project.",
    remediation: "Create a dedicated service account with the roles the VM needs and set its `email`.",
    example:
      'resource "google_compute_instance" "vm" {\n  service_account {\n    email  = google_service_account.vm.email\n    scopes = ["cloud-platform"]\n  }\n}',
    references: ["https://cloud.google.com/compute/docs/access/service-accounts#default_service_account"],
  },
  check(ctx) {
    for (const instance of resources(
      ctx.model,
      "google_compute_instance",
      "google_compute_instance_template",
    )) {
      for (const account of children(instance, "service_account")) {
        if (account.dynamic) continue;
        const email = setting(ctx.model, account, "email");
        const scopes = setting(ctx.model, account, "scopes");
        if (email.state === "unknown" || scopes.state !== "known") continue;
        if (
          email.state === "known" &&
          !(typeof email.value === "string" && DEFAULT_ACCOUNT.test(email.value))
        )
          continue;
        if (!knownStrings(scopes.value).some((scope) => FULL_SCOPES.includes(scope))) continue;
        ctx.report({
          message: `${addressOf(instance)} runs as the default service account with the cloud-platform scope`,
          at: email.state === "known" ? at(email.attribute.span) : headerOf(account),
        });
      }
    }
  },
};
