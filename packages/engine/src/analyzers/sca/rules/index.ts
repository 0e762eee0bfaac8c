import type { FileRule, ProjectRule } from "../../../rule.ts";
import type { ManifestModel, ManifestSummary } from "../model.ts";
import { unpinnedDependency } from "./unpinned-dependency.ts";
import { vulnerableDependency } from "./vulnerable-dependency.ts";

export const scaRules: readonly FileRule<ManifestModel>[] = [unpinnedDependency];

export const scaProjectRules: readonly ProjectRule<ManifestSummary>[] = [vulnerableDependency];
