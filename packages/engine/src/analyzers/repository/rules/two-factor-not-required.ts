import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const twoFactorNotRequired = defineProjectRule<RepositoryModel>({
  id: "repository/two-factor-not-required",
  analyzer: "repository",
  title: "Two-factor authentication is not required",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [308],
  controls: ["REPO-AUTH-01"],
  docs: {
    summary:
      "The organization that owns the repository does not require two-factor authentication of its members and collaborators, or a personal account owns it and nobody can require it.",
    whyItMatters:
      "A phished or reused password is then enough to push code, approve pull requests and change settings. Multi-factor authentication for everyone with access is among the first things SOC 2 (CC6.1) and NIST (IA-2) auditors check.",
    remediation:
      "Require two-factor authentication in the organization's Settings → Authentication security; move repositories owned by personal accounts into an organization that requires it.",
    references: [
      "https://docs.github.com/en/organizations/keeping-your-organization-secure/managing-two-factor-authentication-for-your-organization/requiring-two-factor-authentication-in-your-organization",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const fact = model.organizationTwoFactorRequired;
      const required = known(ctx, model, fact, "whether the organization requires two-factor authentication");
      if (required === undefined || required === true) return;
      report({
        message:
          required === null
            ? `${model.repository} is owned by the personal account ${model.owner.login}: no organization requires two-factor authentication of those with access`
            : `The organization ${model.owner.login} does not require two-factor authentication`,
        at: fact.at,
      });
    });
  },
});
