import { defineFileRule } from "../../../rule.ts";
import { type UsesReference, versionComment, type WorkflowModel } from "../model.ts";
import { versionParts } from "./known-vulnerable-action.ts";
import { allUses } from "./unpinned-action.ts";

const SHA = /^[0-9a-f]{40}$/i;
/** Refs that are branches by convention; other non-version names may be tags, which we cannot tell apart. */
const BRANCH = /^(?:main|master|develop|dev|trunk|stable|latest|nightly|releases?(?:\/.*)?)$/i;

/** `v4` and `4.0.0` name compatible versions when one is a prefix of the other. */
function sameVersion(left: string, right: string): boolean {
  const a = versionParts(left.replace(/[-+].*$/, ""));
  const b = versionParts(right.replace(/[-+].*$/, ""));
  if (!a || !b) return left.toLowerCase() === right.toLowerCase();
  return a.slice(0, Math.min(a.length, b.length)).every((part, index) => part === b[index]);
}

export const refVersionMismatch = defineFileRule<WorkflowModel>({
  id: "ci/ref-version-mismatch",
  analyzer: "ci",
  title: "Action ref and its version comment disagree",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses:` line's trailing version comment does not match its ref, as far as the file shows: a tag ref with a comment naming another version (`@v3 # v4`), a branch ref commented as a version (`@main # v4.1.0`; `main`, `master`, `develop`, `release/*` and similar), one commit SHA commented as two different versions, or one version comment on two different SHAs of the same action.",
    whyItMatters:
      "Reviewers and update bots trust the comment. A SHA that is not the release it claims to be (an impostor commit from a fork, a stale pin left behind by a partial update, a deliberately misleading comment) runs code nobody reviewed under a familiar version number.",
    remediation:
      "Re-pin the action with a tool that writes both the SHA and the comment (Dependabot, Renovate, `pinact`), and check the SHA belongs to the tagged release in the action's repository. Without network access Rampart judges only what the file says; it cannot confirm that a SHA is the commit of the named tag.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: [
      "https://docs.zizmor.sh/audits/#ref-version-mismatch",
      "https://docs.zizmor.sh/audits/#impostor-commit",
    ],
  },
  check(ctx) {
    const bySha = new Map<string, { version: string; uses: UsesReference }>();
    const byVersion = new Map<string, { sha: string; uses: UsesReference }>();
    for (const uses of allUses(ctx.model)) {
      if (uses.kind !== "repository" || uses.ref === null) continue;
      const version = versionComment(ctx.file, uses);
      if (!version) continue;
      const ref = uses.ref;
      if (!SHA.test(ref)) {
        if (versionParts(ref) && !sameVersion(ref, version)) {
          ctx.report({ message: `${uses.raw} is commented as ${version}`, at: uses.at });
        } else if (BRANCH.test(ref)) {
          ctx.report({
            message: `${uses.raw} is a branch or tag name, but commented as version ${version}`,
            at: uses.at,
          });
        }
        continue;
      }
      const sha = ref.toLowerCase();
      const shaKey = `${uses.repository}@${sha}`;
      const versionKey = `${uses.repository}#${version.toLowerCase()}`;
      const earlierVersion = bySha.get(shaKey);
      const earlierSha = byVersion.get(versionKey);
      if (earlierVersion && !sameVersion(earlierVersion.version, version)) {
        ctx.report({
          message: `${uses.repository}@${sha.slice(0, 12)}… is commented as ${version} here and as ${earlierVersion.version} on line ${earlierVersion.uses.at.line}`,
          at: uses.at,
          related: [{ at: earlierVersion.uses.at, message: `commented as ${earlierVersion.version}` }],
        });
      } else if (earlierSha && earlierSha.sha !== sha) {
        ctx.report({
          message: `${uses.repository} ${version} is pinned to ${sha.slice(0, 12)}… here and to ${earlierSha.sha.slice(0, 12)}… on line ${earlierSha.uses.at.line}`,
          at: uses.at,
          related: [{ at: earlierSha.uses.at, message: `${version} pinned to another commit` }],
        });
      }
      if (!bySha.has(shaKey)) bySha.set(shaKey, { version, uses });
      if (!byVersion.has(versionKey)) byVersion.set(versionKey, { sha, uses });
    }
  },
});
