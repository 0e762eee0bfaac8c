import { defineFileRule } from "../../../rule.ts";
import { parseImage } from "../image.ts";
import { entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const staleImagePullPolicy = defineFileRule<K8sModel>({
  id: "kubernetes/stale-image-pull-policy",
  analyzer: "kubernetes",
  title: "Mutable image tag with a pull policy that reuses cached images",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["K8S-IMG-01"],
  docs: {
    summary:
      "A container uses `latest` (or no tag) and sets `imagePullPolicy: IfNotPresent` or `Never`, so each node runs whatever `latest` was when it first pulled it.",
    whyItMatters:
      "Replicas on different nodes run different code, and a patched image never reaches nodes that cached the old one. (With a digest or a version tag the pull policy does not matter, so those are not reported.)",
    remediation: "Pin the image by version or digest; failing that, use `imagePullPolicy: Always`.",
    example: "image: app:1.4.2\nimagePullPolicy: IfNotPresent",
    references: ["https://kubernetes.io/docs/concepts/containers/images/#image-pull-policy"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        const image = stringOf(entryOf(container.node, "image")?.value);
        const policy = entryOf(container.node, "imagePullPolicy");
        const value = stringOf(policy?.value);
        if (!policy || image === undefined || (value !== "IfNotPresent" && value !== "Never")) continue;
        const reference = parseImage(image);
        if (reference.digest || (reference.tag !== undefined && reference.tag !== "latest")) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" reuses cached copies of a mutable tag`,
          at: keySpan(policy),
        });
      }
    }
  },
});
