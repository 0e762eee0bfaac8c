// A tenant's own frameworks through the API: YAML and CSV imports (a bad row names itself), the
// list beside the shipped frameworks, remapping a requirement, deleting, limits, who may do what,
// other tenants kept out, and the evaluation the compliance page gets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { memberships } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { MAX_CUSTOM_FRAMEWORKS } from "./custom-frameworks.service.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

type Method = "GET" | "POST" | "PUT" | "DELETE";
const send = (method: Method, suffix: string, cookie: string, payload?: object, tenantId = admin.tenantId) =>
  ctx.app.inject({
    method,
    url: `/api/tenants/${tenantId}/frameworks${suffix}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx.app, { tenantName: "Acme" });
  member = await signUp(ctx.app);
  auditor = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: admin.tenantId, role: "member" },
    { userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" },
  ]);
  await ctx.app.inject({
    method: "PATCH",
    url: `/api/tenants/${admin.tenantId}/auditor-access`,
    headers: { cookie: admin.cookie },
    payload: { enabled: true },
  });
}, 60_000);
afterAll(() => ctx.close());

describe("custom frameworks", () => {
  let yamlId: string;

  it("imports a YAML framework with its own name, and lists it after the shipped ones", async () => {
    const imported = await send("POST", "", admin.cookie, {
      format: "yaml",
      content: fixture("vendor-questionnaire.yaml"),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const detail = imported.json();
    yamlId = detail.framework.id;
    expect(detail.framework).toMatchObject({
      name: "Globex Vendor Questionnaire",
      version: "2026",
      custom: true,
    });
    expect(detail.requirements).toEqual([
      {
        requirementId: "GVQ-1",
        title: "Encryption at rest",
        description: "Customer data is encrypted where it is stored.",
        controlCodes: ["IAC-ENC-01"],
      },
      {
        requirementId: "GVQ-2: Access",
        title: "Access is reviewed",
        description: "",
        controlCodes: ["ORG-ACC-01"],
      },
      { requirementId: "GVQ-3", title: "Vendors are reviewed", description: "", controlCodes: [] },
    ]);

    const list = await send("GET", "", auditor.cookie);
    expect(list.statusCode).toBe(200);
    const frameworks = list.json() as { id: string; custom: boolean }[];
    expect(frameworks.slice(0, 3).map((framework) => [framework.id, framework.custom])).toEqual([
      ["soc2", false],
      ["iso27001", false],
      ["nist-800-53", false],
    ]);
    expect(frameworks.at(-1)).toMatchObject({ id: yamlId, custom: true });
    expect((await send("GET", `/${yamlId}`, auditor.cookie)).json()).toEqual(detail);
  });

  it("imports a CSV framework under the given name, and needs one", async () => {
    const content = fixture("vendor-questionnaire.csv");
    const nameless = await send("POST", "", admin.cookie, { format: "csv", content });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toBe("name: a CSV framework needs a name");
    const imported = await send("POST", "", admin.cookie, {
      format: "csv",
      content,
      name: "Initech questions",
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().framework.name).toBe("Initech questions");
    expect(imported.json().requirements[0]).toMatchObject({
      requirementId: "Q1",
      description: "Buckets, databases and volumes",
    });
    const again = await send("POST", "", admin.cookie, { format: "csv", content, name: "Initech questions" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A framework named "Initech questions" already exists');
  });

  it("refuses a file with a bad row, naming the row", async () => {
    const refused = await send("POST", "", admin.cookie, {
      format: "csv",
      content: fixture("unknown-control.csv"),
      name: "Broken",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^row 3 \(line 3\).*NOT-A-CONTROL/);
    const yaml = await send("POST", "", admin.cookie, { format: "yaml", content: "name: [unclosed" });
    expect(yaml.statusCode).toBe(400);
    expect(yaml.json().error).toMatch(/^line 1/);
  });

  it("maps a requirement to known controls only", async () => {
    const url = `/${yamlId}/requirements/${encodeURIComponent("GVQ-3")}/controls`;
    const mapped = await send("PUT", url, admin.cookie, {
      controlCodes: ["ORG-ACC-01", "IAC-ENC-01", "ORG-ACC-01"],
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({
      requirementId: "GVQ-3",
      controlCodes: ["ORG-ACC-01", "IAC-ENC-01"],
    });
    const unknown = await send("PUT", url, admin.cookie, { controlCodes: ["NOPE-1"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("Unknown control codes: NOPE-1");
    const spaced = `/${yamlId}/requirements/${encodeURIComponent("GVQ-2: Access")}/controls`;
    expect((await send("PUT", spaced, admin.cookie, { controlCodes: [] })).json().controlCodes).toEqual([]);
    expect(
      (await send("PUT", `/${yamlId}/requirements/GVQ-9/controls`, admin.cookie, { controlCodes: [] }))
        .statusCode,
    ).toBe(404);
    expect((await send("PUT", url, member.cookie, { controlCodes: [] })).statusCode).toBe(403);
    expect((await send("PUT", url, auditor.cookie, { controlCodes: [] })).statusCode).toBe(403);
  });

  it("evaluates a custom framework with the shipped rules, for its own tenant only", async () => {
    const compliance = await ctx.services.customFrameworks.customFrameworkCompliance(
      admin.tenantId,
      yamlId,
      [{ code: "IAC-ENC-01", analyzersEvidenced: "succeeded", failures: 0, passes: 3 }],
      [
        {
          code: "ORG-ACC-01",
          items: [{ key: "rampart-access-review", state: "missing", owner: admin.email }],
        },
      ],
      new Date(),
    );
    expect(compliance.framework).toMatchObject({ id: yamlId, name: "Globex Vendor Questionnaire" });
    const byId = Object.fromEntries(compliance.controls.map((row) => [row.frameworkControlCode, row]));
    expect(byId["GVQ-1"]!.status).toBe("pass");
    // GVQ-3 now needs the access review too, and nothing is mapped to GVQ-2 any more.
    expect(byId["GVQ-3"]!.status).toBe("fail");
    expect(byId["GVQ-3"]!.missing.length).toBeGreaterThan(0);
    expect(byId["GVQ-2: Access"]!.status).toBe("unknown");
    await expect(
      ctx.services.customFrameworks.customFrameworkCompliance(stranger.tenantId, yamlId, [], [], new Date()),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      ctx.services.customFrameworks.customFrameworkCompliance(admin.tenantId, "soc2", [], [], new Date()),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("answers GET /api/compliance/{id} for the tenant's own framework, an auditor too, and 404 to others", async () => {
    const url = (tenantId: string) => `/api/compliance/${yamlId}?tenantId=${tenantId}`;
    const mine = await ctx.app.inject({ url: url(admin.tenantId), headers: { cookie: admin.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json();
    expect(body.framework).toMatchObject({ id: yamlId, name: "Globex Vendor Questionnaire" });
    expect(body.compliance.totalControls).toBe(body.controls.length);
    // Nothing was scanned and no evidence given: the access review's row fails for want of it.
    const row = body.controls.find(
      (candidate: { frameworkControlCode: string }) => candidate.frameworkControlCode === "GVQ-3",
    );
    expect(row).toMatchObject({ status: "fail", isMapped: true });
    expect(row.missing.length).toBeGreaterThan(0);
    const audited = await ctx.app.inject({ url: url(admin.tenantId), headers: { cookie: auditor.cookie } });
    expect(audited.statusCode).toBe(200);
    const theirs = await ctx.app.inject({
      url: url(stranger.tenantId),
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const probing = await ctx.app.inject({ url: url(admin.tenantId), headers: { cookie: stranger.cookie } });
    expect(probing.statusCode).toBe(404);
  });

  it("keeps other tenants out of every route", async () => {
    const calls: [Method, string, object?][] = [
      ["GET", ""],
      ["POST", "", { format: "yaml", content: fixture("vendor-questionnaire.yaml") }],
      ["GET", `/${yamlId}`],
      ["PUT", `/${yamlId}/requirements/GVQ-1/controls`, { controlCodes: [] }],
      ["DELETE", `/${yamlId}`],
    ];
    for (const [method, suffix, payload] of calls) {
      expect((await send(method, suffix, stranger.cookie, payload)).statusCode, `${method} ${suffix}`).toBe(
        404,
      );
    }
    expect((await send("GET", `/${yamlId}`, stranger.cookie, undefined, stranger.tenantId)).statusCode).toBe(
      404,
    );
    expect((await send("POST", "", member.cookie, { format: "yaml", content: "x" })).statusCode).toBe(403);
  });

  it("deletes one (admins only) and holds at most twenty per tenant", async () => {
    expect((await send("DELETE", `/${yamlId}`, member.cookie)).statusCode).toBe(403);
    expect((await send("DELETE", `/${yamlId}`, admin.cookie)).statusCode).toBe(200);
    expect((await send("GET", `/${yamlId}`, admin.cookie)).statusCode).toBe(404);
    const content = fixture("vendor-questionnaire.csv");
    const owned = (await send("GET", "", admin.cookie))
      .json()
      .filter((f: { custom: boolean }) => f.custom).length;
    for (let index = owned; index < MAX_CUSTOM_FRAMEWORKS; index++) {
      const made = await send("POST", "", admin.cookie, {
        format: "csv",
        content,
        name: `Questions ${index}`,
      });
      expect(made.statusCode).toBe(201);
    }
    const over = await send("POST", "", admin.cookie, { format: "csv", content, name: "One too many" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe("An organization can have at most 20 custom frameworks");
  });
});
