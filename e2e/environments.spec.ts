// Issue 19: a user sets up staging and prod of a scanned repository (the Terraform module with a
// tfvars file each), uploads a state file per environment written here, syncs, sees prod's drift
// (a resource missing, one nobody declared, an attribute changed in the console), compares the
// two, and deletes one after the browser's confirmation. The sidebar and the run drawer show the
// same drift state.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, register, screenshot, signIn, toast } from "./support.ts";

/** The payments-api sample with a variables file per environment, as a local git repository. */
function environmentsRepository(): string {
  const repository = path.join(
    process.env.E2E_REPOSITORIES_ROOT!,
    `payments-envs-${randomBytes(4).toString("hex")}`,
  );
  cpSync(path.resolve("samples/payments-api/01-initial"), repository, { recursive: true });
  for (const environment of ["staging", "prod"]) {
    writeFileSync(
      path.join(repository, "infra", `${environment}.tfvars`),
      [
        `environment   = "${environment}"`,
        `vpc_id        = "vpc-${environment}"`,
        `db_subnet_ids = ["subnet-${environment}-a", "subnet-${environment}-b"]`,
        `db_password   = "from-the-vault"`,
        "",
      ].join("\n"),
    );
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=e2e@example.test", "-c", "user.name=E2E", ...args], {
      cwd: repository,
    });
  git("init", "--quiet", "--initial-branch", "main");
  git("add", "--all");
  git("commit", "--quiet", "-m", "staging and prod variables");
  return repository;
}

function resource(type: string, name: string, attributes: Record<string, unknown>) {
  return {
    mode: "managed",
    type,
    name,
    provider: 'provider["registry.terraform.io/hashicorp/aws"]',
    instances: [{ schema_version: 0, attributes }],
  };
}

/**
 * A Terraform state (version 4) of what runs in an environment. Prod's drifts: its IAM role was
 * deleted, someone made a bucket by hand, and the database's instance class was changed.
 */
function terraformState(environment: "staging" | "prod") {
  const prod = environment === "prod";
  const resources = [
    resource("aws_s3_bucket", "receipts", {
      id: `acme-payments-receipts-${environment}`,
      bucket: `acme-payments-receipts-${environment}`,
      arn: `arn:aws:s3:::acme-payments-receipts-${environment}`,
    }),
    resource("aws_db_instance", "ledger", {
      id: `payments-ledger-${environment}`,
      identifier: `payments-ledger-${environment}`,
      engine: "postgres",
      engine_version: "13.7",
      instance_class: prod ? "db.r5.2xlarge" : "db.t3.medium",
      allocated_storage: 50,
      db_name: "payments",
      username: "payments",
      publicly_accessible: true,
      storage_encrypted: false,
      backup_retention_period: 7,
      deletion_protection: true,
      skip_final_snapshot: false,
    }),
    ...(prod
      ? [
          resource("aws_s3_bucket", "manual_export", {
            id: "acme-manual-export",
            bucket: "acme-manual-export",
          }),
        ]
      : [
          resource("aws_iam_role", "payments_api", {
            id: `payments-api-${environment}`,
            name: `payments-api-${environment}`,
          }),
        ]),
  ];
  return JSON.stringify({
    version: 4,
    terraform_version: "1.6.6",
    serial: 3,
    lineage: "5f0c1a52-8d1e-4d0b-9a43-3f8f2f4f9e10",
    outputs: {},
    resources,
  });
}

async function setUpEnvironment(page: Page, name: "staging" | "prod", repositoryName: string) {
  await page.getByRole("tab", { name: new RegExp(name) }).click();
  const panel = page.getByRole("tabpanel", { name: new RegExp(name) });
  await panel.getByRole("button", { name: "Configure Sources" }).click();
  const dialog = page.getByRole("dialog", { name: `Sources of ${name}` });
  await dialog.getByLabel("Read the declared state from a repository").check();
  await dialog.getByRole("combobox", { name: "Repository" }).click();
  await page.getByRole("option", { name: repositoryName }).click();
  await dialog.getByLabel("Folder in the repository").fill("infra");
  await dialog.getByLabel("Variable files, one per line (optional)").fill(`infra/${name}.tfvars`);
  await dialog.getByRole("combobox", { name: "Read from" }).click();
  await page.getByRole("option", { name: "Terraform state file (uploaded)" }).click();
  await dialog.getByRole("button", { name: "Save Sources" }).click();
  await expect(toast(page, "Sources Saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await panel.getByLabel("Terraform state file").setInputFiles({
    name: `${name}.tfstate`,
    mimeType: "application/json",
    buffer: Buffer.from(terraformState(name)),
  });
  await expect(toast(page, "State Uploaded")).toBeVisible();

  await panel.getByRole("button", { name: "Sync Now" }).click();
  await expect(toast(page, "Sync Started")).toBeVisible();
  // The job runs in the background; the page watches the list until its result arrives.
  await expect(panel.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 });
  // A failed sync says why in the panel: show it rather than a bare count.
  expect(await panel.getByRole("alert").allTextContents()).toEqual([]);
  return panel;
}

