// The full-scope case is gce-default-service-account-full-scope's (high); this rule reports the
// default account with narrower scopes, so one service_account block gives one finding.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, resources, setting } from "../checks.ts";
import { DEFAULT_SERVICE_ACCOUNT } from "../checks-extra.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const FULL_SCOPES = ["cloud-platform", "https://www.googleapis.com/auth/cloud-platform"];

export const gceDefaultServiceAccount: FileRule<TerraformModel> = {
  id: "terraform/gce-default-service-account",
  analyzer: "terraform",
  title: "Compute Engine instance runs as the default service account",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "A `google_compute_instance` or instance template has a `service_account` block without `email` (or with the " +
      "default `…-compute@developer.gserviceaccount.com`) and scopes narrower than `cloud-platform`.",
    whyItMatters:
      "The default compute service account holds Editor on the project and is shared by every VM that uses it; scopes " +
      "are a weak limit (any scope-free API such as the metadata server still hands out its token), and one scope change exposes all.",
    remediation:
      "Create a dedicated service account per workload with only the roles it needs and set `email` to it.",
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
        if (email.state === "unknown") continue;
        if (
          email.state === "known" &&
          !(typeof email.value === "string" && DEFAULT_SERVICE_ACCOUNT.test(email.value))
        )
          continue;
        const scopes = setting(ctx.model, account, "scopes");
        if (scopes.state === "unknown") continue;
        if (
          scopes.state === "known" &&
          knownStrings(scopes.value).some((scope) => FULL_SCOPES.includes(scope))
        )
          continue;
        ctx.report({
          message: `${addressOf(instance)} runs as the default Compute Engine service account`,
          at: email.state === "known" ? at(email.attribute.span) : headerOf(account),
        });
      }
    }
  },
};
