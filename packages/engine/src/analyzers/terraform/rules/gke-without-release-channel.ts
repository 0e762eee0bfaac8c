import { judge, settingRule } from "../checks.ts";

export const gkeWithoutReleaseChannel = settingRule(
  {
    id: "terraform/gke-without-release-channel",
    analyzer: "terraform",
    title: "GKE cluster outside a release channel",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: 'A `google_container_cluster` sets `release_channel { channel = "UNSPECIFIED" }`.',
      whyItMatters:
        "Outside a release channel, control-plane and node versions are upgraded only by hand; security patches arrive late or never.",
      remediation: 'Set `release_channel { channel = "REGULAR" }` (or `STABLE`, `RAPID`).',
      example:
        'resource "google_container_cluster" "main" {\n  release_channel {\n    channel = "REGULAR"\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/concepts/release-channels"],
    },
  },
  {
    types: ["google_container_cluster"],
    path: ["release_channel"],
    attribute: "channel",
    judge: judge.noneOf("UNSPECIFIED"),
    whenMissing: "safe",
    problem: "is not enrolled in a release channel",
    fixValue: '"REGULAR"',
  },
);
