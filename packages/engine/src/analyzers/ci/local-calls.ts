// The cross-file half of template injection. A composite action or reusable workflow that pastes
// `${{ inputs.X }}` into a script is only a possible injection on its own; a workflow of the same
// repository that calls it (`uses: ./.github/actions/greet`) with an outsider's text in `with: X:`
// makes it a known one. Each file is judged alone, in its worker, into two short lists (which of
// its inputs it expands into code, which outsider fields it passes to which local call); only
// those lists cross files, and the project rule `ci/template-injection-through-input` joins them.
import {
  asScalar,
  callerInputs,
  child,
  type Job,
  type Step,
  type WorkflowModel,
  type YamlEntry,
} from "./model.ts";
import {
  expressionSource,
  type ScriptExpression,
  type StepScope,
  scriptExpressions,
  stepScopes,
} from "./taint.ts";

/** One expansion of a caller's input into code (the first one per input is kept). */
export interface InputExpansion {
  /** Lower-case input name. */
  input: string;
  where: string;
  line: number;
  column: number;
}

/** An outsider-written value passed to an input of a local action or reusable workflow. */
export interface LocalCallArgument {
  /** The `uses:` value as written (`./.github/actions/greet`). */
  target: string;
  /** Lower-case input name (the `with:` key). */
  input: string;
  /** The outsider's field, as `ci/template-injection` names it (`github.event.issue.title`). */
  field: string;
  line: number;
  column: number;
}

export interface LocalCallSummary {
  expands: InputExpansion[];
  passes: LocalCallArgument[];
}

/**
 * Every expression of a script that expands one of the file's caller inputs, with that input.
 * An expression that also reads an outsider's field is left to `ci/template-injection`.
 */
export function* inputExpansions(
  model: WorkflowModel,
): Generator<ScriptExpression & { input: string; source: string }> {
  const inputs = callerInputs(model);
  if (inputs.size === 0) return;
  for (const item of scriptExpressions(model)) {
    if (expressionSource(item.scope, item.expression.text)) continue;
    const source = expressionSource({ ...item.scope, callerInputs: inputs }, item.expression.text);
    // the answer starts with the input it comes from (`inputs.title (via env.TITLE)`); `*` for the
    // whole object (`toJSON(inputs)`), which holds every input
    const from = source ? /^inputs(?:\.([A-Za-z0-9_-]+))?/.exec(source) : null;
    if (source && from) yield { ...item, input: (from[1] ?? "*").toLowerCase(), source };
  }
}

export function summarizeLocalCalls(model: WorkflowModel): LocalCallSummary {
  const expands: InputExpansion[] = [];
  const seen = new Set<string>();
  for (const { input, where, expression } of inputExpansions(model)) {
    if (seen.has(input)) continue;
    seen.add(input);
    expands.push({ input, where, line: expression.line, column: expression.column });
  }
  const passes: LocalCallArgument[] = [];
  // steps calling a local action, with the step's own scope (its env, earlier steps' outputs)
  for (const { step, scope } of stepScopes(model)) {
    if (step.uses?.kind === "local") passes.push(...outsiderArguments(step.uses.raw, step.with, scope));
  }
  // jobs calling a local reusable workflow: `with:` sits on the job, which has no steps before it
  for (const job of model.jobs) {
    if (job.uses?.kind !== "local") continue;
    const entries = withEntries(job);
    passes.push(...outsiderArguments(job.uses.raw, entries, { model, job, steps: [], position: 0 }));
  }
  return { expands, passes };
}

function withEntries(job: Job): YamlEntry[] {
  const node = child(job.node, "with");
  return node?.kind === "map" ? node.entries : [];
}

function outsiderArguments(target: string, entries: Step["with"], scope: StepScope): LocalCallArgument[] {
  const out: LocalCallArgument[] = [];
  for (const entry of entries) {
    for (const expression of asScalar(entry.value)?.expressions ?? []) {
      const field = expressionSource(scope, expression.text);
      if (!field) continue;
      out.push({
        target,
        input: entry.key.toLowerCase(),
        field,
        line: expression.line,
        column: expression.column,
      });
      break; // one outsider field per input is enough to name the injection
    }
  }
  return out;
}

/**
 * The scanned files a local `uses:` can name: a reusable workflow's file, or an action folder's
 * `action.yml`/`action.yaml`. Paths are the repository's (GitHub resolves `./` from the checkout
 * root), so they match only when the scan root is the repository root.
 */
export function localTargetPaths(target: string): string[] {
  const path = target
    .replace(/\\/g, "/")
    .replace(/^(?:\.\/)+/, "")
    .replace(/\/+$/, "");
  if (/\.ya?ml$/i.test(path)) return [path];
  const folder = path === "" || path === "." ? "" : `${path}/`; // `uses: ./` is the repository's root action
  return [`${folder}action.yml`, `${folder}action.yaml`];
}
