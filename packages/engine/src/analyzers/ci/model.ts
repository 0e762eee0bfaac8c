// The typed model of a GitHub Actions workflow (`.github/workflows/*.yml`) or action (`action.yml`):
// triggers, permissions, jobs, steps, `uses:` references and scripts, each with the position of
// its key. Built on the positioned YAML tree; rules never see raw YAML.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import { parseYamlTrees } from "../../parse/yaml-tree.ts";
import type { SourceFile } from "../../source.ts";
import {
  asScalar,
  child,
  entry,
  type Position,
  workflowTree,
  type YamlEntry,
  type YamlMap,
  type YamlNode,
  type YamlScalar,
} from "./yaml-tree.ts";

export type { Expression, Position, YamlEntry, YamlMap, YamlNode, YamlScalar } from "./yaml-tree.ts";
export { asScalar, child, entry, scalars } from "./yaml-tree.ts";

/** A parsed `uses:` value. */
export interface UsesReference {
  raw: string;
  at: Position;
  /** Index of the value in the file and one past it, for fixes. */
  index: number;
  end: number;
  /** `local` (./path), `docker` (docker://image) or `repository` (owner/repo[/path]@ref). */
  kind: "local" | "docker" | "repository";
  /** Lower-case `owner/repo` for repository references. */
  repository: string;
  /** The part after `@`, or null when missing. */
  ref: string | null;
  /** True when the value is written in quotes (a fix must then stay inside them). */
  quoted: boolean;
}

export interface Trigger {
  name: string;
  at: Position;
  config: YamlNode | null;
}

export interface Permissions {
  /** The `permissions:` key. */
  at: Position;
  node: YamlNode | null;
  /** `write-all`, `read-all`, `{}` (none), or a map of scopes. */
  shorthand: "write-all" | "read-all" | null;
  scopes: { name: string; value: string; at: Position }[];
}

export interface EnvVar {
  name: string;
  at: Position;
  value: YamlNode | null;
}

export interface Step {
  /** Position of the step's first key (the line after `- `). */
  at: Position;
  /** Index of the step's first key, and its column: what an inserted key must be indented to. */
  index: number;
  name: string | undefined;
  uses: UsesReference | null;
  run: YamlScalar | null;
  /** The script's lines as written in the file, each with its own position (block scalars included). */
  runLines: ScriptLine[];
  /** The `with:` entry (key position) and its map. */
  withEntry: YamlEntry | undefined;
  with: YamlEntry[];
  env: EnvVar[];
  node: YamlMap;
}

export interface ScriptLine extends Position {
  text: string;
}

export interface ImageReference {
  image: string;
  at: Position;
  /** `credentials:` of a job container or service. */
  credentials: YamlNode | null;
}

export interface Job {
  id: string;
  at: Position;
  node: YamlMap;
  permissions: Permissions | null;
  runsOn: YamlNode | null;
  runsOnAt: Position | null;
  container: ImageReference | null;
  services: ImageReference[];
  steps: Step[];
  /** A reusable workflow call (`jobs.<id>.uses`). */
  uses: UsesReference | null;
  /** `secrets:` of a reusable workflow call. */
  secrets: YamlEntry | undefined;
  env: EnvVar[];
  if: YamlScalar | null;
}

/** One entry of a Dependabot configuration's `updates:` list. */
export interface DependabotUpdate {
  /** Position of the entry's first key. */
  at: Position;
  ecosystem: YamlScalar | null;
  node: YamlMap;
}

export interface WorkflowModel {
  /** `dependabot` is `.github/dependabot.yml`: only `root` and `dependabotUpdates` are filled. */
  kind: "workflow" | "action" | "dependabot";
  root: YamlMap;
  /** The `on:` key, when present. */
  onAt: Position | null;
  /** Index just past the `on:` entry's value: where a top-level key can be inserted after it. */
  onEnd: number | null;
  triggers: Trigger[];
  permissions: Permissions | null;
  env: EnvVar[];
  jobs: Job[];
  /** For actions: `runs.using` and `runs.steps` (composite) or `runs.image` (docker). */
  using: string | undefined;
  actionImage: YamlScalar | null;
  actionSteps: Step[];
  dependabotUpdates: DependabotUpdate[];
}

