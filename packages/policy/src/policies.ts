// Starter policy templates (data/policies.yaml and data/policies/*.md): Markdown a tenant adopts,
// edits, approves and has acknowledged. Each names the controls whose evidence it supports, and
// the controls name it back (`policies:` in controls.yaml); loading checks that both agree.
import { z } from "zod";
import { getControl, listControls } from "./controls.ts";
import { deepFreeze, loadDataFile, once, readDataText } from "./data.ts";
import { KEBAB_KEY } from "./evidence-specs.ts";

export interface PolicyTemplate {
  readonly key: string;
  readonly title: string;
  readonly description: string;
  /** The template's Markdown text. */
  readonly body: string;
  /** Codes of the controls this policy evidences, in catalogue order of the file. */
  readonly controls: readonly string[];
}

const PolicyEntrySchema = z.strictObject({
  key: z.string().max(64).regex(KEBAB_KEY, "must be lower-case words joined by hyphens"),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(1000),
  file: z.string().regex(/^[a-z0-9-]+\.md$/, "must be a Markdown file name in data/policies/"),
  controls: z
    .array(z.string().min(1))
    .min(1)
    .refine((codes) => new Set(codes).size === codes.length, "controls must not repeat"),
});
export type PolicyEntry = z.infer<typeof PolicyEntrySchema>;

const PoliciesFileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  policies: z
    .array(PolicyEntrySchema)
    .min(1)
    .refine((entries) => new Set(entries.map((e) => e.key)).size === entries.length, {
      message: "policy keys must not repeat",
    }),
});

/** Each way the policy list and the controls can disagree. Pure: the caller supplies the lookups. */
export function policyProblems(
  entries: readonly PolicyEntry[],
  controls: readonly { code: string; policies: readonly string[] }[],
  controlExists: (code: string) => boolean,
): string[] {
  const problems: string[] = [];
  const keys = new Set(entries.map((entry) => entry.key));
  for (const entry of entries) {
    if (entry.file !== `${entry.key}.md`) problems.push(`policy ${entry.key}: file must be ${entry.key}.md`);
    for (const code of entry.controls) {
      if (!controlExists(code)) problems.push(`policy ${entry.key} names unknown control ${code}`);
      else if (!controls.find((control) => control.code === code)?.policies.includes(entry.key))
        problems.push(`policy ${entry.key} names ${code}, whose policies do not name it`);
    }
  }
  for (const control of controls) {
    for (const key of control.policies) {
      if (!keys.has(key)) problems.push(`control ${control.code} names unknown policy ${key}`);
      else if (!entries.find((entry) => entry.key === key)?.controls.includes(control.code))
        problems.push(`control ${control.code} names policy ${key}, which does not list it`);
    }
  }
  return problems;
}

const templates = once(() => {
  const entries = loadDataFile(PoliciesFileSchema, "policies.yaml").policies;
  const problems = policyProblems(entries, listControls(), (code) => getControl(code) !== undefined);
  if (problems.length > 0) {
    throw new Error(`policy data policies.yaml:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  const list: readonly PolicyTemplate[] = deepFreeze(
    entries.map((entry) => ({
      key: entry.key,
      title: entry.title,
      description: entry.description,
      body: readDataText(`policies/${entry.file}`),
      controls: [...entry.controls],
    })),
  );
  return { list, byKey: new Map(list.map((template) => [template.key, template])) };
});

/** Every starter policy template, in file order. */
export function listPolicyTemplates(): readonly PolicyTemplate[] {
  return templates().list;
}

export function getPolicyTemplate(key: string): PolicyTemplate | undefined {
  return templates().byKey.get(key);
}
