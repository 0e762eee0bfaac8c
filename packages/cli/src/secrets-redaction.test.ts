// A detected secret must never leave the engine in clear: not in Finding objects, not in the
// table, JSON or SARIF, whichever analyzer's finding quotes the line, with or without workers.
import { createHash } from "node:crypto";
import { ruleCatalogue } from "@rampart/engine/all-analyzers";
import { toJsonReport } from "@rampart/engine/output/json";
import { ScanReportSchema } from "@rampart/engine/output/json-schema";
import { toSarif } from "@rampart/engine/output/sarif";
import { scan } from "@rampart/engine/scan";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeGithubToken } from "../../engine/test/fake-token.ts";
import { makeTree, type TempTree } from "../../engine/test/temp-tree.ts";
import { renderTable } from "./table.ts";

const token = fakeGithubToken();
const tool = { name: "Rampart", version: "0.0.0-test" };
let tree: TempTree;

beforeAll(() => {
  tree = makeTree({
    "deploy.env": `# deploy\nGITHUB_TOKEN=${token}\n`,
    Dockerfile: `FROM alpine:3.20\nENV GITHUB_TOKEN=${token}\n`,
    // a suppression without a reason is itself reported, quoting this line
    "app.conf": `token = "${token}" # rampart:ignore secrets/github-personal-access-token\n`,
    ".github/workflows/ci.yml": `on: push\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      GH_TOKEN: ${token}\n    steps:\n      - run: make\n`,
  });
});
afterAll(() => tree.remove());

describe.each([0, 2])("a scan with workers: %i", (workers) => {
  it("keeps the raw token out of findings, table, JSON and SARIF", async () => {
    const result = await scan(tree.root, { workers });
    const secrets = result.findings.filter(
      (finding) => finding.ruleId === "secrets/github-personal-access-token",
    );
    expect(secrets.map((finding) => finding.location.path).sort()).toEqual([
      ".github/workflows/ci.yml",
      "Dockerfile",
      "app.conf",
      "deploy.env",
    ]);
    const sha = createHash("sha256").update(token).digest("hex");
    for (const finding of secrets) {
      expect(finding.properties).toMatchObject({ secretSha256: sha, maskedSecret: "ghp_…(40 chars)" });
      expect(finding.location.snippet).toContain("ghp_…");
    }
    // other analyzers' findings on the same lines are masked too
    expect(result.findings.some((finding) => finding.analyzer !== "secrets")).toBe(true);
    const catalogue = ruleCatalogue((await import("@rampart/engine/all-analyzers")).analyzers);
    const outputs = {
      findings: JSON.stringify(result.findings),
      table: renderTable(result, false),
      json: JSON.stringify(toJsonReport(result, catalogue, tool)),
      sarif: JSON.stringify(toSarif(result, catalogue, tool)),
    };
    for (const [name, text] of Object.entries(outputs)) {
      expect({ name, leaks: text.includes(token.slice(4)) }).toEqual({ name, leaks: false });
    }
    expect(outputs.sarif).toContain(`"secretSha256":"${sha}"`);
    const report = ScanReportSchema.parse(JSON.parse(outputs.json));
    expect(report.findings.find((finding) => finding.analyzer === "secrets")?.properties?.secretSha256).toBe(
      sha,
    );
  }, 60_000);
});
