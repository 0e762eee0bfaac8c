// What a Terraform root module declares, evaluated with the engine's own parser and evaluator:
// variables from their defaults, `terraform.tfvars`, `*.auto.tfvars` and the given var files (in
// Terraform's order), locals, `terraform.workspace`, and `count` / `for_each` expanded into
// instances addressed as Terraform does (`x.y[0]`, `x.y["eu"]`). Local child modules
// (`source = "./modules/x"`) are entered; other module sources are opaque. Pure: the caller gives
// the repository's files.
import { evaluate, isKnown, UNKNOWN, type Value } from "../analyzers/terraform/evaluate.ts";
import type { Block, Expr, Scope } from "../analyzers/terraform/model.ts";
import { HclSyntaxError, HclTooDeep, parseHcl } from "../analyzers/terraform/parser.ts";
import { SourceFile } from "../source.ts";
import { dirnameOf, joinPath, normalizeFolder } from "./paths.ts";
import { securitySetting } from "./security-settings.ts";
import type { DeclaredResource, DeclaredState } from "./types.ts";
import { Warnings } from "./warnings.ts";

export interface TerraformInput {
  /** Repository-relative folder of the root module ("" or "." for the repository root). */
  path: string;
  /** Repository-relative `*.tfvars` / `*.tfvars.json` files, applied after the auto-loaded ones. */
  varFiles: readonly string[];
  workspace: string;
}

/** Module calls nested deeper than this are not followed (and a cycle ends here). */
const MAX_MODULE_DEPTH = 8;
/** One resource's `count` above this is not expanded: no real configuration declares it. */
const MAX_COUNT = 10_000;
/** Instances (resources and module calls) of the whole configuration: evaluation stops beyond this. */
const MAX_INSTANCES = 100_000;
/** Expression evaluation steps for the whole configuration (a few hundred milliseconds). */
const MAX_EVALUATION_STEPS = 5_000_000;

/** Arguments Terraform itself reads; never part of the resource's configuration. */
const META_ARGUMENTS = new Set(["count", "for_each", "provider", "depends_on"]);
const META_BLOCKS = new Set(["lifecycle", "provisioner", "connection"]);

interface ModuleFiles {
  dir: string;
  blocks: { block: Block; file: string }[];
}

class Evaluation {
  readonly resources: DeclaredResource[] = [];
  readonly opaque: string[] = [];
  readonly warnings: string[] = new Warnings();
  /** The root module's variables, their sensitivity, and which of them set watched attributes. */
  readonly rootVariables: Record<string, unknown> = {};
  readonly sensitiveVariables: string[] = [];
  readonly securityVariables = new Set<string>();
  readonly #files: ReadonlyMap<string, string>;
  readonly #workspace: string;
  readonly #parsed = new Map<string, ModuleFiles>();
  readonly budget = { remaining: MAX_EVALUATION_STEPS };
  #instances = 0;

  constructor(files: ReadonlyMap<string, string>, workspace: string) {
    this.#files = files;
    this.#workspace = workspace;
  }

