import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const gcpDnssecWeakAlgorithm: FileRule<TerraformModel> = {
  id: "terraform/gcp-dnssec-weak-algorithm",
  analyzer: "terraform",
  title: "Cloud DNS zone signs with RSASHA1",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [327],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      'A `google_dns_managed_zone` has a `dnssec_config { default_key_specs { algorithm = "rsasha1" } }` for its key- or zone-signing key.',
    whyItMatters:
      "SHA-1 signatures can be forged with chosen-prefix collisions; validating resolvers increasingly treat them as insecure, " +
      "so the zone loses the protection DNSSEC was meant to give.",
    remediation: 'Use `algorithm = "rsasha256"`, `"rsasha512"` or `"ecdsap256sha256"` for both keys.',
    example:
      'resource "google_dns_managed_zone" "public" {\n  dnssec_config {\n    state = "on"\n    default_key_specs {\n      algorithm  = "ecdsap256sha256"\n      key_length = 256\n      key_type   = "keySigning"\n    }\n  }\n}',
    references: ["https://cloud.google.com/dns/docs/dnssec-advanced#algorithms"],
  },
  check(ctx) {
    for (const zone of resources(ctx.model, "google_dns_managed_zone")) {
      for (const dnssec of children(zone, "dnssec_config")) {
        if (dnssec.dynamic) continue;
        for (const spec of children(dnssec, "default_key_specs")) {
          if (spec.dynamic) continue;
          const algorithm = setting(ctx.model, spec, "algorithm");
          if (algorithm.state !== "known" || typeof algorithm.value !== "string") continue;
          if (algorithm.value.toLowerCase() !== "rsasha1") continue;
          const keyType = setting(ctx.model, spec, "key_type");
          const which =
            keyType.state === "known" && typeof keyType.value === "string" ? ` for ${keyType.value}` : "";
          ctx.report({
            message: `${addressOf(zone)} signs with RSASHA1${which}`,
            at: at(algorithm.attribute.span),
          });
        }
      }
    }
  },
};
