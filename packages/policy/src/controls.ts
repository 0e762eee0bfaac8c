// Rampart's own control catalogue (data/controls.yaml): validated once, frozen, looked up by code.
// Analyzer rules name the controls they evidence; framework mappings name the controls that
// evidence each requirement. Both must use codes from this catalogue.
import { z } from "zod";
import { deepFreeze, loadDataFile, once, parseDataText } from "./data.ts";
import { type EvidenceSpec, EvidenceSpecSchema, isEvidenceRecord, KEBAB_KEY } from "./evidence-specs.ts";

export const SEVERITIES = ["critical", "high", "med", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONTROL_TAGS = ["iac", "pipeline", "env", "secrets", "sca", "sast", "container"] as const;
export type ControlTag = (typeof CONTROL_TAGS)[number];

/**
 * The code prefixes of technical controls and the tag every control of that prefix carries.
 * Organizational controls (`ORG-`) carry no tag: the tags name what a scanner looks at.
 */
export const CONTROL_PREFIX_TAGS = {
  IAC: "iac",
  K8S: "iac",
  CTR: "container",
  CI: "pipeline",
  SEC: "secrets",
  SCA: "sca",
  SAST: "sast",
  ENV: "env",
  // A repository's settings on its code host: how changes reach the default branch, who has access.
  REPO: "pipeline",
} as const satisfies Record<string, ControlTag>;

/**
 * What tests a control. `rules`: the analyzer rules that name it (the default). `image-scan`: the
 * vulnerability scan of the tenant's container images; no repository rule can tell whether an
 * image has known vulnerabilities, so no rule may name such a control. `environment-drift`: the
 * environments' syncs (declared state against what runs); a repository alone cannot show drift.
 * `evidence`: only the evidence items of the control's spec (documents, exports, Rampart records)
 * accepted by a reviewer; organizational controls, which no scanner can test.
 */
export const EVIDENCE_SOURCES = ["rules", "image-scan", "environment-drift", "evidence"] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];
const EVIDENCE_SOURCE_NAMES: Record<EvidenceSource, string> = {
  rules: "analyzer rules",
  "image-scan": "the container image scan",
  "environment-drift": "the environments' drift",
  evidence: "submitted evidence",
};

/** The prefix of organizational controls: evidenced by submitted evidence only. */
export const ORGANIZATIONAL_PREFIX = "ORG";

/** `PREFIX-AREA-NN`, e.g. `IAC-ENC-01`, `K8S-RBAC-02`, `SAST-INJ-03`, `ORG-GOV-01`. */
export const CONTROL_CODE_PATTERN = /^(IAC|K8S|CTR|CI|SEC|SCA|SAST|ENV|REPO|ORG)-[A-Z0-9]{2,6}-\d{2}$/;

export interface Control {
  readonly code: string;
  readonly title: string;
  readonly description: string;
  readonly severity: Severity;
  readonly tags: readonly ControlTag[];
  /** Bumped when the meaning of the control (what counts as passing it) changes. */
  readonly version: number;
  readonly evidencedBy: EvidenceSource;
  /** What must be submitted and accepted for the control to pass; empty for most technical controls. */
  readonly evidence: readonly EvidenceSpec[];
  /** Keys of the policy templates (data/policies.yaml) whose approved version evidences the control. */
  readonly policies: readonly string[];
}

const oneLine = z
  .string()
  .trim()
  .min(1)
  .refine((text) => !text.includes("\n"), "must be one line");

export const ControlSchema = z.strictObject({
  code: z.string().regex(CONTROL_CODE_PATTERN, "must look like IAC-ENC-01 (known prefix, area, two digits)"),
  title: oneLine,
  description: z.string().trim().min(1),
  severity: z.enum(SEVERITIES),
  tags: z
    .array(z.enum(CONTROL_TAGS))
    .refine((tags) => new Set(tags).size === tags.length, "tags must not repeat"),
  version: z.int().positive(),
  evidencedBy: z.enum(EVIDENCE_SOURCES).default("rules"),
  evidence: z
    .array(EvidenceSpecSchema)
    .max(10)
    .refine(
      (specs) => new Set(specs.map((s) => s.key)).size === specs.length,
      "evidence keys must not repeat",
    )
    .default([]),
  policies: z
    .array(z.string().regex(KEBAB_KEY))
    .max(10)
    .refine((keys) => new Set(keys).size === keys.length, "policies must not repeat")
    .default([]),
});

