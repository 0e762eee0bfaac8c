import { defineFileRule } from "../../../rule.ts";
import { parseImage } from "../image.ts";
import { entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const imageLatestTag = defineFileRule<K8sModel>({
  id: "kubernetes/image-latest-tag",
  analyzer: "kubernetes",
  title: "Container image uses latest or no tag",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [1357],
  controls: ["K8S-IMG-01"],
  docs: {
    summary:
      "A container's `image` has no tag or the tag `latest`, and no digest. (A registry port such as `localhost:5000/app` is not a tag.)",
    whyItMatters:
      "What runs changes whenever someone pushes; two replicas can run different code, a rollback returns to nothing in particular, and a compromised registry account ships straight to production.",
    remediation: "Use an immutable version tag, or better a digest (`image@sha256:…`).",
    example: "image: registry.example.com/app:1.4.2@sha256:3e9f…",
    references: ["https://kubernetes.io/docs/concepts/containers/images/#image-names"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        const entry = entryOf(container.node, "image");
        const image = stringOf(entry?.value);
        if (!entry || image === undefined || image === "") continue;
        const reference = parseImage(image);
        if (reference.digest) continue;
        if (reference.tag !== undefined && reference.tag !== "latest") continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" uses ${reference.tag ? "the latest tag" : "no tag (latest)"}`,
          at: keySpan(entry),
        });
      }
    }
  },
});
