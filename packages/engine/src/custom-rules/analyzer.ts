// The `custom` analyzer: built per scan from the validated rule files, never registered. It parses
// code with the sast analyzer's grammars and infrastructure with the Terraform and CloudFormation
// models, and each custom rule is an ordinary file rule (`custom/<id>`), so findings, fingerprints,
// suppressions, `disable:` and the outputs treat it like a built-in one.
import { type Analyzer, defineAnalyzer, type FileKind, type ParseResult, parsed } from "../analyzer.ts";
import { type CfnModel, parseCloudFormation } from "../analyzers/cloudformation/model.ts";
import {
  LANGUAGES,
  type LanguageName,
  parseSource,
  registerLanguages,
  type SastModel,
} from "../analyzers/sast/model.ts";
import { parseTerraform, type TerraformModel } from "../analyzers/terraform/model.ts";
import type { FileRule, Report } from "../rule.ts";
import type { SourceFile } from "../source.ts";
import { CUSTOM_ANALYZER_ID, customRuleMeta } from "./meta.ts";
import { compilePatternRule, mayMatch, patternReports, requiredWords } from "./pattern.ts";
import { cloudformationViews, isCloudFormationType, resourceReports, terraformViews } from "./resources.ts";
import type { CodeLanguage, CustomRuleDefinition } from "./schema.ts";
import { taintReports, taintSpecOf } from "./taint.ts";

export type CustomModel =
  | { kind: "code"; code: SastModel }
  | { kind: "terraform"; terraform: TerraformModel }
  | { kind: "cloudformation"; cloudformation: CfnModel };

/** A rule and the models it reads; `appliesTo` lets `rulesFor` skip the others without a call. */
interface CustomFileRule extends FileRule<CustomModel> {
  appliesTo(model: CustomModel): boolean;
}

/** The file languages a rule's `languages` cover: `typescript` includes TSX files. */
function fileLanguages(languages: readonly CodeLanguage[]): Set<LanguageName> {
  const covered = new Set<LanguageName>(languages);
  if (covered.has("typescript")) covered.add("tsx");
  return covered;
}

const KIND_OF_LANGUAGE: Record<CodeLanguage, FileKind> = {
  javascript: "javascript",
  typescript: "typescript",
  tsx: "typescript",
  python: "python",
  go: "go",
  java: "java",
};

function codeRule(
  definition: CustomRuleDefinition & { kind: "pattern" | "taint" },
  check: (model: SastModel) => Report[],
): CustomFileRule {
  const languages = fileLanguages(definition.rule.languages);
  const properties = { category: "custom", ruleFile: definition.file };
  return {
    ...customRuleMeta(definition),
    appliesTo: (model) => model.kind === "code" && languages.has(model.code.language),
    check(ctx) {
      if (ctx.model.kind !== "code" || !languages.has(ctx.model.code.language)) return;
      for (const report of check(ctx.model.code))
        ctx.report({ ...report, properties: { ...properties, ...report.properties } });
    },
  };
}

function compile(definition: CustomRuleDefinition): CustomFileRule {
  switch (definition.kind) {
    case "pattern": {
      const config = compilePatternRule(definition.rule);
      const words = requiredWords(definition.rule);
      return codeRule(definition, (model) =>
        mayMatch(words, model.file.text) ? patternReports(model, config, definition.rule.message) : [],
      );
    }
    case "taint": {
      // One spec per language, kept: the engine memoizes sink lookups per spec object.
      const specs = new Map<LanguageName, ReturnType<typeof taintSpecOf>>();
      return codeRule(definition, (model) => {
        let spec = specs.get(model.language);
        if (!spec) {
          spec = taintSpecOf(definition.rule, LANGUAGES[model.language]);
          specs.set(model.language, spec);
        }
        return taintReports(model, spec, definition.rule);
      });
    }
    case "resource": {
      const { rule } = definition;
      const types = Array.isArray(rule.resource) ? rule.resource : [rule.resource];
      const terraformTypes = types.filter((type) => !isCloudFormationType(type));
      const cloudformationTypes = types.filter(isCloudFormationType);
      const matchers = new Map<string, RegExp>();
      return {
        ...customRuleMeta(definition),
        appliesTo: (model) =>
          (model.kind === "terraform" && terraformTypes.length > 0) ||
          (model.kind === "cloudformation" && cloudformationTypes.length > 0),
        check(ctx) {
          const views =
            ctx.model.kind === "terraform"
              ? terraformViews(ctx.model.terraform, terraformTypes)
              : ctx.model.kind === "cloudformation"
                ? cloudformationViews(ctx.model.cloudformation, cloudformationTypes)
                : [];
          for (const report of resourceReports(views, rule, matchers))
            ctx.report({ ...report, properties: { category: "custom", ruleFile: definition.file } });
        },
      };
    }
  }
}

/** Which model a file becomes: code by extension, `.tf` is Terraform, anything else given is CloudFormation. */
function parseAny(file: SourceFile): ParseResult<CustomModel> {
  const lower = file.path.toLowerCase();
  if (/\.(?:[cm]?[jt]sx?|py|go|java)$/.test(lower)) {
    const result = parseSource(file);
    return result.ok ? parsed({ kind: "code", code: result.model }) : result;
  }
  if (lower.endsWith(".tf")) {
    const result = parseTerraform(file);
    return result.ok ? parsed({ kind: "terraform", terraform: result.model }) : result;
  }
  const result = parseCloudFormation(file);
  return result.ok ? parsed({ kind: "cloudformation", cloudformation: result.model }) : result;
}

/** The analyzer of a scan's custom rules; it accepts only the kinds of file some rule reads. */
export function customAnalyzer(definitions: readonly CustomRuleDefinition[]): Analyzer<CustomModel> {
  const rules = definitions.map(compile);
  const accepts = new Set<FileKind>();
  for (const definition of definitions) {
    if (definition.kind === "resource") {
      const types = Array.isArray(definition.rule.resource)
        ? definition.rule.resource
        : [definition.rule.resource];
      if (types.some((type) => !isCloudFormationType(type))) accepts.add("terraform");
      if (types.some(isCloudFormationType)) accepts.add("cloudformation");
    } else {
      for (const language of definition.rule.languages) accepts.add(KIND_OF_LANGUAGE[language]);
    }
  }
  return defineAnalyzer<CustomModel>({
    id: CUSTOM_ANALYZER_ID,
    title: "Custom rules",
    description:
      "Runs the rules a team writes itself (`.rampart/rules/*.yaml`, `--rules DIR`): ast-grep patterns with metavariables and conditions, taint rules with their own sources, sinks and sanitizers, and attribute conditions over Terraform and CloudFormation resources.",
    accepts: [...accepts],
    prepare: registerLanguages,
    parse: parseAny,
    rules,
    rulesFor: (model) => rules.filter((rule) => rule.appliesTo(model)),
  });
}