  /** The `.tf` files directly in a folder, parsed once. */
  module(dir: string): ModuleFiles {
    const cached = this.#parsed.get(dir);
    if (cached) return cached;
    const blocks: ModuleFiles["blocks"] = [];
    const paths = [...this.#files.keys()]
      .filter((path) => path.endsWith(".tf") && dirnameOf(path) === dir)
      .sort();
    for (const path of paths) {
      for (const block of this.parse(path) ?? []) blocks.push({ block, file: path });
    }
    const module = { dir, blocks };
    this.#parsed.set(dir, module);
    return module;
  }

  parse(path: string, wrap = false): Block[] | undefined {
    const text = this.#files.get(path);
    if (text === undefined) {
      this.warnings.push(`${path} does not exist`);
      return undefined;
    }
    try {
      // A tfvars file is a body of attributes: read it as the body of a block.
      return parseHcl(new SourceFile(path, wrap ? `tfvars {\n${text}\n}` : text));
    } catch (error) {
      if (error instanceof HclSyntaxError || error instanceof HclTooDeep) {
        this.warnings.push(`${path} is not valid HCL`);
        return undefined;
      }
      throw error;
    }
  }

  /** A tfvars file's values, or undefined when it cannot be read. */
  varFile(path: string): Record<string, Value> | undefined {
    if (path.endsWith(".json")) {
      const text = this.#files.get(path);
      if (text === undefined) {
        this.warnings.push(`${path} does not exist`);
        return undefined;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
          return parsed as Record<string, Value>;
      } catch {
        // reported below
      }
      this.warnings.push(`${path} is not a JSON object`);
      return undefined;
    }
    const [body] = this.parse(path, true) ?? [];
    if (!body) return undefined;
    const empty: Scope = { variableDefaults: new Map(), locals: new Map(), budget: this.budget };
    const values: Record<string, Value> = Object.create(null);
    for (const attribute of body.attributes.values())
      values[attribute.name] = evaluate(attribute.value, empty);
    return values;
  }

  /**
   * Evaluates one instance of a module: its resources, and the module calls in it.
   * `inputs` are the values given by the caller (tfvars for the root); a variable without input
   * takes its default, and one with neither is unknown.
   */
  instance(
    dir: string,
    prefix: string,
    inputs: Record<string, Value>,
    depth: number,
    sensitiveInputs: ReadonlySet<string> = new Set(),
  ): void {
    const module = this.module(dir);
    // Variables declared `sensitive`, and those a caller fed from one of its sensitive values.
    const sensitive = new Set(sensitiveInputs);
    const variables: Record<string, Value> = Object.create(null);
    const locals = new Map<string, Expr>();
    const noVars: Scope = { variableDefaults: new Map(), locals: new Map(), budget: this.budget };
    for (const { block } of module.blocks) {
      if (block.type === "variable" && block.labels[0] !== undefined) {
        const name = block.labels[0];
        const marked = block.attributes.get("sensitive");
        if (marked?.value.kind === "literal" && marked.value.value === true) sensitive.add(name);
        if (Object.hasOwn(inputs, name)) variables[name] = inputs[name]!;
        else {
          const fallback = block.attributes.get("default");
          variables[name] = fallback ? evaluate(fallback.value, noVars) : UNKNOWN;
        }
      } else if (block.type === "locals") {
        for (const attribute of block.attributes.values()) locals.set(attribute.name, attribute.value);
      }
    }
    const bindings = new Map<string, unknown>([
      ["var", variables],
      ["terraform", { workspace: this.#workspace }],
      ["path", { module: dir || ".", root: "." }],
    ]);
    const scope: Scope = { variableDefaults: new Map(), locals, bindings, budget: this.budget };
    if (depth === 0) this.recordRootVariables(module, variables, locals, sensitive);
    for (const { block, file } of module.blocks) {
      if (block.type === "resource" && block.labels.length === 2)
        this.resource(block, file, prefix, scope, sensitivePathsOf(block, locals, sensitive));
      else if (block.type === "module" && block.labels[0] !== undefined)
        this.moduleCall(block, module.dir, prefix, scope, depth, locals, sensitive);
    }
  }

  recordRootVariables(
    module: ModuleFiles,
    variables: Record<string, Value>,
    locals: ReadonlyMap<string, Expr>,
    sensitive: ReadonlySet<string>,
  ): void {
    this.sensitiveVariables.push(...[...sensitive].sort());
    for (const [name, value] of Object.entries(variables)) {
      const unknown: string[] = [];
      const plain = toPlain(value, name, unknown);
      if (plain !== undefined && unknown.length === 0) this.rootVariables[name] = plain;
    }
    for (const { block } of module.blocks) {
      if (block.type !== "resource" || block.labels[0] === undefined) continue;
      const type = block.labels[0];
      forEachAttribute(block, "", (path, expr) => {
        if (securitySetting("terraform", type, path) === undefined) return;
        for (const name of variablesIn(expr, locals)) this.securityVariables.add(name);
      });
    }
  }

  resource(block: Block, file: string, prefix: string, scope: Scope, sensitive: string[]): void {
    const [type, name] = block.labels as [string, string];
    const base = `${prefix}${type}.${name}`;
    const instances = this.instances(block, scope, base);
    if (!instances) return;
    const ignored = ignoredChanges(block);
    for (const { key, bindings } of instances) {
      if (!this.admit()) return;
      const instanceScope = withBindings(scope, bindings);
      const unknown: string[] = [];
      const address = `${base}${key}`;
      this.resources.push({
        address,
        type,
        key: address,
        attributes: bodyOf(block, instanceScope, "", unknown),
        unknown,
        file,
        ...(ignored.length > 0 ? { ignored } : {}),
        ...(sensitive.length > 0 ? { sensitive } : {}),
      });
    }
  }

  /** Counts one more instance; false (and a warning, once) beyond the limit. */
  admit(): boolean {
    if (++this.#instances <= MAX_INSTANCES) return true;
    if (this.#instances === MAX_INSTANCES + 1)
      this.warnings.push(
        `more than ${MAX_INSTANCES} resource and module instances: the rest were not evaluated`,
      );
    return false;
  }

  moduleCall(
    block: Block,
    dir: string,
    prefix: string,
    scope: Scope,
    depth: number,
    locals: ReadonlyMap<string, Expr>,
    sensitive: ReadonlySet<string>,
  ): void {
    const name = block.labels[0]!;
    const base = `${prefix}module.${name}`;
    const source = evaluate(block.attributes.get("source")?.value, scope);
    const local = typeof source === "string" && (source.startsWith("./") || source.startsWith("../"));
    const childDir = local ? joinPath(dir, source) : undefined;
    if (childDir === undefined || depth >= MAX_MODULE_DEPTH) {
      // A registry or git module is not in the files we were given; its resources cannot be told.
      this.opaque.push(base);
      if (childDir === undefined && local)
        this.warnings.push(`module ${base}: ${String(source)} is outside the repository`);
      else if (local)
        this.warnings.push(
          `module ${base}: modules nested deeper than ${MAX_MODULE_DEPTH} are not evaluated`,
        );
      return;
    }
    if (!this.module(childDir).blocks.length) {
      this.opaque.push(base);
      this.warnings.push(`module ${base}: no Terraform files in ${childDir || "."}`);
      return;
    }
    const instances = this.instances(block, scope, base);
    if (!instances) return;
    const sensitiveInputs = new Set(
      [...block.attributes.values()]
        .filter((attribute) => variablesIn(attribute.value, locals).some((name) => sensitive.has(name)))
        .map((attribute) => attribute.name),
    );
    for (const { key, bindings } of instances) {
      if (!this.admit()) return;
      const instanceScope = withBindings(scope, bindings);
      const inputs: Record<string, Value> = Object.create(null);
      for (const attribute of block.attributes.values()) {
        if (attribute.name === "source" || attribute.name === "version" || attribute.name === "providers")
          continue;
        if (META_ARGUMENTS.has(attribute.name)) continue;
        inputs[attribute.name] = evaluate(attribute.value, instanceScope);
      }
      this.instance(childDir, `${base}${key}.`, inputs, depth + 1, sensitiveInputs);
    }
  }

  /**
   * The instances of a resource or module call: one without `count`/`for_each`; the index keys
   * otherwise. Undefined (and the address made opaque) when they cannot be told.
   */
  instances(
    block: Block,
    scope: Scope,
    base: string,
  ): { key: string; bindings: [string, unknown][] }[] | undefined {
    const count = block.attributes.get("count");
    const forEach = block.attributes.get("for_each");
    if (count) {
      const value = evaluate(count.value, scope);
      const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_COUNT) {
        this.opaque.push(base);
        return undefined;
      }
      return Array.from({ length: n }, (_, index) => ({
        key: `[${index}]`,
        bindings: [["count", { index }]],
      }));
    }
    if (forEach) {
      const value = evaluate(forEach.value, scope);
      if (!isKnown(value) || value === null || typeof value !== "object") {
        this.opaque.push(base);
        return undefined;
      }
      let entries: [string, Value][];
      if (Array.isArray(value)) {
        // A set of strings: each.key and each.value are the element.
        if (!value.every((item) => typeof item === "string")) {
          this.opaque.push(base);
          return undefined;
        }
        entries = [...new Set(value as string[])].map((item) => [item, item]);
      } else {
        entries = Object.entries(value);
      }
      if (entries.length > MAX_COUNT) {
        this.opaque.push(base);
        return undefined;
      }
      return entries
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => ({
          key: `[${JSON.stringify(key)}]`,
          bindings: [["each", { key, value: item }]],
        }));
    }
    return [{ key: "", bindings: [] }];
  }
}

/** Every attribute of a block and its nested blocks, with its path (indexes left out). */
function forEachAttribute(block: Block, prefix: string, visit: (path: string, expr: Expr) => void): void {
  for (const attribute of block.attributes.values()) visit(`${prefix}${attribute.name}`, attribute.value);
  for (const child of block.blocks) forEachAttribute(child, `${prefix}${child.type}.`, visit);
}

/** `lifecycle { ignore_changes = [tags, root_block_device[0].size] }` as paths; `*` for `all`. */
function ignoredChanges(block: Block): string[] {
  const lifecycle = block.blocks.find((child) => child.type === "lifecycle");
  const value = lifecycle?.attributes.get("ignore_changes")?.value;
  if (!value) return [];
  if (value.kind === "reference" && value.path.length === 1 && value.path[0] === "all") return ["*"];
  if (value.kind === "literal" && value.value === "all") return ["*"];
  if (value.kind !== "tuple") return [];
  return value.items.flatMap((item) => {
    if (item.kind === "reference" && !item.path.includes("*")) return [item.path.join(".")];
    // Terraform before 0.12 wrote the names as strings
    if (item.kind === "literal" && typeof item.value === "string") return [item.value];
    return [];
  });
}

/** Attribute paths (no indexes) of a block set from a sensitive variable. */
function sensitivePathsOf(
  block: Block,
  locals: ReadonlyMap<string, Expr>,
  sensitive: ReadonlySet<string>,
): string[] {
  if (sensitive.size === 0) return [];
  const out: string[] = [];
  forEachAttribute(block, "", (path, expr) => {
    if (variablesIn(expr, locals).some((name) => sensitive.has(name))) out.push(path);
  });
  return out;
}

/** The `var.x` an expression reads, directly or through locals (each local read once: no blow-up). */
function variablesIn(expr: Expr, locals: ReadonlyMap<string, Expr>): string[] {
  const seen = new Set<string>();
  const out = new Set<string>();
  const pending: Expr[] = [expr];
  while (pending.length > 0) {
    const current = pending.pop()!;
    switch (current.kind) {
      case "reference": {
        const [root, name] = current.path;
        if (root === "var" && name) out.add(name);
        else if (root === "local" && name && !seen.has(name)) {
          seen.add(name);
          const local = locals.get(name);
          if (local) pending.push(local);
        }
        break;
      }
      case "template":
        for (const part of current.parts) if (typeof part !== "string") pending.push(part);
        break;
      case "tuple":
        pending.push(...current.items);
        break;
      case "object":
        for (const entry of current.entries) pending.push(entry.value);
        break;
      case "call":
        pending.push(...current.args);
        break;
      case "unary":
        pending.push(current.operand);
        break;
      case "conditional":
        pending.push(current.condition, current.whenTrue, current.whenFalse);
        break;
      default:
        break;
    }
  }
  return [...out];
}

function withBindings(scope: Scope, extra: [string, unknown][]): Scope {
  if (extra.length === 0) return scope;
  return { ...scope, bindings: new Map([...(scope.bindings ?? []), ...extra]) };
}

/**
 * A block's configuration as Terraform state would hold it: attributes by name, nested blocks as
 * lists of objects. Unset (null) attributes are left out; unknown ones are listed in `unknown`.
 */
function bodyOf(block: Block, scope: Scope, path: string, unknown: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attribute of block.attributes.values()) {
    if (path === "" && META_ARGUMENTS.has(attribute.name)) continue;
    const plain = toPlain(evaluate(attribute.value, scope), `${path}${attribute.name}`, unknown);
    if (plain !== undefined && plain !== null) out[attribute.name] = plain;
  }
  // Nested blocks by type, in order; a `dynamic` block stands for one block per element of its
  // for_each, with the iterator bound. One that cannot be expanded makes its whole type unknown.
  const byType = new Map<string, { block: Block; scope: Scope }[] | undefined>();
  for (const child of block.blocks) {
    if (META_BLOCKS.has(child.type) || (byType.has(child.type) && byType.get(child.type) === undefined))
      continue;
    const list = byType.get(child.type) ?? [];
    const expanded = child.dynamic ? dynamicElements(child, scope) : [{ block: child, scope }];
    byType.set(child.type, expanded ? [...list, ...expanded] : undefined);
  }
  for (const [type, children] of byType) {
    if (children === undefined) {
      unknown.push(`${path}${type}`);
      continue;
    }
    out[type] = children.map((child, index) =>
      bodyOf(child.block, child.scope, `${path}${type}.${index}.`, unknown),
    );
  }
  return out;
}

/** The blocks a `dynamic` block makes, each with `<iterator>.key` and `.value` bound; undefined when unknown. */
function dynamicElements(block: Block, scope: Scope): { block: Block; scope: Scope }[] | undefined {
  if (!block.forEach) return undefined;
  const collection = evaluate(block.forEach.collection, scope);
  if (collection === UNKNOWN || collection === null || typeof collection !== "object") return undefined;
  const entries: [string | number, Value][] = Array.isArray(collection)
    ? collection.map((item, index) => [index, item])
    : Object.keys(collection)
        .sort()
        .map((key) => [key, collection[key]!]);
  if (entries.length > MAX_COUNT) return undefined;
  const iterator = block.forEach.iterator;
  return entries.map(([key, value]) => ({ block, scope: withBindings(scope, [[iterator, { key, value }]]) }));
}

/**
 * An evaluated value as JSON: undefined for UNKNOWN (its path recorded). A list with an unknown
 * element is unknown as a whole (its order and length cannot be trusted); an object keeps its
 * known keys.
 */
function toPlain(value: Value, path: string, unknown: string[]): unknown {
  if (value === UNKNOWN) {
    unknown.push(path);
    return undefined;
  }
  if (Array.isArray(value)) {
    if (!value.every(isKnown)) {
      unknown.push(path);
      return undefined;
    }
    return value;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const plain = toPlain(item, `${path}.${key}`, unknown);
      if (plain !== undefined) out[key] = plain;
    }
    return out;
  }
  return value;
}

export function declaredTerraform(files: ReadonlyMap<string, string>, input: TerraformInput): DeclaredState {
  const root = normalizeFolder(input.path);
  const evaluation = new Evaluation(files, input.workspace);
  if (root === undefined) {
    return {
      kind: "terraform",
      resources: [],
      opaque: [],
      warnings: [`${input.path} is not a folder of the repository`],
    };
  }
  if (evaluation.module(root).blocks.length === 0) {
    evaluation.warnings.push(`no Terraform files in ${root || "the repository root"}`);
  }
  // Terraform's order: terraform.tfvars, then *.auto.tfvars (by name), then -var-file in order.
  const auto = [...files.keys()]
    .filter((path) => dirnameOf(path) === root)
    .filter((path) => /(^|\/)terraform\.tfvars(\.json)?$/.test(path))
    .sort();
  const autoNamed = [...files.keys()]
    .filter((path) => dirnameOf(path) === root && /\.auto\.tfvars(\.json)?$/.test(path))
    .sort();
  const inputs: Record<string, Value> = Object.create(null);
  const varFiles: string[] = [];
  for (const file of input.varFiles) {
    const path = normalizeFolder(file);
    if (path === undefined || path === "")
      evaluation.warnings.push(`${file} is not a file of the repository`);
    else varFiles.push(path);
  }
  for (const path of [...auto, ...autoNamed, ...varFiles]) {
    const values = evaluation.varFile(path);
    if (values) Object.assign(inputs, values);
  }
  evaluation.instance(root, "", inputs, 0);
  if (evaluation.budget.remaining < 0) {
    evaluation.warnings.push("the configuration takes too long to evaluate: some values were left unknown");
  }
  return {
    kind: "terraform",
    resources: evaluation.resources,
    opaque: evaluation.opaque,
    warnings: [...evaluation.warnings],
    variables: evaluation.rootVariables,
    sensitiveVariables: evaluation.sensitiveVariables,
    securityVariables: [...evaluation.securityVariables].sort(),
  };
}
