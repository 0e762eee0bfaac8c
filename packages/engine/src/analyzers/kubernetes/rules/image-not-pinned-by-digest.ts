import { defineFileRule } from "../../../rule.ts";
import { parseImage } from "../image.ts";
import { entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const imageNotPinnedByDigest = defineFileRule<K8sModel>({
  id: "kubernetes/image-not-pinned-by-digest",
  analyzer: "kubernetes",
  title: "Container image pinned by tag, not by digest",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["K8S-IMG-01"],
  docs: {
    summary:
      "A container's `image` names a version tag but no `@sha256:` digest. Images without a tag or with `latest` are reported by `kubernetes/image-latest-tag` instead.",
    whyItMatters:
      "Tags are mutable in most registries: `1.4.2` today may be different bytes tomorrow, and admission scans no longer match what runs.",
    remediation: "Append the digest (`app:1.4.2@sha256:…`); tools such as Renovate keep digests current.",
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
        if (reference.digest || reference.tag === undefined || reference.tag === "latest") continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" image is not pinned by digest`,
          at: keySpan(entry),
        });
      }
    }
  },
});
