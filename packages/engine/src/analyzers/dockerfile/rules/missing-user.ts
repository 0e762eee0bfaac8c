import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, finalStage, finalStageChain } from "../model.ts";

/** Base images that are built to run as a non-root user by default. */
const NON_ROOT_BASE = /(?:^|[-_.:/])(?:nonroot|non-root|rootless)(?:$|[-_.:@])/i;

export const missingUser = defineFileRule<DockerfileModel>({
  id: "dockerfile/missing-user",
  analyzer: "dockerfile",
  title: "Final stage never sets a non-root USER",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CTR-BLD-01"],
  docs: {
    summary:
      "Neither the final stage nor the stages it builds on contain a USER instruction, so the image runs as whatever user its base image sets, which is root for almost every public base image.",
    whyItMatters:
      "Containers default to root unless the image says otherwise; root in a container makes every exploit and every container escape worse.",
    remediation:
      "Create an unprivileged user in the final stage and switch to it with USER. A USER in a build stage does not carry over to a later `FROM <image>` stage.",
    example: "FROM node:20-slim\nCOPY --chown=node:node . /app\nUSER node",
    references: ["https://docs.docker.com/build/building/best-practices/#user"],
  },
  check(ctx) {
    const stage = finalStage(ctx.model);
    // a fragment without FROM is not known to be an image of its own
    const from = stage?.from;
    if (!from) return;
    const chain = finalStageChain(ctx.model);
    if (chain.some((s) => s.instructions.some((instruction) => instruction.keyword === "USER"))) return;
    const root = chain[chain.length - 1]!;
    // `gcr.io/distroless/static:nonroot` and similar images already run unprivileged.
    if (root.image.parameterised || NON_ROOT_BASE.test(root.image.reference ?? "")) return;
    ctx.report({
      message:
        "the final stage has no USER instruction; the image runs as its base image's user (usually root)",
      at: { line: from.line, column: from.column },
    });
  },
});
