// Frameworks (SOC 2, ISO/IEC 27001, NIST SP 800-53) and their requirements, each mapped to the
// Rampart controls that evidence it. The requirement list comes from the reference catalogue
// (data/frameworks/*.json) narrowed by the framework's scope; the mapping file only adds codes,
// so a requirement no control maps to still appears, and is reported as Untested.
import { z } from "zod";
import { isKnownControl } from "./controls.ts";
import { deepFreeze, loadDataFile, once } from "./data.ts";

export const FRAMEWORK_IDS = ["soc2", "iso27001", "nist-800-53"] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export function isFrameworkId(value: string): value is FrameworkId {
  return (FRAMEWORK_IDS as readonly string[]).includes(value);
}

/** What the frameworks list of the API shows. */
export interface Framework {
  readonly id: FrameworkId;
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

export interface FrameworkRequirement {
  /** The framework's own id: `CC6.1`, `A.8.24`, `SC-28(1)`. */
  readonly id: string;
  readonly title: string;
  /** Rampart control codes that evidence the requirement; empty when none does (Untested). */
  readonly controlCodes: readonly string[];
}

/** A catalogue entry reduced to what a requirement needs. */
export interface CatalogueRequirement {
  readonly id: string;
  readonly title: string;
}

// ---- data file schemas -------------------------------------------------------------------------

const FrameworkScopeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("all") }),
  z.strictObject({ kind: z.literal("soc2-categories"), categories: z.array(z.string().min(1)).min(1) }),
  z.strictObject({
    kind: z.literal("nist-baseline"),
    baselines: z.string().endsWith(".json"),
    baseline: z.enum(["LOW", "MODERATE", "HIGH", "PRIVACY"]),
  }),
]);

const FrameworkDefinitionSchema = z.strictObject({
  id: z.enum(FRAMEWORK_IDS),
  name: z.string().min(1),
  version: z.string().min(1),
  description: z.string().min(1),
  catalogue: z.string().endsWith(".json"),
  scope: FrameworkScopeSchema,
  mapping: z.string().endsWith(".yaml"),
});
type FrameworkDefinition = z.infer<typeof FrameworkDefinitionSchema>;

const FrameworksFileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  frameworks: z
    .array(FrameworkDefinitionSchema)
    .min(1)
    .refine((frameworks) => new Set(frameworks.map((f) => f.id)).size === frameworks.length, {
      message: "framework ids must not repeat",
    }),
});

const Soc2CatalogueSchema = z.array(
  z.strictObject({
    id: z.string().regex(/^(CC|A|C|PI|P)\d+\.\d+$/),
    category: z.string().min(1),
    group: z.string().min(1),
    topic: z.string().min(1),
  }),
);

const IsoCatalogueSchema = z.array(
  z.strictObject({
    id: z.string().regex(/^A\.[5-8]\.\d+$/),
    theme: z.enum(["Organizational", "People", "Physical", "Technological"]),
    title: z.string().min(1),
  }),
);

const NIST_ID = /^[A-Z]{2}-\d+(\(\d+\))?$/;

const NistCatalogueSchema = z.array(
  z.strictObject({
    id: z.string().regex(NIST_ID),
    family: z.string().min(1),
    title: z.string().min(1),
    withdrawn: z.boolean(),
  }),
);

const NistBaselinesSchema = z.record(z.string(), z.array(z.string().regex(NIST_ID)));

export const OlirExceptionSchema = z.strictObject({
  control: z.string().min(1),
  requirement: z.string().min(1),
  reason: z.string().min(10),
});
export type OlirException = z.infer<typeof OlirExceptionSchema>;

export const MappingFileSchema = z.strictObject({
  framework: z.enum(FRAMEWORK_IDS),
  requirements: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)),
  /** ISO only: mapped pairs the NIST OLIR cross-check cannot reach, each with its reason. */
  olirExceptions: z.array(OlirExceptionSchema).optional(),
});
export type MappingFile = z.infer<typeof MappingFileSchema>;

// ---- pure construction -------------------------------------------------------------------------

/** NIST enhancement titles read "Base Title | Enhancement Title", as in SP 800-53 itself. */
export function nistRequirementTitle(id: string, titleById: ReadonlyMap<string, string>): string | undefined {
  const title = titleById.get(id);
  const base = nistBaseControl(id);
  if (title === undefined || base === id) return title;
  const baseTitle = titleById.get(base);
  return baseTitle === undefined ? title : `${baseTitle} | ${title}`;
}

/** `SC-28(1)` → `SC-28`; a base control is its own base. */
export function nistBaseControl(id: string): string {
  const parenthesis = id.indexOf("(");
  return parenthesis === -1 ? id : id.slice(0, parenthesis);
}

/**
 * Joins a framework's requirement list with its mapping. Throws, listing every problem, when the
 * mapping names a requirement outside the list, a control code the catalogue lacks, or a code
 * twice under one requirement. Pure: the caller supplies the control lookup.
 */