/** Problems of one control that single fields cannot show: prefix, tags, evidence and policies together. */
function controlProblems(control: z.infer<typeof ControlSchema>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const prefix = control.code.split("-")[0] ?? "";
  const organizational = prefix === ORGANIZATIONAL_PREFIX;
  if (organizational !== (control.evidencedBy === "evidence")) {
    problems.push({
      path: "evidencedBy",
      message: `${control.code}: evidencedBy evidence is for ${ORGANIZATIONAL_PREFIX}- controls, and they have only that`,
    });
  }
  if (organizational) {
    if (control.tags.length > 0)
      problems.push({ path: "tags", message: `${control.code} must carry no tag` });
    if (control.evidence.length === 0)
      problems.push({
        path: "evidence",
        message: `${control.code} is evidenced by evidence and must list some`,
      });
  } else {
    const requiredTag = CONTROL_PREFIX_TAGS[prefix as keyof typeof CONTROL_PREFIX_TAGS];
    if (!control.tags.includes(requiredTag))
      problems.push({ path: "tags", message: `${control.code} must carry the tag ${requiredTag}` });
  }
  for (const spec of control.evidence) {
    if (spec.record !== undefined && !isEvidenceRecord(spec.record))
      problems.push({
        path: "evidence",
        message: `${control.code} evidence ${spec.key} names unknown record ${spec.record}`,
      });
    if (spec.policy !== undefined && !control.policies.includes(spec.policy))
      problems.push({
        path: "evidence",
        message: `${control.code} evidence ${spec.key} names policy ${spec.policy}, which the control does not list`,
      });
  }
  return problems;
}

export const ControlCatalogueSchema = z
  .strictObject({
    schemaVersion: z.literal(1),
    controls: z.array(ControlSchema).min(1),
  })
  .superRefine((catalogue, context) => {
    const seen = new Set<string>();
    catalogue.controls.forEach((control, index) => {
      if (seen.has(control.code)) {
        context.addIssue({
          code: "custom",
          path: ["controls", index, "code"],
          message: `duplicate control code ${control.code}`,
        });
      }
      seen.add(control.code);
      for (const problem of controlProblems(control)) {
        context.addIssue({
          code: "custom",
          path: ["controls", index, problem.path],
          message: problem.message,
        });
      }
    });
  });

const CONTROLS_FILE = "controls.yaml";

/** Parses and validates a control catalogue's YAML text. Pure; used by the loader and by tests. */
export function parseControlCatalogue(text: string, source = CONTROLS_FILE): readonly Control[] {
  return deepFreeze(parseDataText(ControlCatalogueSchema, text, source).controls);
}

const catalogue = once(() => {
  const controls: readonly Control[] = deepFreeze(
    loadDataFile(ControlCatalogueSchema, CONTROLS_FILE).controls,
  );
  const byCode: ReadonlyMap<string, Control> = new Map(controls.map((control) => [control.code, control]));
  return { controls, byCode };
});

/** Every control, in catalogue order. */
export function listControls(): readonly Control[] {
  return catalogue().controls;
}

export function getControl(code: string): Control | undefined {
  return catalogue().byCode.get(code);
}

export function isKnownControl(code: string): boolean {
  return catalogue().byCode.has(code);
}

/** The controls a given source evidences, in catalogue order. */
export function controlsEvidencedBy(source: EvidenceSource): readonly Control[] {
  return catalogue().controls.filter((control) => control.evidencedBy === source);
}

/**
 * Test hook for the engine's rule registry: throws, listing every offender, when a rule names a
 * control code that is not in the catalogue, or one that rules do not evidence (a rule about
 * Dockerfile hygiene passing "images have no known vulnerabilities" is a false pass). Rules
 * without controls are allowed (they count for no control); duplicates within one rule are
 * reported because they hide copy-paste mistakes.
 */
export function assertRulesReferenceKnownControls(rules: { id: string; controls: string[] }[]): void {
  const problems: string[] = [];
  for (const rule of rules) {
    const seen = new Set<string>();
    for (const code of rule.controls) {
      const control = getControl(code);
      if (!control) problems.push(`rule ${rule.id} names unknown control ${code}`);
      else if (seen.has(code)) problems.push(`rule ${rule.id} names control ${code} twice`);
      else if (control.evidencedBy !== "rules") {
        const source = EVIDENCE_SOURCE_NAMES[control.evidencedBy];
        problems.push(`rule ${rule.id} names control ${code}, which only ${source} evidences`);
      }
      seen.add(code);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} rule control reference(s) do not match packages/policy/data/controls.yaml:\n` +
        problems.map((problem) => `  - ${problem}`).join("\n"),
    );
  }
}