const MAX_BYTES = 2_000_000;

export function parseWorkflow(file: SourceFile): ParseResult<WorkflowModel> {
  if (file.text.length > MAX_BYTES) return skipped("file larger than 2 MB");
  const trees = parseYamlTrees(file);
  if (!trees.ok) return skipped(`invalid YAML: ${trees.reason}`);
  if (trees.documents.length > 1)
    return skipped(`not a workflow or action: ${trees.documents.length} YAML documents in one file`);
  const root = trees.documents[0] ? workflowTree(file, trees.documents[0]) : null;
  if (root?.kind !== "map") return skipped("not a workflow or action: the document is not a mapping");
  if (/(?:^|\/)dependabot\.ya?ml$/i.test(file.path) && entry(root, "updates") !== undefined)
    return parsed(dependabotModel(root));
  const isAction = entry(root, "runs") !== undefined && entry(root, "jobs") === undefined;
  if (!isAction && entry(root, "jobs") === undefined)
    return skipped("not a workflow or action: no jobs or runs");

  // GitHub reads `on`; a YAML 1.1 writer may have produced `true` for it
  const onEntry = entry(root, "on") ?? entry(root, "true");
  const runs = child(root, "runs");
  const model: WorkflowModel = {
    kind: isAction ? "action" : "workflow",
    root,
    onAt: onEntry?.at ?? null,
    onEnd: onEntry ? (onEntry.value?.end ?? onEntry.keyIndex) : null,
    triggers: onEntry ? triggers(onEntry) : [],
    permissions: permissions(entry(root, "permissions")),
    env: envVars(child(root, "env")),
    jobs: jobs(child(root, "jobs"), file),
    using: asScalar(child(runs, "using"))?.text,
    actionImage: asScalar(child(runs, "image")),
    actionSteps: steps(child(runs, "steps"), file),
    dependabotUpdates: [],
  };
  return parsed(model);
}

function dependabotModel(root: YamlMap): WorkflowModel {
  const updates = child(root, "updates");
  const dependabotUpdates: DependabotUpdate[] =
    updates?.kind === "seq"
      ? updates.items
          .filter((item): item is YamlMap => item.kind === "map")
          .map((item) => ({
            at: item.entries[0]?.at ?? { line: item.line, column: item.column },
            ecosystem: asScalar(child(item, "package-ecosystem")),
            node: item,
          }))
      : [];
  return {
    kind: "dependabot",
    root,
    onAt: null,
    onEnd: null,
    triggers: [],
    permissions: null,
    env: [],
    jobs: [],
    using: undefined,
    actionImage: null,
    actionSteps: [],
    dependabotUpdates,
  };
}

function triggers(on: YamlEntry): Trigger[] {
  const value = on.value;
  if (!value) return [];
  if (value.kind === "scalar")
    return [{ name: value.text, at: { line: value.line, column: value.column }, config: null }];
  if (value.kind === "seq") {
    return value.items
      .filter((item): item is YamlScalar => item.kind === "scalar")
      .map((item) => ({ name: item.text, at: { line: item.line, column: item.column }, config: null }));
  }
  return value.entries.map((item) => ({ name: item.key, at: item.at, config: item.value }));
}

function permissions(found: YamlEntry | undefined): Permissions | null {
  if (!found) return null;
  const value = found.value;
  const result: Permissions = { at: found.at, node: value, shorthand: null, scopes: [] };
  if (value?.kind === "scalar") {
    if (value.text === "write-all" || value.text === "read-all") result.shorthand = value.text;
  } else if (value?.kind === "map") {
    for (const scope of value.entries) {
      const scalar = asScalar(scope.value);
      if (scalar) result.scopes.push({ name: scope.key, value: scalar.text, at: scope.at });
    }
  }
  return result;
}

function envVars(node: YamlNode | null): EnvVar[] {
  if (node?.kind !== "map") return [];
  return node.entries.map((item) => ({ name: item.key, at: item.at, value: item.value }));
}