export function buildRequirements(
  frameworkId: FrameworkId,
  catalogue: readonly CatalogueRequirement[],
  mapping: MappingFile,
  controlExists: (code: string) => boolean,
): readonly FrameworkRequirement[] {
  const problems: string[] = [];
  if (mapping.framework !== frameworkId) {
    problems.push(`mapping is for ${mapping.framework}, expected ${frameworkId}`);
  }
  const known = new Set(catalogue.map((requirement) => requirement.id));
  for (const [requirementId, codes] of Object.entries(mapping.requirements)) {
    if (!known.has(requirementId)) {
      problems.push(`requirement ${requirementId} is not in the ${frameworkId} requirement list`);
    }
    const seen = new Set<string>();
    for (const code of codes) {
      if (!controlExists(code)) problems.push(`${requirementId} names unknown control ${code}`);
      if (seen.has(code)) problems.push(`${requirementId} names control ${code} twice`);
      seen.add(code);
    }
  }
  if (problems.length > 0) {
    throw new Error(`policy mapping for ${frameworkId}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  return deepFreeze(
    catalogue.map((requirement) => ({
      id: requirement.id,
      title: requirement.title,
      controlCodes: [...(mapping.requirements[requirement.id] ?? [])],
    })),
  );
}

// ---- loading -----------------------------------------------------------------------------------

const FRAMEWORKS_FILE = "frameworks.yaml";

function catalogueRequirements(definition: FrameworkDefinition): CatalogueRequirement[] {
  const file = `frameworks/${definition.catalogue}`;
  const scope = definition.scope;
  switch (scope.kind) {
    case "soc2-categories": {
      const entries = loadDataFile(Soc2CatalogueSchema, file);
      return entries
        .filter((entry) => scope.categories.includes(entry.category))
        .map((entry) => ({ id: entry.id, title: entry.topic }));
    }
    case "nist-baseline": {
      const entries = loadDataFile(NistCatalogueSchema, file);
      const baselines = loadDataFile(NistBaselinesSchema, `frameworks/${scope.baselines}`);
      const titleById = new Map(entries.filter((e) => !e.withdrawn).map((e) => [e.id, e.title]));
      const ids = baselines[scope.baseline] ?? [];
      return ids.map((id) => {
        const title = nistRequirementTitle(id, titleById);
        if (title === undefined)
          throw new Error(`policy data ${file}: baseline id ${id} is not in the catalogue`);
        return { id, title };
      });
    }
    case "all": {
      if (definition.id === "iso27001") {
        return loadDataFile(IsoCatalogueSchema, file).map((entry) => ({ id: entry.id, title: entry.title }));
      }
      throw new Error(`policy data ${FRAMEWORKS_FILE}: no catalogue reader for ${definition.id}`);
    }
  }
}

interface LoadedFramework {
  readonly framework: Framework;
  readonly requirements: readonly FrameworkRequirement[];
  readonly mapping: MappingFile;
}

const loadFrameworks = once(() => {
  const definitions = loadDataFile(FrameworksFileSchema, FRAMEWORKS_FILE).frameworks;
  const byId = new Map<FrameworkId, LoadedFramework>();
  for (const definition of definitions) {
    const mapping = deepFreeze(loadDataFile(MappingFileSchema, `mappings/${definition.mapping}`));
    const requirements = buildRequirements(
      definition.id,
      catalogueRequirements(definition),
      mapping,
      isKnownControl,
    );
    const framework: Framework = deepFreeze({
      id: definition.id,
      name: definition.name,
      version: definition.version,
      description: definition.description,
    });
    byId.set(definition.id, { framework, requirements, mapping });
  }
  return { list: deepFreeze([...byId.values()].map((loaded) => loaded.framework)), byId };
});

function loaded(frameworkId: FrameworkId): LoadedFramework {
  const found = loadFrameworks().byId.get(frameworkId);
  if (found === undefined) throw new Error(`unknown framework ${frameworkId}`);
  return found;
}

/** The frameworks in display order (the first is the one the UI selects by default). */
export function listFrameworks(): readonly Framework[] {
  return loadFrameworks().list;
}

export function getFramework(frameworkId: string): Framework | undefined {
  return isFrameworkId(frameworkId) ? loadFrameworks().byId.get(frameworkId)?.framework : undefined;
}

/** Every requirement of the framework's scope in catalogue order, mapped or not. */
export function frameworkRequirements(frameworkId: FrameworkId): readonly FrameworkRequirement[] {
  return loaded(frameworkId).requirements;
}

/** The validated mapping file of a framework, as written (for tests and tooling). */
export function frameworkMapping(frameworkId: FrameworkId): MappingFile {
  return loaded(frameworkId).mapping;
}

export interface RequirementReference {
  readonly frameworkId: FrameworkId;
  readonly requirementId: string;
}

const requirementsByControl = once(() => {
  const index = new Map<string, RequirementReference[]>();
  for (const framework of listFrameworks()) {
    for (const requirement of frameworkRequirements(framework.id)) {
      for (const code of requirement.controlCodes) {
        const references = index.get(code) ?? [];
        references.push({ frameworkId: framework.id, requirementId: requirement.id });
        index.set(code, references);
      }
    }
  }
  return deepFreeze(index) as ReadonlyMap<string, readonly RequirementReference[]>;
});

/** The framework requirements a control evidences, across all frameworks (for findings, SARIF). */
export function requirementsForControl(code: string): readonly RequirementReference[] {
  return requirementsByControl().get(code) ?? [];
}
