import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const unpinnedBaseImage = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-base-image",
  analyzer: "dockerfile",
  title: "Base image without a version tag or tagged latest",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [1357],
  controls: ["CTR-BLD-02"],
  docs: {
    summary:
      "A FROM line names an external image without a tag or with the `latest` tag, so every build may pull a different image.",
    whyItMatters:
      "Builds stop being reproducible, and whatever the upstream publisher (or an attacker who took over the tag) pushes next ends up in your image without review.",
    remediation:
      "Name a specific version tag, ideally with its digest. References to earlier stages (`FROM builder`) are not flagged; `FROM image:$TAG` is judged with the default of `ARG TAG=…` declared before the first FROM, and not at all when the ARG has no default.",
    example: "FROM python:3.12.4-slim-bookworm",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3006",
      "https://github.com/hadolint/hadolint/wiki/DL3007",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      const image = stage.image;
      if (image.reference === null || image.stageReference || image.parameterised || image.scratch) continue;
      if (image.digest) continue;
      if (image.tag === null) {
        ctx.report({
          message: `base image "${image.reference}"${image.written ? ` (${image.written} with its ARG defaults)` : ""} has no tag (means latest)`,
          at: image.at,
        });
      } else if (image.tag.toLowerCase() === "latest") {
        ctx.report({
          message: `base image "${image.reference}"${image.written ? ` (${image.written} with its ARG defaults)` : ""} uses the latest tag`,
          at: image.at,
        });
      }
    }
  },
});
