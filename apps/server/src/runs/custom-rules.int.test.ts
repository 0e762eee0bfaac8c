// A repository's own rules (`.rampart/rules/`) come with its checkout: the server's scan runs them
// like built-in rules, and a broken rule file makes the run partial with the reason, not a crash.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const { root, path: repoPath } = sampleRepository("payments-api", "01-initial");
  const rules = path.join(repoPath, ".rampart", "rules");
  mkdirSync(rules, { recursive: true });
  writeFileSync(
    path.join(rules, "team.yaml"),
    [
      "rules:",
      "  - id: database-without-owner-tag",
      "    title: Database without an owner tag",
      "    resource: aws_db_instance",
      "    severity: med",
      "    message: $RESOURCE has no Owner tag",
      '    remediation: Add tags = { Owner = "<team>" }.',
      "    where: { missing: tags.Owner }",
      // never matches here: its silence must not pass the control it names
      "  - id: stream-without-encryption",
      "    title: Kinesis stream without encryption",
      "    resource: aws_kinesis_stream",
      "    severity: high",
      "    message: $RESOURCE is not encrypted",
      "    controls: [IAC-NET-03]",
      "    where: { missing: encryption_type }",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(rules, "broken.yaml"),
    "rules:\n  - id: no-eval\n    languages: [python]\n    severity: high\n    message: eval\n    pattern: eval($X\n",
  );
  git(repoPath, "add", "--all");
  git(repoPath, "commit", "--quiet", "-m", "team rules");
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Rules Org" });
  const registered = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/repositories`,
    payload: { location: repoPath, name: "acme/payments-api" },
    headers: { cookie: owner.cookie },
  });
  expect(registered.statusCode).toBe(201);
}, 120_000);
afterAll(() => ctx.close());

describe("custom rules in a server scan", () => {
  it("reports the repository's rule findings with their metadata, and the broken file as a partial custom run", async () => {
    const triggered = await ctx.app.inject({
      method: "POST",
      url: "/api/runs/trigger",
      payload: { tenantId: owner.tenantId, repo: "acme/payments-api" },
      headers: { cookie: owner.cookie },
    });
    expect(triggered.statusCode).toBe(200);
    expect(triggered.json().state).toBe("completed");
    const detail = (
      await ctx.app.inject({ url: `/api/runs/${triggered.json().runId}`, headers: { cookie: owner.cookie } })
    ).json();
    const custom = detail.analyzers.find((run: { analyzer: string }) => run.analyzer === "custom");
    expect(custom).toMatchObject({ status: "partial" });
    expect(custom.skipped).toContainEqual({
      path: ".rampart/rules/broken.yaml",
      reason:
        "custom rule: line 6: rule no-eval: pattern is not valid python (line 1, column 1 of the pattern): `eval($X`",
    });
    const finding = detail.findings.find(
      (item: { ruleId: string; status: string }) =>
        item.ruleId === "custom/database-without-owner-tag" && item.status === "fail",
    );
    expect(finding).toMatchObject({
      filePath: "infra/database.tf",
      message: "aws_db_instance.ledger has no Owner tag",
    });
    // the rule's own metadata, as a built-in rule's would be
    expect(JSON.stringify(finding)).toContain("Database without an owner tag");
    // a repository's own rule attests nothing by staying silent
    expect(
      detail.findings.filter(
        (item: { ruleId: string }) => item.ruleId === "custom/stream-without-encryption",
      ),
    ).toEqual([]);
  }, 120_000);
});
