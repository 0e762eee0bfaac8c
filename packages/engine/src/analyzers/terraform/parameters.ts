// Database parameter groups (RDS, Aurora, Redshift, DocumentDB): settings live in repeated
// `parameter { name = …, value = … }` blocks rather than attributes, so a check looks a parameter
// up by name and judges its value, with the engine's default deciding what a missing one means.
import type { FileRuleContext } from "../../rule.ts";
import { addressOf, at, headerOf, resources, type Setting, setting, type Verdict } from "./checks.ts";
import type { Block, TerraformModel } from "./model.ts";

export interface ParameterLookup {
  /** The parameter blocks by name (the last one wins, as in the API). */
  byName: Map<string, Block>;
  /** A `dynamic "parameter"` or a parameter whose name is unknown might be any parameter. */
  unreadable: boolean;
}

export function parametersOf(model: TerraformModel, group: Block): ParameterLookup {
  const byName = new Map<string, Block>();
  let unreadable = false;
  for (const block of group.blocks) {
    if (block.type !== "parameter") continue;
    if (block.dynamic) {
      unreadable = true;
      continue;
    }
    const name = setting(model, block, "name");
    if (name.state !== "known" || typeof name.value !== "string") unreadable = true;
    else byName.set(name.value.toLowerCase(), block);
  }
  return { byName, unreadable };
}

/** "1", 1, "ON", "true" → on; "0", "OFF", "false" → off; anything else cannot be told. */
export function onOff(current: Setting): "on" | "off" | undefined {
  if (current.state !== "known") return undefined;
  const text = String(current.value).toLowerCase();
  if (["1", "on", "true", "enabled"].includes(text)) return "on";
  if (["0", "off", "false", "disabled"].includes(text)) return "off";
  return undefined;
}

export interface ParameterCheck {
  types: readonly string[];
  /** The parameter that matters for this group, or undefined when the check does not apply. */
  parameter(model: TerraformModel, group: Block): string | undefined;
  judge(current: Setting): Verdict;
  /** What a missing parameter means for this group (the engine's default). */
  whenMissing(model: TerraformModel, group: Block): "safe" | "unsafe";
  problem: string;
}

export function checkParameter(ctx: FileRuleContext<TerraformModel>, spec: ParameterCheck): void {
  const { model } = ctx;
  for (const group of resources(model, ...spec.types)) {
    const name = spec.parameter(model, group);
    if (name === undefined) continue;
    const { byName, unreadable } = parametersOf(model, group);
    const block = byName.get(name.toLowerCase());
    if (!block) {
      if (!unreadable && spec.whenMissing(model, group) === "unsafe") {
        ctx.report({
          message: `${addressOf(group)} ${spec.problem} (${name} is not set)`,
          at: headerOf(group),
        });
      }
      continue;
    }
    const current = setting(model, block, "value");
    if (current.state !== "known" || spec.judge(current) !== "unsafe") continue;
    ctx.report({ message: `${addressOf(group)} ${spec.problem}`, at: at(current.attribute.span) });
  }
}