export function parseUses(scalar: YamlScalar): UsesReference {
  const raw = scalar.text.trim();
  const base = {
    raw,
    at: { line: scalar.line, column: scalar.column },
    index: scalar.index,
    end: scalar.end,
    quoted: scalar.style === "single" || scalar.style === "double",
  };
  if (raw.startsWith("./") || raw.startsWith(".\\"))
    return { ...base, kind: "local", repository: "", ref: null };
  if (raw.startsWith("docker://")) return { ...base, kind: "docker", repository: "", ref: null };
  const at = raw.lastIndexOf("@");
  const path = at === -1 ? raw : raw.slice(0, at);
  const [owner = "", repo = ""] = path.split("/");
  return {
    ...base,
    kind: "repository",
    repository: `${owner}/${repo}`.toLowerCase(),
    ref: at === -1 ? null : raw.slice(at + 1),
  };
}

function usesOf(node: YamlNode | null): UsesReference | null {
  const scalar = asScalar(child(node, "uses"));
  return scalar && scalar.text.trim() !== "" ? parseUses(scalar) : null;
}

/** The source lines of a scalar's value: the content lines of a block scalar, or the one line. */
function scriptLines(file: SourceFile, scalar: YamlScalar | null): ScriptLine[] {
  if (!scalar) return [];
  const start = file.positionAt(scalar.index);
  const endLine = file.positionAt(scalar.end).line;
  const block = scalar.style === "literal" || scalar.style === "folded";
  const lines: ScriptLine[] = [];
  for (let line = block ? start.line + 1 : start.line; line <= endLine; line++) {
    const text = file.lineText(line);
    const from = line === start.line ? start.column - 1 : text.length - text.trimStart().length;
    if (text.trim() === "") continue;
    lines.push({ text: text.slice(from), line, column: from + 1 });
  }
  return lines;
}

function steps(node: YamlNode | null, file: SourceFile): Step[] {
  if (node?.kind !== "seq") return [];
  const result: Step[] = [];
  for (const item of node.items) {
    if (item.kind !== "map") continue;
    const withEntry = entry(item, "with");
    const first = item.entries[0];
    result.push({
      at: first ? first.at : { line: item.line, column: item.column },
      index: first ? first.keyIndex : item.index,
      name: asScalar(child(item, "name"))?.text,
      uses: usesOf(item),
      run: asScalar(child(item, "run")),
      runLines: scriptLines(file, asScalar(child(item, "run"))),
      withEntry,
      with: withEntry?.value?.kind === "map" ? withEntry.value.entries : [],
      env: envVars(child(item, "env")),
      node: item,
    });
  }
  return result;
}

function image(node: YamlNode | null): ImageReference | null {
  if (!node) return null;
  if (node.kind === "scalar") {
    return node.text.trim() === ""
      ? null
      : { image: node.text.trim(), at: { line: node.line, column: node.column }, credentials: null };
  }
  const value = asScalar(child(node, "image"));
  if (!value || value.text.trim() === "") return null;
  return {
    image: value.text.trim(),
    at: { line: value.line, column: value.column },
    credentials: child(node, "credentials"),
  };
}

function jobs(node: YamlNode | null, file: SourceFile): Job[] {
  if (node?.kind !== "map") return [];
  const result: Job[] = [];
  for (const item of node.entries) {
    const job = item.value;
    if (job?.kind !== "map") continue;
    const runsOn = entry(job, "runs-on");
    const services = child(job, "services");
    result.push({
      id: item.key,
      at: item.at,
      node: job,
      permissions: permissions(entry(job, "permissions")),
      runsOn: runsOn?.value ?? null,
      runsOnAt: runsOn?.at ?? null,
      container: image(child(job, "container")),
      services:
        services?.kind === "map"
          ? services.entries
              .map((service) => image(service.value))
              .filter((x): x is ImageReference => x !== null)
          : [],
      steps: steps(child(job, "steps"), file),
      uses: usesOf(job),
      secrets: entry(job, "secrets"),
      env: envVars(child(job, "env")),
      if: asScalar(child(job, "if")),
    });
  }
  return result;
}

// --- queries shared by rules -------------------------------------------------------------------

export interface PlacedStep {
  step: Step;
  job: Job | null;
  /** Index of the step in its job (or in the action's `runs.steps`). */
  position: number;
}

/** The steps of each model already listed: a dozen rules list them for every file. */
const stepsOf = new WeakMap<WorkflowModel, readonly PlacedStep[]>();

