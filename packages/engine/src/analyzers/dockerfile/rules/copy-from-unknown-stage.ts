import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

/** `--from` values that are image references rather than stage names: a registry, a tag, a digest. */
const IMAGE_REFERENCE = /[/:@.]/;

export const copyFromUnknownStage = defineFileRule<DockerfileModel>({
  id: "dockerfile/copy-from-unknown-stage",
  analyzer: "dockerfile",
  title: "COPY --from names no earlier stage",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [1357],
  controls: ["CTR-BLD-02"],
  docs: {
    summary:
      "`COPY --from=<name>` names neither a stage defined before it (`FROM … AS <name>`, or its index) nor an explicit image reference.",
    whyItMatters:
      "A `--from` that is not a stage is an image: a misspelt or removed stage name makes Docker pull `docker.io/library/<name>:latest` from Docker Hub and copy files out of whatever that image is, a name anyone may own. A stage defined later cannot be used either.",
    remediation:
      "Name a stage defined above the COPY, or a full image reference with a tag or digest (`--from=docker.io/library/nginx:1.27@sha256:…`). Variables are not flagged.",
    example:
      "FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM gcr.io/distroless/static:nonroot\nCOPY --from=build /out/app /app",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3022"],
  },
  check(ctx) {
    // the first stage of each name, so that a file of many stages stays linear
    const firstStageNamed = new Map<string, number>();
    for (const stage of ctx.model.stages) {
      if (stage.name !== null && !firstStageNamed.has(stage.name))
        firstStageNamed.set(stage.name, stage.index);
    }
    for (const stage of ctx.model.stages) {
      for (const copy of stage.instructions) {
        if (copy.keyword !== "COPY") continue;
        const from = copy.flags.find((flag) => flag.name === "from");
        const value = from?.value;
        if (!from || !value || /[$`]/.test(value) || IMAGE_REFERENCE.test(value)) continue;
        const name = value.toLowerCase();
        const numeric = /^\d+$/.test(name);
        // a stage copying from itself is dockerfile/copy-from-own-stage
        if (numeric ? Number(name) === stage.index : name === stage.name) continue;
        const definedAt = numeric ? Number(name) : (firstStageNamed.get(name) ?? Number.POSITIVE_INFINITY);
        if (definedAt < stage.index) continue;
        const later = numeric ? undefined : ctx.model.stages[definedAt];
        ctx.report({
          message: later
            ? `COPY --from=${value} names a stage defined later (line ${later.from?.line}); stages can only copy from earlier ones`
            : `COPY --from=${value} names no stage; Docker pulls the image "${value}" instead`,
          at: { line: from.line, column: from.column },
        });
      }
    }
  },
});
