// Comparing a declared configuration with an observed one, attribute by attribute. What is not
// drift: an attribute the configuration does not set (the provider computed it or left its
// default), an unknown value, the order of a list of scalars or of repeated blocks (sets in most
// providers' schemas), and representation (`"true"` vs `true`, `"80"` vs `80`, the same JSON
// document written differently).

export interface AttributeDifference {
  /** `versioning.0.enabled`; the index is the declared element's. */
  path: string;
  expected: unknown;
  actual: unknown;
}

/** How a plain object (not a block) is compared. */
export type MapMode =
  /** Terraform: an object attribute is a map (tags): a key added or removed is drift. */
  | "map"
  /** Kubernetes: every object is a struct the API server fills with defaults: declared keys only. */
  | "struct";

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (isObject(value) && Object.keys(value).length === 0)
  );
}

/** A JSON document held in a string (an IAM policy): compared as its structure. */
function jsonOf(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** A canonical text of a value: keys sorted, scalars as strings, so `80` and `"80"` agree. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== null && value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  if (typeof value === "string") {
    const json = jsonOf(value);
    if (json !== undefined) return canonical(json);
  }
  return JSON.stringify(String(value));
}

export interface CompareOptions {
  mode: MapMode;
  /** Paths the declared side could not evaluate: they and everything under them are skipped. */
  unknown: ReadonlySet<string>;
}

/** Differences of the attributes `declared` sets; `observed` may hold many more (computed ones). */
export function compareAttributes(
  declared: Record<string, unknown>,
  observed: Record<string, unknown>,
  options: CompareOptions,
): AttributeDifference[] {
  const out: AttributeDifference[] = [];
  compareStruct(declared, observed, "", options, out);
  return out;
}

function compareStruct(
  declared: Record<string, unknown>,
  observed: Record<string, unknown> | undefined,
  prefix: string,
  options: CompareOptions,
  out: AttributeDifference[],
): void {
  for (const [key, value] of Object.entries(declared)) {
    const path = `${prefix}${key}`;
    if (options.unknown.has(path)) continue;
    compareValue(value, observed?.[key], path, options, out);
  }
}

function compareValue(
  declared: unknown,
  observed: unknown,
  path: string,
  options: CompareOptions,
  out: AttributeDifference[],
): void {
  if (declared === undefined || declared === null) return; // not set: the provider decides
  if (Array.isArray(declared)) {
    if (declared.length > 0 && declared.every(isObject)) {
      compareBlocks(declared, observed, path, options, out);
      return;
    }
    if (isEmpty(declared) && isEmpty(observed)) return;
    // A list of scalars: compared as a multiset, since providers store sets sorted.
    const sorted = (list: unknown[]) => list.map(canonical).sort().join(",");
    if (!Array.isArray(observed) || sorted(declared) !== sorted(observed))
      out.push({ path, expected: declared, actual: observed ?? null });
    return;
  }
  if (isObject(declared)) {
    // Terraform state holds a single nested object as a one-element list (`versioning.0`).
    const actual = Array.isArray(observed) && observed.length === 1 ? observed[0] : observed;
    if (isEmpty(declared) && isEmpty(actual)) return;
    if (!isObject(actual)) {
      out.push({ path, expected: declared, actual: observed ?? null });
      return;
    }
    if (options.mode === "struct") {
      compareStruct(declared, actual, `${path}.`, options, out);
      return;
    }
    const keys = new Set([...Object.keys(declared), ...Object.keys(actual)]);
    for (const key of [...keys].sort()) {
      const keyPath = `${path}.${key}`;
      if (options.unknown.has(keyPath)) continue;
      const value = declared[key];
      if (value === undefined || value === null) {
        if (!isEmpty(actual[key])) out.push({ path: keyPath, expected: null, actual: actual[key] });
      } else compareValue(value, actual[key], keyPath, options, out);
    }
    return;
  }
  if (isEmpty(declared) && isEmpty(observed)) return;
  if (canonical(declared) === canonical(observed)) return;
  // The API server stores quantities in canonical form: `0.5` CPU comes back as `500m`.
  if (options.mode === "struct" && sameQuantity(declared, observed)) return;
  out.push({ path, expected: declared, actual: observed ?? null });
}

const QUANTITY = /^([0-9]+(?:\.[0-9]+)?)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;
const QUANTITY_FACTOR: Readonly<Record<string, number>> = {
  "": 1,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A Kubernetes resource quantity (`500m`, `0.5`, `1Gi`, `1073741824`) in base units. */
function quantity(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  const match = QUANTITY.exec(value);
  return match ? Number(match[1]) * QUANTITY_FACTOR[match[2] ?? ""]! : undefined;
}

function sameQuantity(a: unknown, b: unknown): boolean {
  const x = quantity(a);
  const y = quantity(b);
  return x !== undefined && y !== undefined && Math.abs(x - y) <= Math.abs(x) * 1e-9;
}

/**
 * Repeated blocks (Terraform nested blocks, Kubernetes lists of objects). Order does not matter:
 * each declared element is paired with an observed one it matches exactly, else with the observed
 * element of the same `name`, else with the next unpaired one; an observed element left over was
 * added outside the code.
 */
function compareBlocks(
  declared: Record<string, unknown>[],
  observed: unknown,
  path: string,
  options: CompareOptions,
  out: AttributeDifference[],
): void {
  const actual = Array.isArray(observed) ? observed : [];
  const free = new Set(actual.keys());
  const differencesOf = (element: Record<string, unknown>, index: number, candidate: unknown) => {
    // A block holds what the provider computes beside what the code sets: declared keys only.
    const found: AttributeDifference[] = [];
    compareStruct(element, isObject(candidate) ? candidate : {}, `${path}.${index}.`, options, found);
    return found;
  };
  const pending: number[] = [];
  for (const [index, element] of declared.entries()) {
    const exact = [...free].find((j) => differencesOf(element, index, actual[j]).length === 0);
    if (exact !== undefined) free.delete(exact);
    else pending.push(index);
  }
  for (const index of pending) {
    const element = declared[index]!;
    const named =
      typeof element.name === "string"
        ? [...free].find(
            (j) => isObject(actual[j]) && (actual[j] as Record<string, unknown>).name === element.name,
          )
        : undefined;
    const partner = named ?? [...free][0];
    if (partner === undefined) {
      out.push({ path: `${path}.${index}`, expected: element, actual: null });
      continue;
    }
    free.delete(partner);
    out.push(...differencesOf(element, index, actual[partner]));
  }
  for (const j of free) {
    if (!isEmpty(actual[j])) out.push({ path, expected: null, actual: actual[j] });
  }
}

/**
 * Every leaf of a configuration as `path -> value` (lists of scalars kept whole, in canonical
 * order); used by the comparison between environments.
 */
export function flattenAttributes(
  prefix: string,
  value: unknown,
  out: Map<string, unknown>,
  unknown: ReadonlySet<string>,
  at = "",
): void {
  if (unknown.has(at)) return;
  if (Array.isArray(value) && value.length > 0 && value.every(isObject)) {
    for (const [index, item] of value.entries()) {
      flattenAttributes(prefix, item, out, unknown, `${at}${at ? "." : ""}${index}`);
    }
    return;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      flattenAttributes(prefix, item, out, unknown, `${at}${at ? "." : ""}${key}`);
    }
    return;
  }
  if (value === null || value === undefined) return;
  out.set(
    `${prefix}${at}`,
    Array.isArray(value) ? [...value].sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1)) : value,
  );
}