test("environments: create, see drift, compare, sync and delete with confirmation", async ({ page }) => {
  test.setTimeout(420_000);
  const account = newAccount("env");
  await register(page, account);
  await signIn(page, account);
  const me = await (await page.request.get("/api/auth/me")).json();
  const tenantId: string = me.user.memberships[0].tenantId;

  // The declared state is read at the repository's latest scanned commit: add and scan it first.
  const repositoryName = "acme/payments-envs";
  const added = await page.request.post(`/api/tenants/${tenantId}/repositories`, {
    data: { location: environmentsRepository(), name: repositoryName },
  });
  expect(added.status(), await added.text()).toBe(201);
  const triggered = await page.request.post("/api/runs/trigger", {
    data: { tenantId, repo: repositoryName },
  });
  expect([200, 202], await triggered.text()).toContain(triggered.status());
  await expect
    .poll(async () => (await (await page.request.get(`/api/tenants/${tenantId}/runs`)).json()).runs.length, {
      timeout: 180_000,
    })
    .toBeGreaterThan(0);

  await page.getByRole("link", { name: /^Environments/ }).click();
  await expect(page.getByRole("heading", { name: "Environment Security" })).toBeVisible();
  await expect(page.getByText("No environments yet")).toBeVisible();

  // Create: the name is required; the type starts at dev.
  const add = page.getByRole("button", { name: "Add Environment" });
  await expect(add).toBeDisabled();
  await expect(page.getByRole("combobox", { name: "Environment type" })).toHaveText("Development");
  for (const [name, type] of [
    ["staging", "Staging"],
    ["prod", "Production"],
  ] as const) {
    await page.getByLabel("Environment name").fill(name);
    await page.getByRole("combobox", { name: "Environment type" }).click();
    await page.getByRole("option", { name: type }).click();
    await add.click();
    await expect(toast(page, "Environment Created")).toBeVisible();
    await expect(page.getByRole("tab", { name: new RegExp(name) })).toHaveAttribute("aria-selected", "true");
  }
  const created = await (await page.request.get(`/api/tenants/${tenantId}/environments`)).json();
  expect(
    created.map((environment: { name: string; type: string }) => [environment.name, environment.type]),
  ).toEqual(
    expect.arrayContaining([
      ["staging", "staging"],
      ["prod", "prod"],
    ]),
  );

  // Sources, a state each, and a sync each.
  await setUpEnvironment(page, "staging", repositoryName);
  const prod = await setUpEnvironment(page, "prod", repositoryName);

  // See drift: prod's badge, counts and findings are the stored drift.
  await expect(prod.getByText("Drift Detected")).toBeVisible();
  const findings = prod.getByRole("list", { name: "Drift findings" });
  await expect(
    findings.getByRole("listitem").filter({ hasText: "aws_s3_bucket.manual_export" }),
  ).toContainText("Unexpected resource");
  await expect(findings.getByRole("listitem").filter({ hasText: "aws_iam_role.payments_api" })).toContainText(
    "Missing resource",
  );
  await expect(
    findings.getByRole("listitem").filter({ hasText: "instance_class" }).filter({ hasText: "db.r5.2xlarge" }),
  ).toContainText("Configuration change");
  const prodId = created.find((environment: { name: string }) => environment.name === "prod").id;
  const stored = await (await page.request.get(`/api/env/${prodId}/drift`)).json();
  await expect(findings.getByRole("listitem")).toHaveCount(stored.length);
  await expect(
    page
      .getByRole("region", { name: "Environment", exact: true })
      .getByRole("link", { name: "prod Drift Detected" }),
  ).toBeVisible();
  await screenshot(page, "environments-drift");

  // Compare staging with prod: their variables differ, so their evaluated configurations do.
  await page.getByRole("tab", { name: /staging/ }).click();
  const staging = page.getByRole("tabpanel", { name: /staging/ });
  await staging.getByRole("combobox", { name: "Compare with" }).click();
  await page.getByRole("option", { name: "prod" }).click();
  const differences = staging.getByRole("table", { name: "Configuration differences" });
  await expect(
    differences
      .getByRole("row")
      .filter({ hasText: "acme-payments-receipts-staging" })
      .filter({ hasText: "acme-payments-receipts-prod" })
      .first(),
  ).toBeVisible();
  await screenshot(page, "environments-compare");
  // The page at its fullest (drift, differences, share config) has no serious accessibility fault.
  const audit = await new AxeBuilder({ page }).analyze();
  const blocking = audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // The run drawer of the scan lists both environments declared from its repository.
  await page.getByRole("link", { name: /^Policy Runs/ }).click();
  await page.getByRole("list", { name: "Policy runs" }).getByRole("button").first().click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("tab", { name: "Environments" }).click();
  const declaring = drawer.getByRole("list", { name: "Environments of this repository" });
  await expect(declaring.getByRole("listitem").filter({ hasText: "prod" })).toContainText("Drift Detected");
  await expect(declaring.getByRole("listitem")).toHaveCount(2);
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: /^Environments/ }).click();
  await page.getByRole("tab", { name: /staging/ }).click();

  // Delete staging: dismissing the browser's confirmation keeps it; accepting deletes it.
  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await staging.getByRole("button", { name: "Delete Environment" }).click();
  await expect.poll(() => messages).toEqual(['Delete environment "staging"? This action cannot be undone.']);
  await expect(page.getByRole("tab", { name: /staging/ })).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await staging.getByRole("button", { name: "Delete Environment" }).click();
  await expect(toast(page, "Environment Deleted")).toBeVisible();
  await expect(page.getByRole("tab", { name: /staging/ })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: /prod/ })).toHaveAttribute("aria-selected", "true");
  const left = await (await page.request.get(`/api/tenants/${tenantId}/environments`)).json();
  expect(left.map((environment: { name: string }) => environment.name)).toEqual(["prod"]);
});
