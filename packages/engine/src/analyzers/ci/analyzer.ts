// GitHub Actions workflows and actions: triggers, permissions, jobs, steps and scripts, checked for
// the hazards zizmor users expect (injection, unpinned code, over-broad tokens, dangerous triggers).
import { defineAnalyzer } from "../../analyzer.ts";
import { summarizeLocalCalls } from "./local-calls.ts";
import { parseWorkflow, type WorkflowModel } from "./model.ts";
import {
  type ActionRefFacts,
  type CiSummary,
  lookupActionRefs,
  summarizeUses,
} from "./online/action-refs.ts";
import { ciProjectRules, ciRules } from "./rules/index.ts";

export const ciAnalyzer = defineAnalyzer<WorkflowModel, CiSummary, ActionRefFacts>({
  id: "ci",
  title: "GitHub Actions",
  description:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
    "Parses GitHub Actions workflows (`.github/workflows/*.yml`) and composite or Docker actions (`action.yml`) with exact positions, including `${{ }}` expressions inside `run:` block scalars, and Dependabot configurations (`.github/dependabot.yml`), and checks template injection, unpinned actions and images, token permissions, dangerous triggers, credential persistence, cache poisoning and hard-coded credentials; with a GitHub token (an online phase), also pinned commits that no branch or tag of the action's repository contains and refs that name both a tag and a branch.",
  accepts: ["github-workflow", "github-action", "dependabot-config"],
  parse: parseWorkflow,
  rules: ciRules,
  // Offline the project phase joins local calls to the actions and reusable workflows they call
  // (`local-calls.ts`) and collects `uses:`; with a GitHub connection it also asks about their refs.
  project: {
    summarize: (model) => ({ ...summarizeUses(model), ...summarizeLocalCalls(model) }),
    rules: ciProjectRules,
    lookup: (files, connections) => lookupActionRefs(files, connections),
  },
});
