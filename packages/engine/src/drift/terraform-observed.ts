// What runs, as Terraform last recorded it: a state file of format version 4 (Terraform >= 0.12,
// OpenTofu). Managed resources only (data sources are reads, not infrastructure), one entry per
// instance, addressed as Terraform does: `module.a[0].aws_s3_bucket.logs["eu"]`.
import type { ObservedResource, ObservedState } from "./types.ts";
import { StateFormatError } from "./types.ts";

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `[0]` or `["eu"]`; Terraform writes index_key as a number or a string. */
function indexSuffix(indexKey: unknown): string {
  if (typeof indexKey === "number") return `[${indexKey}]`;
  if (typeof indexKey === "string") return `[${JSON.stringify(indexKey)}]`;
  return "";
}

/**
 * `sensitive_attributes` as dotted paths. Terraform writes each path as a list of steps
 * (`{"type":"get_attr","value":"password"}`, `{"type":"index","value":{"value":0,"type":"number"}}`).
 */
function sensitivePaths(marks: unknown): string[] {
  if (!Array.isArray(marks)) return [];
  const out: string[] = [];
  for (const mark of marks.slice(0, 1000)) {
    const steps = Array.isArray(mark) ? mark : [mark];
    const segments: string[] = [];
    for (const step of steps) {
      if (!isObject(step)) break;
      const value = isObject(step.value) ? step.value.value : step.value;
      if (typeof value !== "string" && typeof value !== "number") break;
      segments.push(String(value));
    }
    if (segments.length > 0) out.push(segments.join("."));
  }
  return out;
}

export function observedTerraform(state: unknown): ObservedState {
  if (!isObject(state)) throw new StateFormatError("The Terraform state is not a JSON object.");
  if (state.version !== 4) {
    const version = typeof state.version === "number" ? ` ${state.version}` : "";
    throw new StateFormatError(
      `The Terraform state has format version${version || " (none)"}; only version 4 (Terraform 0.12 and later) is supported.`,
    );
  }
  const entries = state.resources ?? [];
  if (!Array.isArray(entries)) throw new StateFormatError("The Terraform state's resources are not a list.");
  const resources: ObservedResource[] = [];
  for (const entry of entries) {
    if (!isObject(entry))
      throw new StateFormatError("The Terraform state holds a resource that is not an object.");
    if (entry.mode !== "managed") continue;
    const { type, name, module } = entry;
    if (
      typeof type !== "string" ||
      typeof name !== "string" ||
      (module !== undefined && typeof module !== "string")
    )
      throw new StateFormatError("The Terraform state holds a resource without a type or name.");
    if (!Array.isArray(entry.instances))
      throw new StateFormatError(`The Terraform state's ${type}.${name} has no instances list.`);
    const base = `${module ? `${module}.` : ""}${type}.${name}`;
    for (const instance of entry.instances) {
      if (!isObject(instance)) continue;
      // A deposed object is one being replaced (create_before_destroy): not the resource's state.
      if (instance.deposed !== undefined) continue;
      const address = `${base}${indexSuffix(instance.index_key)}`;
      resources.push({
        address,
        type,
        key: address,
        attributes: isObject(instance.attributes) ? instance.attributes : {},
        sensitive: sensitivePaths(instance.sensitive_attributes),
      });
    }
  }
  return { kind: "terraform", resources };
}
