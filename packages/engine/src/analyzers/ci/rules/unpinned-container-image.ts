import { defineFileRule } from "../../../rule.ts";
import { allSteps, type Position, type WorkflowModel } from "../model.ts";

/** Why an image reference is not reproducible, or null when it is pinned (or unknown). */
export function imageProblem(reference: string): string | null {
  if (reference.includes("${{") || reference.includes("@sha256:")) return null;
  const lastSlash = reference.lastIndexOf("/");
  const colon = reference.indexOf(":", lastSlash + 1);
  if (colon === -1) return "has no tag (means latest)";
  if (reference.slice(colon + 1).toLowerCase() === "latest") return "uses the latest tag";
  return null;
}

export const unpinnedContainerImage = defineFileRule<WorkflowModel>({
  id: "ci/unpinned-container-image",
  analyzer: "ci",
  title: "Job container, service or docker:// action image without a version",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [829],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A job `container:`, a `services:` entry, a `uses: docker://…` step or a Docker action's `runs.image` names an image without a tag or with `latest`.",
    whyItMatters:
      "The job runs whatever was pushed last under that name, with the job's token and secrets in reach. A tag pins intent; a digest pins content.",
    remediation:
      "Use a version tag, better a digest (`image: postgres:16.3@sha256:…`). Images built from expressions are not flagged.",
    example: "services:\n  db:\n    image: postgres:16.3-alpine",
    references: ["https://docs.zizmor.sh/audits/#unpinned-images"],
  },
  check(ctx) {
    const check = (reference: string, at: Position, where: string) => {
      const problem = imageProblem(reference);
      if (problem) ctx.report({ message: `${where} image "${reference}" ${problem}`, at });
    };
    for (const job of ctx.model.jobs) {
      if (job.container) check(job.container.image, job.container.at, "container");
      for (const service of job.services) check(service.image, service.at, "service");
    }
    for (const { step } of allSteps(ctx.model)) {
      if (step.uses?.kind === "docker")
        check(step.uses.raw.slice("docker://".length), step.uses.at, "docker action");
    }
    const image = ctx.model.actionImage?.text.trim();
    if (ctx.model.actionImage && image?.startsWith("docker://")) {
      const at = { line: ctx.model.actionImage.line, column: ctx.model.actionImage.column };
      check(image.slice("docker://".length), at, "action");
    }
  },
});
