// Where attacker-written text travels in one workflow: from an untrusted `${{ }}` field into an
// `env:` variable; from a script that writes such a value to `$GITHUB_OUTPUT` into the step's
// `steps.<id>.outputs.<name>`, or to `$GITHUB_ENV` into the later steps' `env.<NAME>`; and from a
// job's `outputs:` into the `needs.<job>.outputs.<name>` of the jobs that need it. Only what the
// file proves is followed; anything unknown (vars, outputs of third-party actions) is treated as
// trusted, to avoid false alarms. The `inputs.*` a caller passes to a composite action or reusable
// workflow count only when a scope asks for them (`callerInputs`): their rule is a separate, lower one.
import { isJudgeable } from "./commands.ts";
import { CODE_INPUT_ACTIONS, UNTRUSTED_ACTION_OUTPUTS } from "./data/action-catalogue.ts";
import { isBooleanExpression, references, untrustedField, withoutStrings } from "./expressions.ts";
import {
  actionPath,
  asScalar,
  child,
  type EnvVar,
  type Expression,
  type Job,
  type ScriptLine,
  type Step,
  usesAction,
  type WorkflowModel,
  withValue,
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
  /**
   * Lower-case names of the string inputs a caller passes (`callerInputs`): when set, `inputs.<name>`
   * counts as a source too. Unset, only the event's attacker-written fields do.
   */
  callerInputs?: ReadonlySet<string>;
}

