// A repository's settings on its code host (branch protection, security features, who has access),
// read from the host's API by the caller and handed over as one settings document. No file of a
// checkout is ever given to it (the kind is the caller's, see HOST_KINDS), so a repository cannot
// vouch for its own settings.
import { defineAnalyzer } from "../../analyzer.ts";
import { parseRepositorySettings, type RepositoryModel } from "./model.ts";
import { repositoryRules } from "./rules/index.ts";

export const repositoryAnalyzer = defineAnalyzer<RepositoryModel, RepositoryModel>({
  id: "repository",
  title: "Repository settings",
  description:
    "Reads a repository's settings as its code host's API reports them (given by the server for repositories of a connected GitHub App, never read from the checkout): default-branch protection from branch protection rules and rulesets (approving reviews, stale approvals dismissed, required status checks, force pushes blocked), secret scanning and push protection, Dependabot alerts, administrators, outside collaborators and the organization's two-factor requirement. A fact the host would not tell (a missing permission) makes the run partial with the reason; it is never read as a pass.",
  accepts: ["repository-settings"],
  parse: parseRepositorySettings,
  // Every rule needs to say when its fact is unknown (`incomplete`), which only project rules can.
  rules: [],
  project: { summarize: (model) => model, rules: repositoryRules },
});
