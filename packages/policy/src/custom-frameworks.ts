// A tenant's own framework, uploaded as YAML or CSV: parsed, bounded and checked against the
// control catalogue here (pure), so that the server only stores what evaluates. Errors are values
// with a message a user can act on (the line or row and what to change), never thrown.
import { LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { getControl } from "./controls.ts";
import { readCsv } from "./csv.ts";
import {
  type ComplianceResponse,
  type ControlEvidence,
  type ControlResult,
  type EvaluateOptions,
  evaluateRequirements,
  type FrameworkSummary,
} from "./evaluate.ts";

export const CUSTOM_FRAMEWORK_LIMITS = {
  bytes: 1024 * 1024,
  requirements: 2000,
  idLength: 64,
  titleLength: 300,
  descriptionLength: 4000,
  nameLength: 200,
  versionLength: 64,
  controlsPerRequirement: 200,
  /** Errors listed in one message; the rest are counted. */
  errorsShown: 10,
} as const;

/** Letters, digits, and `. _ ( ) - :` and spaces: `CC6.1`, `A.5.15`, `SC-28(1)`, `Req 4: Access`. */
export const CUSTOM_REQUIREMENT_ID = /^[A-Za-z0-9._()\-: ]+$/;

export interface CustomRequirement {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly controlCodes: readonly string[];
}

export interface CustomFramework {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly requirements: readonly CustomRequirement[];
}

export type CustomFrameworkFormat = "yaml" | "csv";

export interface ParseCustomFrameworkOptions {
  /** CSV has no room for these; YAML's own values win over them. */
  readonly name?: string;
  readonly version?: string;
  readonly description?: string;
  /** Default: the control catalogue. */
  readonly controlExists?: (code: string) => boolean;
}

const L = CUSTOM_FRAMEWORK_LIMITS;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required`);

const RequirementSchema = z.strictObject(
  {
    id: z
      .union([z.string(), z.number()], { error: "id is required" })
      .transform((value) => String(value).trim())
      .pipe(
        z
          .string()
          .min(1, "id is required")
          .max(L.idLength, `id must be at most ${L.idLength} characters`)
          .regex(CUSTOM_REQUIREMENT_ID, "id may contain only letters, digits, spaces and . _ ( ) - :"),
      ),
    title: requiredText("title", L.titleLength),
    description: text("description", L.descriptionLength).default(""),
    controls: z
      .array(z.string({ error: "each control must be a code such as IAC-ENC-01" }).trim().min(1), {
        error: "controls must be a list of control codes",
      })
      .max(L.controlsPerRequirement, `at most ${L.controlsPerRequirement} controls per requirement`)
      .default([]),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : undefined,
  },
);

const YamlFrameworkSchema = z.strictObject(
  {
    name: text("name", L.nameLength).optional(),
    version: z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .pipe(z.string().max(L.versionLength, `version must be at most ${L.versionLength} characters`))
      .optional(),
    description: text("description", L.descriptionLength).optional(),
    requirements: z
      .array(z.unknown(), { error: "requirements must be a list" })
      .min(1, "requirements must list at least one requirement")
      .max(L.requirements, `at most ${L.requirements} requirements`),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : undefined,
  },
);

interface LocatedRequirement {
  /** Where the user finds it: `line 12` or `row 4 (line 5)`. */
  readonly where: string;
  readonly raw: unknown;
}

/** Checks each requirement, duplicates and control codes; collects every problem with its place. */
function checkRequirements(
  located: readonly LocatedRequirement[],
  controlExists: (code: string) => boolean,
): { requirements: CustomRequirement[]; problems: string[] } {
  const problems: string[] = [];
  const requirements: CustomRequirement[] = [];
  const firstSeen = new Map<string, string>();
  for (const { where, raw } of located) {
    const parsed = RequirementSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? `${String(issue.path[0])}: ` : "";
        const message = issue.message.startsWith(String(issue.path[0]))
          ? issue.message
          : `${field}${issue.message}`;
        problems.push(`${where}: ${message}`);
      }
      continue;
    }
    const { id, title, description, controls } = parsed.data;
    const previous = firstSeen.get(id.toLowerCase());
    if (previous !== undefined) problems.push(`${where}: id ${id} is used twice (first at ${previous})`);
    else firstSeen.set(id.toLowerCase(), where);
    const seen = new Set<string>();
    for (const code of controls) {
      if (!controlExists(code)) problems.push(`${where}: unknown control ${code}`);
      else if (seen.has(code)) problems.push(`${where}: control ${code} is listed twice`);
      seen.add(code);
    }
    requirements.push({ id, title, description, controlCodes: controls });
  }
  return { requirements, problems };
}

function problemsMessage(problems: readonly string[]): string {
  const shown = problems.slice(0, L.errorsShown);
  const more = problems.length - shown.length;
  return shown.join("\n") + (more > 0 ? `\n…and ${more} more problem${more === 1 ? "" : "s"}` : "");
}

/** A framework needs four levels; far deeper text is hostile and only makes the parser recurse. */
const MAX_YAML_DEPTH = 32;

/**
 * Whether the YAML nests deeper than a framework could: flow brackets counted outside quotes, and
 * block nesting read from a line's indentation and dashes. Cheap and conservative.
 */
export function yamlNestsTooDeep(source: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (const char of source) {
    if (quote !== null) {
      if (char === quote || char === "\n") quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "[" || char === "{") {
      depth += 1;
      if (depth > MAX_YAML_DEPTH) return true;
    } else if ((char === "]" || char === "}") && depth > 0) depth -= 1;
  }
  return source.split("\n").some((line) => (/^[ \t-]*/.exec(line)?.[0].length ?? 0) > MAX_YAML_DEPTH * 4);
}

function parseYaml(
  source: string,
  options: ParseCustomFrameworkOptions,
): { framework: Omit<CustomFramework, "requirements">; located: LocatedRequirement[] } | { error: string } {
  if (yamlNestsTooDeep(source))
    return { error: `the YAML is nested more than ${MAX_YAML_DEPTH} levels deep` };
  const lineCounter = new LineCounter();
  let document: ReturnType<typeof parseDocument>;
  let raw: unknown;
  try {
    // No aliases: an upload has no need for them, and they are how small files expand into huge ones.
    // The failsafe schema reads every scalar as text, so `id: 1.10` stays "1.10", not the number 1.1.
    document = parseDocument(source, { lineCounter, uniqueKeys: true, schema: "failsafe" });
    const first = document.errors[0];
    if (first !== undefined) {
      const line = lineCounter.linePos(first.pos[0]).line;
      const reason = first.code === "DUPLICATE_KEY" ? "a key is repeated" : first.message.split("\n")[0];
      return { error: `line ${line}: not valid YAML: ${reason}` };
    }
    raw = document.toJS({ maxAliasCount: 0 });
  } catch (error) {
    if (error instanceof RangeError)
      return { error: `the YAML is nested more than ${MAX_YAML_DEPTH} levels deep` };
    const message = (error as Error).message;
    if (/alias/i.test(message)) return { error: "YAML anchors and aliases (&name, *name) are not allowed" };
    return { error: `not valid YAML: ${message.split("\n")[0]}` };
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { error: "the YAML must be a mapping with name, version, description and requirements" };
  const top = YamlFrameworkSchema.safeParse(raw);
  if (!top.success) {
    return {
      error: problemsMessage(
        top.error.issues.map((issue) =>
          issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
            ? `${String(issue.path[0])}: ${issue.message}`
            : issue.message,
        ),
      ),
    };
  }
  const name = top.data.name || options.name?.trim() || "";
  if (name === "") return { error: "name is required" };
  const lineOf = (index: number) => {
    const node = document.getIn(["requirements", index], true) as { range?: readonly number[] } | undefined;
    const offset = node?.range?.[0];
    return offset === undefined
      ? `requirement ${index + 1}`
      : `requirement ${index + 1} (line ${lineCounter.linePos(offset).line})`;
  };
  return {
    framework: {
      name,
      version: top.data.version ?? options.version?.trim() ?? "",
      description: top.data.description ?? options.description?.trim() ?? "",
    },
    located: top.data.requirements.map((requirement, index) => ({ where: lineOf(index), raw: requirement })),
  };
}

const CSV_HEADER = ["id", "title", "description", "controls"] as const;

function parseCsv(
  source: string,
  options: ParseCustomFrameworkOptions,
): { framework: Omit<CustomFramework, "requirements">; located: LocatedRequirement[] } | { error: string } {
  const read = readCsv(source);
  if ("error" in read) return read;
  const [header, ...rows] = read.records;
  if (header === undefined)
    return { error: "the CSV is empty; its first row must be id,title,description,controls" };
  const names = header.fields.map((field) => field.trim().toLowerCase());
  if (names.length !== CSV_HEADER.length || names.some((name, index) => name !== CSV_HEADER[index]))
    return { error: `row 1: the header must be ${CSV_HEADER.join(",")}` };
  if (rows.length === 0) return { error: "the CSV has a header but no requirement rows" };
  if (rows.length > L.requirements) return { error: `at most ${L.requirements} requirements` };
  const located: LocatedRequirement[] = [];
  for (const row of rows) {
    const where = `row ${row.row} (line ${row.line})`;
    if (row.fields.length !== CSV_HEADER.length)
      return {
        error: `${where}: expected ${CSV_HEADER.length} fields (id,title,description,controls), found ${row.fields.length}`,
      };
    const [id, title, description, controls] = row.fields as [string, string, string, string];
    located.push({
      where,
      raw: {
        id,
        title,
        // Line breaks inside a quoted field keep the file's CRLF; store them as LF like YAML's.
        description: description.replace(/\r\n/g, "\n"),
        controls: controls
          .split(";")
          .map((code) => code.trim())
          .filter((code) => code !== ""),
      },
    });
  }
  const name = options.name?.trim() ?? "";
  return {
    framework: {
      name: name === "" ? "Custom framework" : name.slice(0, L.nameLength),
      version: options.version?.trim().slice(0, L.versionLength) ?? "",
      description: options.description?.trim().slice(0, L.descriptionLength) ?? "",
    },
    located,
  };
}

const PARSERS = { yaml: parseYaml, csv: parseCsv } as const;

/**
 * Parses an uploaded framework. YAML: `{name, version?, description?, requirements: [{id, title,
 * description?, controls?: [codes]}]}`. CSV: header `id,title,description,controls`, controls
 * `;`-separated. Returns the framework, or `{error}` listing the problems with their lines/rows.
 */
export function parseCustomFramework(
  source: string,
  format: CustomFrameworkFormat,
  options: ParseCustomFrameworkOptions = {},
): CustomFramework | { error: string } {
  if (typeof source !== "string") return { error: "the framework must be text" };
  // Characters before bytes: a string longer than the limit in characters is over it in bytes too.
  if (source.length > L.bytes || new TextEncoder().encode(source).length > L.bytes)
    return { error: "the file is larger than 1 MB" };
  const parse = PARSERS[format];
  if (parse === undefined) return { error: "the format must be yaml or csv" };
  const parsed = parse(source, options);
  if ("error" in parsed) return parsed;
  const controlExists = options.controlExists ?? ((code: string) => getControl(code) !== undefined);
  const { requirements, problems } = checkRequirements(parsed.located, controlExists);
  if (problems.length > 0) return { error: problemsMessage(problems) };
  return { ...parsed.framework, requirements };
}

/** The compliance response of a custom framework: the same shape and rules as the built-in ones. */
export function evaluateCustomFramework(
  framework: CustomFramework & { readonly id: string },
  results: readonly ControlResult[],
  evidence: readonly ControlEvidence[] = [],
  options: EvaluateOptions = {},
): ComplianceResponse<FrameworkSummary> {
  const evaluated = evaluateRequirements(
    framework.requirements,
    results,
    (code) => getControl(code)?.title ?? code,
    options,
    evidence,
  );
  return {
    framework: {
      id: framework.id,
      name: framework.name,
      version: framework.version,
      description: framework.description,
    },
    ...evaluated,
  };
}
