// The format of a custom rule file (`.rampart/rules/*.yaml`, `rampart scan --rules DIR`): one zod
// schema per rule kind (structural pattern, taint, resource condition), strict so that a typo is an
// error with its line rather than a rule that silently matches nothing.
import { z } from "zod";
import { CONFIDENCES, SEVERITIES } from "../rule.ts";

/** The languages a code rule can name: ast-grep grammars the sast analyzer parses. */
export const CODE_LANGUAGES = ["javascript", "typescript", "tsx", "python", "go", "java"] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Bounds on what one repository can ask of a scan: rule files are input, not trusted code. */
export const CUSTOM_RULE_LIMITS = {
  maxFiles: 100,
  maxFileBytes: 256 * 1024,
  maxRules: 500,
  maxPatternChars: 4_000,
  maxRegexChars: 500,
  maxConditionDepth: 8,
};

const Id = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "an id is lower-case words joined by hyphens (it becomes custom/<id>)",
  );

const PatternText = z.string().trim().min(1).max(CUSTOM_RULE_LIMITS.maxPatternChars);
/**
 * A pattern is code of the language; a fragment that is not valid on its own (a Java method) is
 * written whole in `context`, and `selector` names the node kind that is the pattern.
 */
const Pattern = z.union([
  PatternText,
  z.strictObject({
    context: PatternText,
    selector: z.string().regex(/^[a-z_]+$/, "a node kind, e.g. method_declaration"),
  }),
]);
export type PatternValue = z.infer<typeof Pattern>;
const Patterns = z.union([Pattern, z.array(Pattern).min(1).max(50)]);
const Regex = z.string().min(1).max(CUSTOM_RULE_LIMITS.maxRegexChars);

/** What every kind of rule says about itself: the metadata a built-in rule has. */
const Meta = {
  id: Id,
  /** The finding's text; `$X` is replaced by what the metavariable captured (pattern rules). */
  message: z.string().trim().min(1).max(1_000),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(CONFIDENCES).default("medium"),
  title: z.string().trim().min(1).max(200).optional(),
  /** What the rule finds, why it matters, what to do: shown like a built-in rule's docs. */
  description: z.string().trim().min(1).max(4_000).optional(),
  remediation: z.string().trim().min(1).max(4_000).optional(),
  references: z.array(z.url()).max(20).optional(),
  cwe: z.array(z.number().int().positive().max(100_000)).max(10).optional(),
  /** Control codes this rule evidences; each must be one the built-in rules already evidence. */
  controls: z
    .array(z.string().regex(/^[A-Z]+-[A-Z]+-\d{2}$/, "a control code reads AREA-TOPIC-NN"))
    .max(10)
    .default([]),
};

const Languages = z.array(z.enum(CODE_LANGUAGES)).min(1).max(CODE_LANGUAGES.length);

/** A metavariable name as ast-grep writes it, without the `$`. */
const MetavariableName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, "a metavariable is written in capitals: X, ARG");

export const PatternRuleSchema = z
  .strictObject({
    ...Meta,
    languages: Languages,
    /** ast-grep pattern the code must match; `any` instead for several alternatives. */
    pattern: Pattern.optional(),
    any: z.array(Pattern).min(1).max(50).optional(),
    /** A match that also matches one of these is not reported (`eval("literal")`). */
    "pattern-not": Patterns.optional(),
    /** The match must sit inside code matching each of these (a function, a `with` block). */
    inside: Patterns.optional(),
    /** The match must not sit inside code matching any of these. */
    "not-inside": Patterns.optional(),
    /** Conditions on what a metavariable captured. */
    metavariables: z
      .record(
        MetavariableName,
        z
          .strictObject({ regex: Regex.optional(), "not-regex": Regex.optional() })
          .refine(
            (value) => value.regex !== undefined || value["not-regex"] !== undefined,
            "give regex or not-regex",
          ),
      )
      .optional(),
  })
  .refine((rule) => (rule.pattern === undefined) !== (rule.any === undefined), {
    message: "give exactly one of pattern or any",
    path: ["pattern"],
  });
export type PatternRule = z.infer<typeof PatternRuleSchema>;

