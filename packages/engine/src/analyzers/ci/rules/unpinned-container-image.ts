import { defineFileRule } from "../../../rule.ts";
import {
  allSteps,
  asScalar,
  child,
  type Job,
  type Position,
  type WorkflowModel,
  type YamlScalar,
} from "../model.ts";

/** An image given entirely by one matrix variable: `${{ matrix.image }}`. */
const MATRIX_IMAGE = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/;

/**
 * The values a matrix variable takes: its list under `strategy.matrix` and every `include:`
 * entry that sets it. Empty strings mean "no container" and are left out; `exclude:` only
 * removes combinations, so it cannot add an image.
 */
function matrixValues(job: Job, variable: string): YamlScalar[] {
  const matrix = child(child(job.node, "strategy"), "matrix");
  const values: YamlScalar[] = [];
  const own = child(matrix, variable);
  if (own?.kind === "seq") values.push(...own.items.map(asScalar).filter((x): x is YamlScalar => x !== null));
  const include = child(matrix, "include");
  if (include?.kind === "seq") {
    for (const combination of include.items) {
      const value = asScalar(child(combination, variable));
      if (value) values.push(value);
    }
  }
  return values.filter((value) => value.text.trim() !== "");
}

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
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Use a version tag, better a digest (`image: postgres:16.3@sha256:…`). An image that is one matrix variable (`${{ matrix.image }}`) is judged by each value the job's matrix gives it; other expressions are not flagged.",
    example: "services:\n  db:\n    image: postgres:16.3-alpine",
    references: ["https://docs.zizmor.sh/audits/#unpinned-images"],
  },
  check(ctx) {
    const check = (reference: string, at: Position, where: string) => {
      const problem = imageProblem(reference);
      if (problem) ctx.report({ message: `${where} image "${reference}" ${problem}`, at });
    };
    const checkJobImage = (job: Job, reference: string, at: Position, where: string) => {
      const variable = MATRIX_IMAGE.exec(reference)?.[1];
      if (!variable) return check(reference, at, where);
      for (const value of matrixValues(job, variable)) {
        const problem = imageProblem(value.text.trim());
        if (!problem) continue;
        ctx.report({
          message: `${where} image "${value.text.trim()}" (matrix.${variable}) ${problem}`,
          at,
          related: [
            { at: { line: value.line, column: value.column }, message: `matrix value of ${variable}` },
          ],
        });
      }
    };
    for (const job of ctx.model.jobs) {
      if (job.container) checkJobImage(job, job.container.image, job.container.at, "container");
      for (const service of job.services) checkJobImage(job, service.image, service.at, "service");
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
