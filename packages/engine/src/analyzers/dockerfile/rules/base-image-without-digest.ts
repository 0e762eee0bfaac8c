import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const baseImageWithoutDigest = defineFileRule<DockerfileModel>({
  id: "dockerfile/base-image-without-digest",
  analyzer: "dockerfile",
  title: "Base image pinned by tag only, not by digest",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["CTR-BLD-02"],
  docs: {
    summary:
      "A FROM line names an external image by a version tag without an `@sha256:` digest. Tags are mutable; digests are not.",
    whyItMatters:
      "A publisher can re-push a tag (rebuilds for patches are common, account takeovers rarer), so the same Dockerfile can produce different images.",
    remediation:
      "Append the digest of the image you tested (`docker buildx imagetools inspect <image>`), and let a bot such as Renovate keep it current. Images with no tag or `latest` are reported by dockerfile/unpinned-base-image instead.",
    example: "FROM node:20.15.0-alpine@sha256:<digest>",
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      const image = stage.image;
      if (image.reference === null || image.stageReference || image.parameterised || image.scratch) continue;
      if (image.digest || image.tag === null || image.tag.toLowerCase() === "latest") continue;
      ctx.report({
        message: `base image "${image.reference}"${image.written ? ` (${image.written} with its ARG defaults)` : ""} is not pinned by digest`,
        at: image.at,
      });
    }
  },
});