/** Every step of the file: job steps for workflows, `runs.steps` for composite actions. */
export function allSteps(model: WorkflowModel): readonly PlacedStep[] {
  const cached = stepsOf.get(model);
  if (cached) return cached;
  const out: PlacedStep[] = [];
  for (const job of model.jobs) {
    let position = 0;
    for (const step of job.steps) out.push({ step, job, position: position++ });
  }
  let position = 0;
  for (const step of model.actionSteps) out.push({ step, job: null, position: position++ });
  stepsOf.set(model, out);
  return out;
}

export function hasTrigger(model: WorkflowModel, ...names: string[]): boolean {
  return model.triggers.some((trigger) => names.includes(trigger.name));
}

export function trigger(model: WorkflowModel, name: string): Trigger | undefined {
  return model.triggers.find((item) => item.name === name);
}

/** `actions/checkout@v4` → true for `actions/checkout`. Case-insensitive; ignores a sub-path. */
export function usesAction(step: Step, repository: string): boolean {
  return step.uses?.kind === "repository" && step.uses.repository === repository.toLowerCase();
}

/** The action path without the ref (`actions/cache/restore`), lower-cased. */
export function actionPath(step: Step): string {
  if (step.uses?.kind !== "repository") return "";
  const at = step.uses.raw.lastIndexOf("@");
  return (at === -1 ? step.uses.raw : step.uses.raw.slice(0, at)).toLowerCase();
}

export function withValue(step: Step, key: string): YamlScalar | null {
  return asScalar(step.with.find((item) => item.key === key)?.value);
}

export function withEntry(step: Step, key: string): YamlEntry | undefined {
  return step.with.find((item) => item.key === key);
}

/** A value that is only an expression (`${{ secrets.X }}`), possibly with whitespace around it. */
export function isOnlyExpression(value: string): boolean {
  return /^\s*\$\{\{[\s\S]*\}\}\s*$/.test(value);
}

/** The effective permissions of a job: its own, else the workflow's. */
export function effectivePermissions(model: WorkflowModel, job: Job): Permissions | null {
  return job.permissions ?? model.permissions;
}

export function grantsWrite(permissions: Permissions | null): boolean {
  if (!permissions) return false;
  return permissions.shorthand === "write-all" || permissions.scopes.some((scope) => scope.value === "write");
}

/**
 * The version a `uses:` line's trailing comment names (`# v4.2.2`, `# tag=v4`, `# pin@v4`), or null.
 * Dependabot and Renovate write these next to a SHA pin; they are a claim, not a fact.
 */
export function versionComment(file: SourceFile, uses: UsesReference): string | null {
  const position = file.positionAt(uses.end);
  const rest = file.lineText(position.line).slice(position.column - 1);
  const match =
    /^\s*['"]?\s*#\s*(?:tag\s*=\s*|pin@|ratchet:[^@\s]+@)?(v?\d+(?:\.\d+){0,2}(?:[-+][\w.]+)?)\b/i.exec(rest);
  if (!match) return null;
  // `# 2024` or `# 3 retries` are not versions: require a `v` or a dot, as release tags have
  return /^v/i.test(match[1]!) || match[1]!.includes(".") ? match[1]! : null;
}

/** Input types that cannot carry a quote or a newline into a script. */
const NON_TEXT_INPUT_TYPES = ["boolean", "number"];

/**
 * Lower-case names of the text inputs whose value a caller chooses: every declared input of a
 * composite action (action inputs are strings), and the `workflow_call` inputs of a reusable
 * workflow that are not `boolean` or `number`. `workflow_dispatch` inputs are left out: only
 * users with write access can dispatch a workflow.
 */
export function callerInputs(model: WorkflowModel): ReadonlySet<string> {
  const declared =
    model.kind === "action"
      ? model.using?.trim().toLowerCase() === "composite"
        ? child(model.root, "inputs")
        : null
      : child(trigger(model, "workflow_call")?.config ?? null, "inputs");
  const names = new Set<string>();
  if (declared?.kind !== "map") return names;
  for (const input of declared.entries) {
    const type = asScalar(child(input.value, "type"))?.text.trim().toLowerCase();
    if (model.kind === "workflow" && type && NON_TEXT_INPUT_TYPES.includes(type)) continue;
    names.add(input.key.toLowerCase());
  }
  return names;
}
