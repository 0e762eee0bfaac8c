import { defineFileRule } from "../../../rule.ts";
import { commandMatch } from "../commands.ts";
import { actionPath, type Step, trigger, type WorkflowModel, withValue } from "../model.ts";

/** A boolean input that is on, or may be: `true`, or an expression decided at run time. */
function turnedOn(step: Step, input: string): boolean {
  const text = withValue(step, input)?.text.trim().toLowerCase() ?? "";
  return text === "true" || text.includes("${{");
}

/** Why a step restores a cache, or null. */
function restoresCache(step: Step): string | null {
  const path = actionPath(step);
  // lookup-only checks that an entry exists without downloading it
  const lookupOnly = withValue(step, "lookup-only")?.text.trim().toLowerCase() === "true";
  if (path === "actions/cache" || path === "actions/cache/restore") return lookupOnly ? null : path;
  const cache = withValue(step, "cache")?.text.trim().toLowerCase();
  if (path === "actions/setup-go") return cache === "false" ? null : "actions/setup-go (caches by default)";
  if (/^actions\/setup-(?:node|python|java|dotnet)$/.test(path) && cache && cache !== "false") {
    return `${path} with cache: ${cache}`;
  }
  if (path === "ruby/setup-ruby" && turnedOn(step, "bundler-cache"))
    return "ruby/setup-ruby with bundler-cache";
  if (path === "astral-sh/setup-uv") {
    // v5 made enable-cache default to true on GitHub-hosted runners; a SHA pin is assumed recent
    if (withValue(step, "enable-cache")?.text.trim().toLowerCase() === "false") return null;
    if (turnedOn(step, "enable-cache")) return "astral-sh/setup-uv with enable-cache";
    return /^v[1-4](?:\.|$)/.test(step.uses?.ref ?? "")
      ? null
      : "astral-sh/setup-uv (caches by default since v5)";
  }
  if (path === "swatinem/rust-cache") return lookupOnly ? null : path;
  if (path === "mozilla-actions/sccache-action") return path;
  if (path === "gradle/actions/setup-gradle" || path === "gradle/gradle-build-action") {
    return withValue(step, "cache-disabled")?.text.trim() === "true" ? null : `${path} (caches by default)`;
  }
  if (path === "docker/build-push-action" && /type=gha/.test(withValue(step, "cache-from")?.text ?? ""))
    return "docker/build-push-action with cache-from: type=gha";
  if (path === "denoland/setup-deno" && turnedOn(step, "cache")) return "denoland/setup-deno with cache";
  // maturin-action's `sccache: true` restores compiled objects from the Actions cache
  if (path === "pyo3/maturin-action" && turnedOn(step, "sccache")) return "PyO3/maturin-action with sccache";
  // setup-buildx-action downloads the buildx version asked for and keeps it in the Actions cache
  // unless cache-binary is false; without a version it uses the runner's buildx and caches nothing
  if (
    path === "docker/setup-buildx-action" &&
    (withValue(step, "version")?.text.trim() ?? "") !== "" &&
    withValue(step, "cache-binary")?.text.trim().toLowerCase() !== "false"
  )
    return "docker/setup-buildx-action (caches the buildx binary it downloads)";
  return null;
}

/** Steps that publish what the job built: a registry upload, an image push, a release. */
const PUBLISHING_ACTIONS = new Set([
  "pypa/gh-action-pypi-publish",
  "softprops/action-gh-release",
  "goreleaser/goreleaser-action",
  "ncipollo/release-action",
  "rubygems/release-gem",
  "js-devtools/npm-publish",
]);
const PUBLISHING_COMMAND =
  /\b(?:npm|pnpm|yarn)\s+publish\b|\btwine\s+upload\b|\b(?:uv|poetry)\s+publish\b|\bcargo\s+publish\b|\bgem\s+push\b|\bdocker\s+(?:image\s+)?push\b|\bgh\s+release\s+(?:create|upload)\b|\bgoreleaser\s+release\b/;

function publishes(step: Step): boolean {
  if (PUBLISHING_ACTIONS.has(actionPath(step))) return true;
  if (actionPath(step) === "docker/build-push-action" && withValue(step, "push")?.text.trim() === "true")
    return true;
  return step.runLines.some((line) => commandMatch(line.text, PUBLISHING_COMMAND) !== null);
}

/**
 * Commands that only upload files that already exist: nothing of the cache runs or is packaged
 * (unlike `npm publish`, which runs the package's scripts, or `cargo publish`, which builds).
 */
const UPLOAD_ONLY_COMMAND =
  /\btwine(?:==\S+)?\s+upload\b|\buv\s+publish\b|\bgem\s+push\b|\b(?:dotnet\s+)?nuget(?:\.exe)?\s+push\b|\bgh\s+release\s+upload\b/i;
/** Steps that fetch or set up, and build nothing from what a cache restores. */
const NON_BUILDING_ACTION = /^actions\/(?:checkout|download-artifact|setup-[\w-]+)$|^astral-sh\/setup-uv$/;

/**
 * A job that only uploads what an earlier job built (downloaded artifacts): every script line is
 * an upload-only command and every action only fetches or sets up. A restored cache then feeds
 * nothing that is published.
 */
function onlyUploads(job: WorkflowModel["jobs"][number]): boolean {
  let uploads = false;
  for (const step of job.steps) {
    if (step.uses) {
      if (!NON_BUILDING_ACTION.test(actionPath(step))) return false;
      continue;
    }
    for (const line of step.runLines) {
      const text = line.text.trim();
      if (text === "" || text.startsWith("#")) continue;
      if (commandMatch(text, UPLOAD_ONLY_COMMAND) === null) return false;
      uploads = true;
    }
  }
  return uploads;
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
  title: "Release or publishing job restores a shared build cache",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [349],
  controls: ["CI-CACHE-01"],
  docs: {
    summary:
      "A workflow triggered by a release or a tag push, or a job that publishes (a PyPI, npm, crates.io or RubyGems upload, an image push, a GitHub release), restores a GitHub Actions cache (`actions/cache`, `setup-*` with `cache:`, `setup-go`'s, `setup-gradle`'s and `setup-uv`'s (v5 on) default cache, `rust-cache`, `sccache`, maturin-action's `sccache`, the buildx binary `setup-buildx-action` downloads for a `version:`, Docker `cache-from: type=gha`). A cache toggle set by an expression counts as on; `lookup-only: true` (which downloads nothing) does not, nor a job that only uploads files an earlier job built (its scripts are only `twine upload`, `uv publish`, `gem push`, `nuget push` or `gh release upload`, its actions only checkout, download-artifact and setup actions).",
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
    const release = isReleaseWorkflow(ctx.model);
    for (const job of ctx.model.jobs) {
      // a job that publishes is a release job whatever its trigger (e.g. publish on every push to main)
      const publishing = release || job.steps.some(publishes);
      if (!publishing || onlyUploads(job)) continue;
      for (const step of job.steps) {
        const reason = step.uses ? restoresCache(step) : null;
        if (reason && step.uses) {
          const where = release ? "release workflow" : `job ${job.id}, which publishes,`;
          ctx.report({ message: `${where} restores a cache via ${reason}`, at: step.uses.at });
        }
      }
    }
  },
});
