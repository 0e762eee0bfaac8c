import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const instructionBeforeFrom = defineFileRule<DockerfileModel>({
  id: "dockerfile/instruction-before-from",
  analyzer: "dockerfile",
  title: "Instruction other than ARG before the first FROM",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A Dockerfile that has a FROM starts with another instruction (`LABEL`, `RUN`, `ENV`, …) before it. Only ARG, comments and parser directives may come first. Files without any FROM (fragments, included parts) are not flagged.",
    whyItMatters:
      "Docker refuses to build the file, since the instruction belongs to no stage; where the file is assembled or linted in pieces the error surfaces only at build time, and a reader may believe the instruction applies to the image.",
    remediation:
      "Move the instruction after the FROM it belongs to; a value the FROM line needs goes in an `ARG` before it.",
    example:
      "ARG BASE_TAG=12-slim\nFROM debian:$BASE_TAG\nLABEL org.opencontainers.image.source=https://example.com/repo",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3061",
      "https://docs.docker.com/reference/dockerfile/#understand-how-arg-and-from-interact",
    ],
  },
  check(ctx) {
    // instructions before any FROM form the implicit stage (`from: null`), always the first one
    const [first, ...rest] = ctx.model.stages;
    if (!first || first.from !== null || !rest.some((stage) => stage.from !== null)) return;
    const instruction = first.instructions[0];
    if (!instruction) return;
    ctx.report({
      message: `${instruction.keyword} before the first FROM: only ARG may come first, Docker rejects the file`,
      at: { line: instruction.line, column: instruction.column },
    });
  },
});
