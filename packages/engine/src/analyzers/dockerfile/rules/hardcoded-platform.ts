import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const hardcodedPlatform = defineFileRule<DockerfileModel>({
  id: "dockerfile/hardcoded-platform",
  analyzer: "dockerfile",
  title: "FROM --platform with a fixed platform",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary: "A FROM line fixes the platform (`--platform=linux/amd64`) instead of using a build argument.",
    whyItMatters:
      "Builds for other architectures silently produce an image of the fixed one, which then runs under emulation or fails at start; multi-platform builds cannot be made from the file.",
    remediation:
      "Use the automatic arguments (`--platform=$BUILDPLATFORM` for build tools, `$TARGETPLATFORM` for the runtime) or leave the platform to `docker build --platform`.",
    example: "FROM --platform=$BUILDPLATFORM golang:1.23.1 AS build",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3029"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      const platform = stage.from?.flags.find((flag) => flag.name === "platform");
      if (!platform?.value || /[$`]/.test(platform.value)) continue;
      ctx.report({
        message: `FROM fixes the platform to ${platform.value}`,
        at: { line: platform.line, column: platform.column },
      });
    }
  },
});
