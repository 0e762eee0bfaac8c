import type { Verdict } from "../checks.ts";
import { resources, settingRule } from "../checks.ts";
import { perModel, settingIsUnknownOr } from "../checks-extra.ts";
import type { Value } from "../evaluate.ts";
import { asBoolean } from "../evaluate.ts";

// Blocking project keys, or OS Login (which ignores metadata keys), both close the hazard.
function projectKeysBlocked(value: Value): Verdict {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "unknown";
  const metadata = value as Record<string, Value>;
  const verdicts = ["block-project-ssh-keys", "enable-oslogin"].map((key) => {
    const flag = metadata[key];
    if (flag === undefined) return "off";
    const on = asBoolean(typeof flag === "string" ? flag.toLowerCase() : flag);
    return on === true ? "on" : on === false ? "off" : "unknown";
  });
  if (verdicts.includes("on")) return "safe";
  return verdicts.includes("unknown") ? "unknown" : "unsafe";
}

// OS Login switched on for the whole project in this file closes the hazard for every instance.
const projectUsesOsLogin = perModel(
  (model) =>
    resources(model, "google_compute_project_metadata").some((project) =>
      settingIsUnknownOr(model, project, "metadata", (metadata) => projectKeysBlocked(metadata) !== "unsafe"),
    ) ||
    resources(model, "google_compute_project_metadata_item").some(
      (item) =>
        settingIsUnknownOr(model, item, "key", (key) => key === "enable-oslogin") &&
        settingIsUnknownOr(
          model,
          item,
          "value",
          (on) => asBoolean(typeof on === "string" ? on.toLowerCase() : on) !== false,
        ),
    ),
);

export const gceProjectSshKeysAllowed = settingRule(
  {
    id: "terraform/gce-project-ssh-keys-allowed",
    analyzer: "terraform",
    title: "Compute Engine instance accepts project-wide SSH keys",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        'A `google_compute_instance` or template has no `metadata = { block-project-ssh-keys = "true" }` and does not enable OS Login in its metadata.',
      whyItMatters:
        "A key added to project metadata opens every such VM at once; whoever holds one project-wide key reaches all of them.",
      remediation:
        'Set `metadata = { block-project-ssh-keys = "true" }`, or enable OS Login (`enable-oslogin = "TRUE"`).',
      example:
        'resource "google_compute_instance" "vm" {\n  metadata = {\n    block-project-ssh-keys = "true"\n  }\n}',
      references: ["https://cloud.google.com/compute/docs/connect/restrict-ssh-keys#block-keys"],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    attribute: "metadata",
    judge: projectKeysBlocked,
    whenMissing: "unsafe",
    problem: "accepts project-wide SSH keys",
    exempt: (model) => projectUsesOsLogin(model),
  },
);
