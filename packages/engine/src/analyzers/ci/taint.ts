// Where attacker-written text travels inside one job: from an untrusted `${{ }}` field into an
// `env:` variable, and from a script that echoes such a value into `$GITHUB_OUTPUT` into the
// step's `steps.<id>.outputs.<name>`. Only what the file proves is followed; anything unknown
// (inputs, vars, outputs of third-party actions) is treated as trusted, to avoid false alarms.
import { isJudgeable } from "./commands.ts";
import { UNTRUSTED_ACTION_OUTPUTS } from "./data/action-catalogue.ts";
import { isBooleanExpression, references, untrustedField } from "./expressions.ts";
import {
  actionPath,
  asScalar,
  child,
  type EnvVar,
  type Job,
  type Step,
  type WorkflowModel,
} from "./model.ts";
import { expressionSpans } from "./yaml-tree.ts";

/** Events on which a pull request's author names the files and the branch. */
const PULL_REQUEST_EVENTS = [
  "pull_request",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment",
];

/** One step seen with the job (or composite action) it belongs to. */
export interface StepScope {
  model: WorkflowModel;
  job: Job | null;
  /** The steps of the job (or of the composite action), in order. */
  steps: readonly Step[];
  position: number;
}

/** Writing into a file named by one of GitHub's environment files, e.g. `>> "$GITHUB_OUTPUT"`. */
export function writesTo(line: string, file: "GITHUB_OUTPUT" | "GITHUB_ENV" | "GITHUB_PATH"): boolean {
  return new RegExp(`(?:>>?|tee\\s+(?:-a\\s+)?)\\s*"?\\$\\{?${file}\\b|\\$env:${file}\\b`, "i").test(line);
}

/** The untrusted field an expression's value comes from directly, or null (booleans are safe). */
export function directSource(expression: string, model: WorkflowModel): string | null {
  if (isBooleanExpression(expression)) return null;
  for (const reference of references(expression)) {
    const field = untrustedField(reference, model);
    if (field) return field;
  }
  return null;
}

function envValue(variables: readonly EnvVar[], name: string): EnvVar | undefined {
  return variables.find((variable) => variable.name === name);
}

/** The env variable `name` as the step sees it: step, then job, then workflow level. */
function lookupEnv(scope: StepScope, name: string): EnvVar | undefined {
  const step = scope.steps[scope.position];
  return (
    (step && envValue(step.env, name)) ??
    (scope.job ? envValue(scope.job.env, name) : undefined) ??
    envValue(scope.model.env, name)
  );
}

/** The untrusted field an env variable (as seen by the step) holds, or null. */
export function envSource(scope: StepScope, name: string): string | null {
  const value = asScalar(lookupEnv(scope, name)?.value);
  if (!value) return null;
  for (const expression of value.expressions) {
    const field = directSource(expression.text, scope.model);
    if (field) return field;
  }
  return null;
}

/** Shell variables a line reads: `$NAME`, `${NAME}`, `$env:NAME` (PowerShell), `process.env.NAME`. */
export function shellVariables(line: string): string[] {
  const found = new Set<string>();
  // `$env:NAME` first: otherwise `$env` would be read as a shell variable named `env`
  for (const match of line.matchAll(/\$env:([A-Za-z_][A-Za-z0-9_]*)|\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/gi))
    found.add(match[1] ?? match[2]!);
  for (const match of line.matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g)) found.add(match[1]!);
  return [...found];
}

/** The untrusted field a script line carries: a `${{ }}` expression in it, or an env variable it reads. */
export function lineSource(scope: StepScope, line: string): string | null {
  if (!isJudgeable(line)) return null;
  for (const match of expressionSpans(line)) {
    const field = expressionSource(scope, match.inner.trim(), 0);
    if (field) return field;
  }
  for (const name of shellVariables(line)) {
    const field = envSource(scope, name);
    if (field) return `${field} (via $${name})`;
  }
  return null;
}

const MAX_HOPS = 4;

/**
 * The untrusted field behind an expression: directly, through `env.NAME`, or through
 * `steps.<id>.outputs.<name>` of an earlier step that wrote it to `$GITHUB_OUTPUT`.
 */
export function expressionSource(scope: StepScope, expression: string, hops = 0): string | null {
  const direct = directSource(expression, scope.model);
  if (direct) return direct;
  if (hops >= MAX_HOPS || isBooleanExpression(expression)) return null;
  for (const reference of references(expression)) {
    const env = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/i.exec(reference);
    if (env) {
      const original = expressionText(expression, env[1]!);
      const field = envSource(scope, original);
      if (field) return `${field} (via env.${original})`;
      continue;
    }
    const output = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/i.exec(reference);
    if (output) {
      const field = outputSource(scope, output[1]!, output[2]!, hops + 1);
      if (field) return `${field} (via steps.${output[1]}.outputs.${output[2]})`;
    }
  }
  return null;
}

/** The name as written (references are lower-cased, env names are case-sensitive in scripts). */
function expressionText(expression: string, lowered: string): string {
  const match = new RegExp(`env\\s*\\.\\s*(${lowered})\\b`, "i").exec(expression);
  return match?.[1] ?? lowered;
}

/** An earlier step with `id: <id>` whose script writes `<name>=<untrusted>` to `$GITHUB_OUTPUT`. */
function outputSource(scope: StepScope, id: string, name: string, hops: number): string | null {
  for (let position = 0; position < scope.position; position++) {
    const step = scope.steps[position]!;
    if (asScalar(child(step.node, "id"))?.text.trim().toLowerCase() !== id.toLowerCase()) continue;
    const earlier: StepScope = { ...scope, position };
    const known = knownOutputSource(scope.model, step, name);
    if (known) return known;
    const assignment = new RegExp(`(?:^|[\\s"'])${escapeRegExp(name)}=`, "i");
    for (const line of step.runLines) {
      if (!isJudgeable(line.text) || !writesTo(line.text, "GITHUB_OUTPUT") || !assignment.test(line.text))
        continue;
      const value = line.text.slice(line.text.search(assignment));
      for (const match of expressionSpans(value)) {
        const field = expressionSource(earlier, match.inner.trim(), hops);
        if (field) return field;
      }
      for (const variable of shellVariables(value)) {
        const field = envSource(earlier, variable);
        if (field) return field;
      }
    }
  }
  return null;
}

/** An output of a catalogued action that carries the pull request author's text, on pull request events. */
function knownOutputSource(model: WorkflowModel, step: Step, name: string): string | null {
  const path = actionPath(step);
  const entry = UNTRUSTED_ACTION_OUTPUTS.find((item) => item.repository === path && item.outputs.test(name));
  if (!entry) return null;
  const reusable =
    model.kind === "action" || model.triggers.some((trigger) => trigger.name === "workflow_call");
  const pullRequest = model.triggers.some((trigger) => PULL_REQUEST_EVENTS.includes(trigger.name));
  return reusable || pullRequest ? `${entry.what} from ${path}` : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every step with its scope: job steps, then a composite action's `runs.steps`. */
export function* stepScopes(model: WorkflowModel): Generator<{ step: Step; scope: StepScope }> {
  for (const job of model.jobs) {
    for (let position = 0; position < job.steps.length; position++)
      yield { step: job.steps[position]!, scope: { model, job, steps: job.steps, position } };
  }
  for (let position = 0; position < model.actionSteps.length; position++) {
    yield {
      step: model.actionSteps[position]!,
      scope: { model, job: null, steps: model.actionSteps, position },
    };
  }
}
