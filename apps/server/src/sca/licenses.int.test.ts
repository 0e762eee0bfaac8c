// Issue 17, "Dependencies: licence shows Unknown for every package": a dependency shows the
// licence its lockfile states, and where it has none the page says why, as the scan saw the file.
// package-lock.json v3 (the payments-api sample) records each package's licence; a lockfile of
// version 1 (an older service in the same repository) has no field for it.
import { cpSync } from "node:fs";
import path from "node:path";
import type { ScaResponse } from "@rampart/contracts/sca";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { addLocalRepository, scanRepository } from "../../test/repository-with-run.ts";

const V1_LOCKFILE = path.resolve(
  import.meta.dirname,
  "../../../../packages/engine/src/sca/parsers/fixtures/npm/v1",
);

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const sample = sampleRepository("payments-api", "01-initial");
  cpSync(V1_LOCKFILE, path.join(sample.path, "legacy"), { recursive: true });
  git(sample.path, "add", "--all");
  git(sample.path, "commit", "--quiet", "-m", "legacy service");
  ctx = await createTestContext({ localRepositoryRoots: [sample.root] });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await addLocalRepository(ctx, owner, sample.path);
  await scanRepository(ctx, owner);
}, 180_000);
afterAll(() => ctx.close());

describe("dependency licences", () => {
  it("come from the lockfile, and say why they are unknown where it records none", async () => {
    const response = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/sca`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { findings } = response.json() as ScaResponse;
    const current = findings.filter((finding) => finding.filePath === "package-lock.json");
    const legacy = findings.filter((finding) => finding.filePath === "legacy/package-lock.json");
    expect(current.length).toBeGreaterThan(3);
    expect(legacy.length).toBeGreaterThan(0);
    // lodash, minimist, jsonwebtoken, express…: all MIT in the lockfile.
    expect(current.find((finding) => finding.packageName === "lodash")).toMatchObject({
      license: "MIT",
      licenseUnknownReason: null,
    });
    for (const finding of current)
      expect(finding.license, finding.packageName).toMatch(/^[A-Za-z0-9.+()\- ]+$/);
    for (const finding of legacy)
      expect(finding).toMatchObject({
        license: null,
        licenseUnknownReason:
          "This package-lock.json records no licences (lockfile version 1: npm 7 and later write them)",
      });
  });

  it("are another tenant's to read only through their own organization (404)", async () => {
    const response = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/sca`,
      headers: { cookie: stranger.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