/** Code named by its text (`request.args`, `db.raw`) or by a regular expression over it. */
const CodeName = z
  .strictObject({
    name: z
      .union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(50)])
      .optional(),
    regex: Regex.optional(),
    label: z.string().trim().min(1).max(100).optional(),
  })
  .refine(
    (value) => (value.name === undefined) !== (value.regex === undefined),
    "give exactly one of name or regex",
  );

export const TaintRuleSchema = z.strictObject({
  ...Meta,
  mode: z.literal("taint"),
  languages: Languages,
  /** Where untrusted data enters: an expression's text (`request.args`, `input(`). */
  sources: z.array(CodeName).max(50).default([]),
  /** Also count the language's own sources (HTTP request data, command-line arguments). */
  "builtin-sources": z.boolean().default(false),
  /** Calls whose arguments must not carry the data; `args` lists the dangerous positions (0-based). */
  sinks: z
    .array(
      z.strictObject({
        callee: CodeName,
        args: z.union([z.literal("all"), z.array(z.number().int().min(0).max(50)).min(1)]).default("all"),
      }),
    )
    .min(1)
    .max(50),
  /** Calls whose result is safe: data passed through them is clean. */
  sanitizers: z.array(CodeName).max(50).default([]),
});
export type TaintRule = z.infer<typeof TaintRuleSchema>;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
/** `logging.target_bucket` (Terraform blocks and objects) or `LoggingConfiguration.DestinationBucketName`. */
const AttributePath = z
  .string()
  .regex(/^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*$/, "an attribute path is names joined by dots");

export type Condition =
  | {
      attribute: string;
      equals?: string | number | boolean;
      "not-equals"?: string | number | boolean;
      in?: (string | number | boolean)[];
      matches?: string;
    }
  | { missing: string }
  | { present: string }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z
      .strictObject({
        attribute: AttributePath,
        equals: Scalar.optional(),
        "not-equals": Scalar.optional(),
        in: z.array(Scalar).min(1).max(100).optional(),
        matches: Regex.optional(),
      })
      .refine(
        (value) =>
          [value.equals, value["not-equals"], value.in, value.matches].filter((item) => item !== undefined)
            .length === 1,
        "an attribute condition takes exactly one of equals, not-equals, in, matches",
      ),
    z.strictObject({ missing: AttributePath }),
    z.strictObject({ present: AttributePath }),
    z.strictObject({ all: z.array(ConditionSchema).min(1).max(50) }),
    z.strictObject({ any: z.array(ConditionSchema).min(1).max(50) }),
    z.strictObject({ not: ConditionSchema }),
  ]),
);

export const ResourceRuleSchema = z.strictObject({
  ...Meta,
  /** Terraform resource types (`aws_s3_bucket`) and CloudFormation types (`AWS::S3::Bucket`). */
  resource: z.union([
    z
      .string()
      .regex(
        /^(?:[a-z][a-z0-9_]*|[A-Za-z0-9]+(?:::[A-Za-z0-9]+){2})$/,
        "a Terraform or CloudFormation resource type",
      ),
    z
      .array(
        z
          .string()
          .regex(
            /^(?:[a-z][a-z0-9_]*|[A-Za-z0-9]+(?:::[A-Za-z0-9]+){2})$/,
            "a Terraform or CloudFormation resource type",
          ),
      )
      .min(1)
      .max(20),
  ]),
  /** Reported when this holds; a value that cannot be known (a variable, a reference) never holds. */
  where: ConditionSchema,
});
export type ResourceRule = z.infer<typeof ResourceRuleSchema>;

export const RuleFileSchema = z.strictObject({
  rules: z
    .array(z.unknown(), { error: "a rule file lists its rules under rules:" })
    .min(1, "a rule file lists at least one rule under rules:")
    .max(CUSTOM_RULE_LIMITS.maxRules),
});

/** A validated rule, tagged with its kind and where it was written; plain data (crosses to workers). */
export type CustomRuleDefinition = { file: string; line: number; controlsLine?: number } & (
  | { kind: "pattern"; rule: PatternRule }
  | { kind: "taint"; rule: TaintRule }
  | { kind: "resource"; rule: ResourceRule }
);

/** Which schema a rule item is read with: `mode: taint`, a `resource:` key, else a pattern rule. */
export function kindOf(item: unknown): CustomRuleDefinition["kind"] {
  if (item && typeof item === "object") {
    if ((item as Record<string, unknown>).mode === "taint") return "taint";
    if ("resource" in item) return "resource";
  }
  return "pattern";
}
