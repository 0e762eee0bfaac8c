// What the template-injection rules need to know about `${{ … }}` expressions: which context
// references they contain, which of those an outsider controls, and whether the expression's
// result is only a boolean (then nothing the attacker wrote reaches the script).
import type { WorkflowModel } from "./model.ts";

/**
 * Attacker-controllable fields, after indexes are normalised to `*` (zizmor's list, trimmed to the
 * fields a fork author or commenter writes). Each maps to the events whose payload carries it.
 */
const UNTRUSTED: { path: string; events: string[] }[] = [
  ...["title", "body", "labels.*.name"].map((f) => ({
    path: `github.event.issue.${f}`,
    events: ["issues", "issue_comment"],
  })),
  ...["title", "body", "head.ref", "head.label", "head.repo.default_branch", "labels.*.name"].map((f) => ({
    path: `github.event.pull_request.${f}`,
    events: ["pull_request", "pull_request_target", "pull_request_review", "pull_request_review_comment"],
  })),
  {
    path: "github.event.comment.body",
    events: ["issue_comment", "pull_request_review_comment", "commit_comment", "discussion_comment"],
  },
  { path: "github.event.review.body", events: ["pull_request_review"] },
  { path: "github.event.review_comment.body", events: ["pull_request_review_comment"] },
  ...["title", "body"].map((f) => ({
    path: `github.event.discussion.${f}`,
    events: ["discussion", "discussion_comment"],
  })),
  { path: "github.event.pages.*.page_name", events: ["gollum"] },
  ...["message", "author.email", "author.name"].flatMap((f) => [
    { path: `github.event.commits.*.${f}`, events: ["push"] },
    { path: `github.event.head_commit.${f}`, events: ["push"] },
    { path: `github.event.workflow_run.head_commit.${f}`, events: ["workflow_run"] },
  ]),
  ...["head_branch", "display_title", "pull_requests.*.head.ref", "head_repository.description"].map((f) => ({
    path: `github.event.workflow_run.${f}`,
    events: ["workflow_run"],
  })),
  { path: "github.event.changes.title.from", events: ["issues", "pull_request", "pull_request_target"] },
  { path: "github.event.changes.body.from", events: ["issues", "pull_request", "pull_request_target"] },
  { path: "github.head_ref", events: ["pull_request", "pull_request_target"] },
];

const REFERENCE =
  /\b(?:github|steps|needs|inputs|env|vars|secrets|matrix|job|runner)(?:\s*\.\s*[A-Za-z0-9_*-]+|\s*\[[^\]]*\])+/gi;

/** The expression with every string literal emptied (`'a.b'` → `''`), so its text is not read as code. */
export function withoutStrings(expression: string): string {
  return expression.replace(/'(?:[^']|'')*'/g, "''");
}

/** Context references in an expression, lower-cased, with indexes and `.*` normalised to `.*`. */
export function references(expression: string): string[] {
  const found: string[] = [];
  for (const match of withoutStrings(expression).matchAll(REFERENCE)) {
    found.push(
      match[0]
        .toLowerCase()
        .replace(/\s+/g, "")
        .replace(/\[\s*\d+\s*\]|\[\s*\*\s*\]/g, ".*")
        .replace(/\[''\]/g, ".*"),
    );
  }
  return found;
}

/**
 * The untrusted field a reference reads, or null. A reference to an object that contains an
 * untrusted field (`toJSON(github.event.pull_request)`) counts too.
 */
export function untrustedField(reference: string, model: WorkflowModel): string | null {
  if (!reference.startsWith("github.event") && reference !== "github.head_ref") return null;
  const reusable =
    model.kind === "action" ||
    model.triggers.length === 0 ||
    model.triggers.some((t) => t.name === "workflow_call");
  for (const item of UNTRUSTED) {
    if (item.path !== reference && !item.path.startsWith(`${reference}.`)) continue;
    if (reusable || model.triggers.some((t) => item.events.includes(t.name))) return reference;
  }
  return null;
}

/** True when the expression evaluates to a boolean: `contains(…)`, `a == b`, `!x`. */
export function isBooleanExpression(expression: string): boolean {
  const text = withoutStrings(expression).trim();
  if (/&&|\|\|/.test(text)) return false; // `a || b` returns an operand, not a boolean
  if (/^!/.test(text)) return true;
  if (/==|!=|<=|>=|<|>/.test(text)) return true;
  const call = /^(contains|startsWith|endsWith)\s*\(/i.exec(text);
  return call !== null && closesAtEnd(text, call[0].length - 1);
}

function closesAtEnd(text: string, open: number): boolean {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") {
      depth--;
      if (depth === 0) return i === text.length - 1;
    }
  }
  return false;
}
