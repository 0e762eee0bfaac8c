import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

/** More administrators than this is flagged: enough for cover, few enough to review by name. */
export const MAX_ADMINS = 3;

export const tooManyAdmins = defineProjectRule<RepositoryModel>({
  id: "repository/too-many-admins",
  analyzer: "repository",
  title: "More than three people administer the repository",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["REPO-ACC-01"],
  docs: {
    summary: `More than ${MAX_ADMINS} people have admin permission on the repository (organization owners included).`,
    whyItMatters:
      "An administrator can turn branch protection, secret scanning and every other setting off, change who has access and delete the repository. Each one is an account whose compromise undoes the other controls, so least privilege (SOC 2 CC6.3, ISO 27001 A.5.15) asks that admins be few and reviewed by name.",
    remediation:
      "Give people the least role that lets them work (write or maintain), keep admin for a named few, and review the list regularly. The finding lists the current administrators.",
    references: [
      "https://docs.github.com/en/organizations/managing-user-access-to-your-organizations-repositories/managing-repository-roles/repository-roles-for-an-organization",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const admins = known(ctx, model, model.admins, "who administers the repository");
      if (!admins || admins.length <= MAX_ADMINS) return;
      report({
        message: `${admins.length} people administer ${model.repository}: ${admins.join(", ")}`,
        at: model.admins.at,
        properties: { admins: [...admins] },
      });
    });
  },
});
