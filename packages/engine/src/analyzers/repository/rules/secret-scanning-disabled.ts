import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const secretScanningDisabled = defineProjectRule<RepositoryModel>({
  id: "repository/secret-scanning-disabled",
  analyzer: "repository",
  title: "Secret scanning is off",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [798],
  controls: ["REPO-SEC-01"],
  docs: {
    summary: "The code host's secret scanning is not enabled for the repository.",
    whyItMatters:
      "Credentials committed by mistake stay unnoticed in the history, where anyone with read access (or the public) can use them; secret scanning also notifies the token's issuer so it can be revoked.",
    remediation:
      "Enable secret scanning under Settings → Code security (free for public repositories; GitHub Secret Protection for private ones).",
    references: [
      "https://docs.github.com/en/code-security/secret-scanning/introduction/about-secret-scanning",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const enabled = known(ctx, model, model.secretScanning, "whether secret scanning is on");
      if (enabled !== false) return;
      report({ message: `Secret scanning is off for ${model.repository}`, at: model.secretScanning.at });
    });
  },
});
