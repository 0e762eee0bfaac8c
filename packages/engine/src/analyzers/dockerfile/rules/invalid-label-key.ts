import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, keyValuePairs } from "../model.ts";

/** Namespaces Docker reserves for its own use. */
const RESERVED_NAMESPACES = ["com.docker.", "io.docker.", "org.dockerproject."];

/** Why a label key breaks Docker's key format, or null when it is fine (or unknown). */
export function labelKeyProblem(key: string): string | null {
  if (/[$`]/.test(key)) return null;
  if (key === "") return "is empty";
  const reserved = RESERVED_NAMESPACES.find((namespace) => key.toLowerCase().startsWith(namespace));
  if (reserved) return `uses the namespace ${reserved}*, which Docker reserves`;
  if (/[^A-Za-z0-9.-]/.test(key)) return "has characters other than letters, digits, . and -";
  if (/[A-Z]/.test(key)) return "has upper-case letters; keys are lower-case";
  if (/[.-]{2}/.test(key)) return "has consecutive . or - characters";
  if (!/^[a-z]/.test(key) || !/[a-z0-9]$/.test(key))
    return "does not start with a letter and end with a letter or digit";
  return null;
}

export const invalidLabelKey = defineFileRule<DockerfileModel>({
  id: "dockerfile/invalid-label-key",
  analyzer: "dockerfile",
  title: "LABEL key in a reserved namespace or an invalid format",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A LABEL key uses a namespace Docker reserves (`com.docker.*`, `io.docker.*`, `org.dockerproject.*`) or breaks the key format: lower-case letters, digits, `.` and `-`, starting with a letter, without `..` or `--`.",
    whyItMatters:
      "Tools that read labels (registries, scanners, orchestrators, provenance checks) match keys exactly; a reserved or malformed key collides with Docker's own metadata or is silently ignored, so the image carries metadata nobody reads.",
    remediation:
      "Prefix your keys with the reverse-DNS name of a domain you own (`com.example.team`) or use the OCI keys (`org.opencontainers.image.*`), in lower case. Keys built from variables are not flagged.",
    example:
      'LABEL org.opencontainers.image.source="https://github.com/example/app" com.example.team="payments"',
    references: [
      "https://docs.docker.com/engine/manage-resources/labels/",
      "https://github.com/hadolint/hadolint/wiki/DL3048",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const label of instructionsOf(stage)) {
        if (label.keyword !== "LABEL") continue;
        for (const pair of keyValuePairs(label)) {
          const problem = labelKeyProblem(pair.key);
          if (problem)
            ctx.report({
              message: `label key "${pair.key}" ${problem}`,
              at: { line: pair.at.line, column: pair.at.column },
            });
        }
      }
    }
  },
});