/** The memo key part that tells the two kinds of question apart. */
function askingFor(scope: StepScope): string {
  return scope.callerInputs ? "caller" : "event";
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

/** The untrusted field an `env:` entry's value carries (its expressions, followed), or null. */
function envVarSource(scope: StepScope, variable: EnvVar | undefined, hops: number): string | null {
  const value = asScalar(variable?.value);
  if (!value) return null;
  for (const expression of value.expressions) {
    const field = expressionSource(scope, expression.text, hops);
    if (field) return field;
  }
  return null;
}

/**
 * The untrusted field an env variable holds as the step sees it: its own `env:` first, then the
 * last earlier step of the job that wrote the name to `$GITHUB_ENV`, then job and workflow `env:`.
 */
export function envSource(scope: StepScope, name: string, hops = 0): string | null {
  return remembered(scope.steps, `${askingFor(scope)} env ${scope.position} ${hops} ${name}`, () =>
    computeEnvSource(scope, name, hops),
  );
}

function computeEnvSource(scope: StepScope, name: string, hops: number): string | null {
  const step = scope.steps[scope.position];
  const own = step && envValue(step.env, name);
  if (own) return envVarSource(scope, own, hops + 1);
  if (hops < MAX_HOPS) {
    const written = githubEnvSource(scope, name, hops + 1);
    if (written !== undefined) return written;
  }
  const job = scope.job ? envValue(scope.job.env, name) : undefined;
  return envVarSource(scope, job ?? envValue(scope.model.env, name), hops + 1);
}

/**
 * An earlier step's `NAME=<value>` written to `$GITHUB_ENV` (the last such write wins): the
 * untrusted field of the value, null when the value is trusted, undefined when no step wrote it.
 */
function githubEnvSource(scope: StepScope, name: string, hops: number): string | null | undefined {
  for (let position = scope.position - 1; position >= 0; position--) {
    const writes = fileAssignments(scope.steps[position]!.runLines, "GITHUB_ENV").filter(
      (write) => write.name === name,
    );
    if (writes.length === 0) continue;
    const earlier: StepScope = { ...scope, position };
    return valueSource(earlier, writes[writes.length - 1]!.value, hops);
  }
  return undefined;
}

/** The untrusted field a written value carries: a `${{ }}` expression in it, or a variable it reads. */
function valueSource(scope: StepScope, value: string, hops: number): string | null {
  for (const match of expressionSpans(value)) {
    const field = expressionSource(scope, match.inner.trim(), hops);
    if (field) return field;
  }
  for (const variable of shellVariables(value)) {
    if (ENVIRONMENT_FILES.includes(variable)) continue;
    const field = envSource(scope, variable, hops);
    if (field) return field;
  }
  return null;
}

const ENVIRONMENT_FILES = ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"];

/** One `name=value` (or `name<<DELIMITER` … `DELIMITER`) a script writes to an environment file. */
export interface FileAssignment {
  name: string;
  /** The value as written in the script (quotes, expressions and variables included). */
  value: string;
  line: ScriptLine;
}

const ASSIGNMENT = /(?:^|[\s"'])([A-Za-z_][A-Za-z0-9_-]*)(=|<<)(.*)$/;
/** `} >> "$GITHUB_ENV"` closing a `{ … }` group whose every line writes to the file. */
const GROUP_END = /^\s*\}\s*(?:>>?|\|\s*tee\s+(?:-a\s+)?)\s*"?\$\{?(GITHUB_[A-Z]+)\b/;

/**
 * What a script writes to `$GITHUB_OUTPUT` or `$GITHUB_ENV`: `echo "name=value" >> "$FILE"` lines,
 * multi-line values (`echo "name<<EOF"` … `echo EOF`), and lines of a `{ …; } >> "$FILE"` group.
 * Lines too long to judge are left out.
 */
export function fileAssignments(
  lines: readonly ScriptLine[],
  file: "GITHUB_OUTPUT" | "GITHUB_ENV",
): FileAssignment[] {
  let byFile = assignmentsOf.get(lines);
  if (!byFile) {
    byFile = new Map();
    assignmentsOf.set(lines, byFile);
  }
  let found = byFile.get(file);
  if (!found) {
    found = readAssignments(lines, file);
    byFile.set(file, found);
  }
  return found;
}

/** A step's writes, read once per script (every question about a later step reads them again). */
const assignmentsOf = new WeakMap<readonly ScriptLine[], Map<string, FileAssignment[]>>();

function readAssignments(
  lines: readonly ScriptLine[],
  file: "GITHUB_OUTPUT" | "GITHUB_ENV",
): FileAssignment[] {
  const writing: ScriptLine[] = [];
  let group: ScriptLine[] | null = null;
  for (const line of lines) {
    if (!isJudgeable(line.text)) continue;
    if (group === null && /^\s*\{\s*$/.test(line.text)) {
      group = [];
      continue;
    }
    if (group !== null) {
      const end = GROUP_END.exec(line.text);
      if (end) {
        if (end[1] === file) writing.push(...group);
        group = null;
      } else if (/^\s*\}/.test(line.text)) {
        group = null;
      } else {
        group.push(line);
      }
      continue;
    }
    if (writesTo(line.text, file)) writing.push(line);
  }
  const assignments: FileAssignment[] = [];
  let heredoc: { name: string; delimiter: string; value: string[]; line: ScriptLine } | null = null;
  for (const line of writing) {
    const content = line.text.replace(/^\s*(?:echo|printf)\s+(?:-[a-z]+\s+)?/, "");
    if (heredoc) {
      if (content.replace(/["'\s]|>>?.*$/g, "") === heredoc.delimiter) {
        assignments.push({ name: heredoc.name, value: heredoc.value.join("\n"), line: heredoc.line });
        heredoc = null;
      } else {
        heredoc.value.push(content);
      }
      continue;
    }
    const match = ASSIGNMENT.exec(content);
    if (!match) continue;
    if (match[2] === "<<") {
      const delimiter = /^([A-Za-z0-9_]+)/.exec(match[3]!)?.[1];
      if (delimiter) heredoc = { name: match[1]!, delimiter, value: [], line };
      continue;
    }
    assignments.push({ name: match[1]!, value: match[3]!, line });
  }
  // A value never closed by its delimiter is still what the step wrote.
  if (heredoc) assignments.push({ name: heredoc.name, value: heredoc.value.join("\n"), line: heredoc.line });
  return assignments;
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

const MAX_HOPS = 6;

/**
 * Answers already worked out, per model part (a job's step list, the model) and question. Hops
 * bound the depth; remembering bounds the work, so a hostile file whose variables all refer to
 * one another costs each question once per depth instead of exponentially many times.
 */
const answers = new WeakMap<object, Map<string, string | null>>();

function remembered(owner: object, key: string, compute: () => string | null): string | null {
  let table = answers.get(owner);
  if (!table) {
    table = new Map();
    answers.set(owner, table);
  }
  const known = table.get(key);
  if (known !== undefined) return known;
  // A question that leads back to itself is not evidence: it answers null while it is open.
  table.set(key, null);
  const value = compute();
  table.set(key, value);
  return value;
}

/**
 * The untrusted field behind an expression: directly, through `env.NAME`, or through
 * `steps.<id>.outputs.<name>` of an earlier step that wrote it to `$GITHUB_OUTPUT`.
 */
export function expressionSource(scope: StepScope, expression: string, hops = 0): string | null {
  const direct = directSource(expression, scope.model) ?? callerInputSource(scope, expression);
  if (direct) return direct;
  if (hops >= MAX_HOPS || isBooleanExpression(expression)) return null;
  for (const reference of references(expression)) {
    const env = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/i.exec(reference);
    if (env) {
      const original = expressionText(expression, env[1]!);
      const field = envSource(scope, original, hops + 1);
      if (field) return `${field} (via env.${original})`;
      continue;
    }
    const output = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/i.exec(reference);
    if (output) {
      const field = outputSource(scope, output[1]!, output[2]!, hops + 1);
      if (field) return `${field} (via steps.${output[1]}.outputs.${output[2]})`;
      continue;
    }
    const needs = /^needs\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/i.exec(reference);
    if (needs) {
      const field = jobOutputSource(scope, needs[1]!, needs[2]!, hops + 1);
      if (field) return `${field} (via needs.${needs[1]}.outputs.${needs[2]})`;
    }
  }
  return null;
}

/**
 * `inputs.<name>` of a string input the caller passes, or the whole `inputs` object
 * (`toJSON(inputs)`, which holds them all), when the scope asks for them (booleans are safe).
 */
function callerInputSource(scope: StepScope, expression: string): string | null {
  if (!scope.callerInputs || isBooleanExpression(expression)) return null;
  const whole = /(?<![\w.-])inputs(?!\s*[.[\w-])/i.test(withoutStrings(expression));
  if (whole && scope.callerInputs.size > 0) return "inputs";
  for (const reference of references(expression)) {
    const input = /^inputs\.([A-Za-z0-9_-]+)$/.exec(reference);
    if (input && scope.callerInputs.has(input[1]!)) return reference;
  }
  return null;
}

/**
 * A job's `outputs.<name>` (read by another job as `needs.<job>.outputs.<name>`): its value is
 * evaluated as if after the job's last step, so it sees every step's outputs.
 */
function jobOutputSource(scope: StepScope, jobId: string, name: string, hops: number): string | null {
  return remembered(scope.model, `${askingFor(scope)} needs ${hops} ${jobId} ${name}`.toLowerCase(), () =>
    computeJobOutputSource(scope, jobId, name, hops),
  );
}

function computeJobOutputSource(scope: StepScope, jobId: string, name: string, hops: number): string | null {
  const job = scope.model.jobs.find((candidate) => candidate.id.toLowerCase() === jobId.toLowerCase());
  // A reusable workflow's outputs come from the called file, which this one does not show.
  if (!job || job === scope.job || job.uses) return null;
  const outputs = child(job.node, "outputs");
  if (outputs?.kind !== "map") return null;
  const output = outputs.entries.find((item) => item.key.toLowerCase() === name.toLowerCase());
  const value = asScalar(output?.value);
  if (!value) return null;
  const end: StepScope = { ...scope, job, steps: job.steps, position: job.steps.length };
  for (const expression of value.expressions) {
    const field = expressionSource(end, expression.text, hops);
    if (field) return field;
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
  return remembered(
    scope.steps,
    `${askingFor(scope)} output ${scope.position} ${hops} ${id} ${name}`.toLowerCase(),
    () => computeOutputSource(scope, id, name, hops),
  );
}

function computeOutputSource(scope: StepScope, id: string, name: string, hops: number): string | null {
  for (let position = 0; position < scope.position; position++) {
    const step = scope.steps[position]!;
    if (asScalar(child(step.node, "id"))?.text.trim().toLowerCase() !== id.toLowerCase()) continue;
    const earlier: StepScope = { ...scope, position };
    const known = knownOutputSource(scope.model, step, name);
    if (known) return known;
    for (const write of fileAssignments(step.runLines, "GITHUB_OUTPUT")) {
      if (write.name.toLowerCase() !== name.toLowerCase()) continue;
      const field = valueSource(earlier, write.value, hops);
      if (field) return field;
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

/** One `${{ }}` expression that GitHub pastes into code before it runs, with what runs it. */
export interface ScriptExpression {
  expression: Expression;
  /** "a run script", or the input of the action that runs it. */
  where: string;
  scope: StepScope;
}

/**
 * Every expression expanded into code: `run:` scripts, and the inputs that the actions of
 * `CODE_INPUT_ACTIONS` run as code (`actions/github-script` `script:` …).
 */
export function* scriptExpressions(model: WorkflowModel): Generator<ScriptExpression> {
  for (const { step, scope } of stepScopes(model)) {
    for (const expression of step.run?.expressions ?? []) yield { expression, where: "a run script", scope };
    const runner = CODE_INPUT_ACTIONS.find((action) => usesAction(step, action.repository));
    if (!runner) continue;
    for (const input of runner.inputs) {
      const where = `the ${input} input of ${runner.repository}, which runs it as ${runner.runs}`;
      for (const expression of withValue(step, input)?.expressions ?? []) yield { expression, where, scope };
    }
  }
}
