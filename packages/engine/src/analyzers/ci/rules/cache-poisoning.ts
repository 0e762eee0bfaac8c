import { defineFileRule } from "../../../rule.ts";
import { actionPath, allSteps, type Step, trigger, type WorkflowModel, withValue } from "../model.ts";

/** Why a step restores a cache, or null. */
function restoresCache(step: Step): string | null {
  const path = actionPath(step);
  if (path === "actions/cache" || path === "actions/cache/restore") return path;
  const cache = withValue(step, "cache")?.text.trim().toLowerCase();
  if (path === "actions/setup-go") return cache === "false" ? null : "actions/setup-go (caches by default)";
  if (/^actions\/setup-(?:node|python|java|dotnet)$/.test(path) && cache && cache !== "false") {
    return `${path} with cache: ${cache}`;
  }
  if (path === "ruby/setup-ruby" && withValue(step, "bundler-cache")?.text === "true")
    return "ruby/setup-ruby with bundler-cache";
  if (path === "astral-sh/setup-uv" && withValue(step, "enable-cache")?.text === "true")
    return "astral-sh/setup-uv with enable-cache";
  if (path === "swatinem/rust-cache") return path;
  return null;
}

/** True when the workflow publishes: a release event, or a push of tags. */
function isReleaseWorkflow(model: WorkflowModel): boolean {
  if (trigger(model, "release")) return true;
  const push = trigger(model, "push");
  return push?.config?.kind === "map" && push.config.entries.some((e) => e.key === "tags");
}

export const cachePoisoning = defineFileRule<WorkflowModel>({
  id: "ci/cache-poisoning",
  analyzer: "ci",
  title: "Release workflow restores a shared build cache",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [349],
  controls: ["CI-CACHE-01"],
  docs: {
    summary:
      "A workflow triggered by a release or a tag push restores a GitHub Actions cache (`actions/cache`, `setup-*` with `cache:`, `setup-go`'s default cache).",
    whyItMatters:
      "Caches are shared across workflows of the default branch; any workflow that can write a cache entry (including one running injected or dependency code) can plant build outputs or dependencies that the release then ships.",
    remediation:
      "Disable caching in release and publishing workflows (`cache: false` for setup-go; omit `cache:` elsewhere) and build releases from a clean state. Pushes to branches are not flagged.",
    example: "- uses: actions/setup-go@<sha>\n  with:\n    go-version-file: go.mod\n    cache: false",
    references: [
      "https://docs.zizmor.sh/audits/#cache-poisoning",
      "https://adnanthekhan.com/2024/05/06/the-monsters-in-your-build-cache-github-actions-cache-poisoning/",
    ],
  },
  check(ctx) {
    if (!isReleaseWorkflow(ctx.model)) return;
    for (const { step } of allSteps(ctx.model)) {
      const reason = step.uses ? restoresCache(step) : null;
      if (reason && step.uses) {
        ctx.report({ message: `release workflow restores a cache via ${reason}`, at: step.uses.at });
      }
    }
  },
});
