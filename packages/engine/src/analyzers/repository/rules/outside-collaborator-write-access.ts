import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

const CAN_CHANGE = new Set(["write", "maintain", "admin"]);

export const outsideCollaboratorWriteAccess = defineProjectRule<RepositoryModel>({
  id: "repository/outside-collaborator-write-access",
  analyzer: "repository",
  title: "Outside collaborator can change the repository",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["REPO-ACC-02"],
  docs: {
    summary:
      "Someone who is not a member of the owning organization has write, maintain or admin permission on the repository (admin is reported as high).",
    whyItMatters:
      "Outside collaborators are granted one repository at a time, outside the organization's membership reviews, offboarding and two-factor enforcement for members, so their access is the easiest to forget when a contract ends (SOC 2 CC6.2, ISO 27001 A.5.18).",
    remediation:
      "Remove access that is no longer needed, lower it to read where that suffices, or make the person a member so that the organization's access reviews cover them.",
    references: [
      "https://docs.github.com/en/organizations/managing-user-access-to-your-organizations-repositories/managing-outside-collaborators/adding-outside-collaborators-to-repositories-in-your-organization",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const collaborators = known(
        ctx,
        model,
        model.outsideCollaborators,
        "who the outside collaborators are",
      );
      for (const collaborator of collaborators ?? []) {
        if (!CAN_CHANGE.has(collaborator.permission)) continue;
        report({
          message: `Outside collaborator ${collaborator.login} has ${collaborator.permission} permission on ${model.repository}`,
          at: collaborator.at,
          ...(collaborator.permission === "admin" ? { severity: "high" as const } : {}),
          properties: { login: collaborator.login, permission: collaborator.permission },
        });
      }
    });
  },
});
