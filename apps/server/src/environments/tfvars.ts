// Reading and editing Terraform variables files (`*.tfvars`, HCL) with the engine's own parser:
// the values each assignment sets, and a copy of the file with some assignments replaced or
// added, the rest of the text (comments, layout) left as it was.
import { evaluate, isKnown, type Value } from "@rampart/engine/analyzers/terraform/evaluate";
import { parseHcl } from "@rampart/engine/analyzers/terraform/parser";
import { SourceFile } from "@rampart/engine/source";

// A tfvars file is a body of attributes; the parser keeps attributes of blocks, so it reads the
// file as the body of one block.
const PREFIX = "tfvars {\n";

interface Assignment {
  value: Value;
  /** Where `name = value` is in the original text (UTF-16 indexes). */
  start: number;
  end: number;
}

/** The file's assignments, or undefined when it is not HCL this parser reads. */
export function readTfvars(text: string): Map<string, Assignment> | undefined {
  let blocks: ReturnType<typeof parseHcl>;
  try {
    blocks = parseHcl(new SourceFile("vars.tfvars", `${PREFIX}${text}\n}`));
  } catch {
    return undefined;
  }
  const body = blocks[0];
  if (!body || blocks.length !== 1 || body.blocks.length > 0) return undefined;
  const scope = { variableDefaults: new Map(), locals: new Map() };
  const assignments = new Map<string, Assignment>();
  for (const [name, attribute] of body.attributes)
    assignments.set(name, {
      value: evaluate(attribute.value, scope),
      start: attribute.span.start - PREFIX.length,
      end: attribute.span.end - PREFIX.length,
    });
  return assignments;
}

/** The values of variables files applied in order (a later file's assignment wins). */
export function effectiveVariables(texts: readonly string[]): Map<string, Value> | undefined {
  const values = new Map<string, Value>();
  for (const text of texts) {
    const assignments = readTfvars(text);
    if (!assignments) return undefined;
    for (const [name, assignment] of assignments) values.set(name, assignment.value);
  }
  return values;
}

export const knownValue = (value: Value | undefined): value is Exclude<Value, symbol> =>
  value !== undefined && isKnown(value);

/** HCL for a known value: JSON is valid HCL for strings, numbers, booleans, lists and objects. */
export function hclOf(value: Exclude<Value, symbol>): string {
  return JSON.stringify(value);
}

/** `text` with each variable of `changes` set: an existing assignment replaced, a new one appended. */
export function setTfvars(text: string, changes: ReadonlyMap<string, Exclude<Value, symbol>>): string {
  const assignments = readTfvars(text) ?? new Map<string, Assignment>();
  const replacements = [...changes]
    .filter(([name]) => assignments.has(name))
    .map(([name, value]) => ({ ...assignments.get(name)!, text: `${name} = ${hclOf(value)}` }))
    .sort((a, b) => b.start - a.start);
  let result = text;
  for (const replacement of replacements)
    result = result.slice(0, replacement.start) + replacement.text + result.slice(replacement.end);
  const added = [...changes].filter(([name]) => !assignments.has(name));
  if (added.length === 0) return result;
  const lines = added.map(([name, value]) => `${name} = ${hclOf(value)}`).join("\n");
  return `${result}${result === "" || result.endsWith("\n") ? "" : "\n"}${lines}\n`;
}
