// The rule shapes of checks-extra.ts on their own (aliases, required blocks, Cloud SQL flags, caches),
// and random Azure / Google Cloud resources that must never make a rule fail.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeFile } from "../../analyze.ts";
import type { Report } from "../../rule.ts";
import { SourceFile } from "../../source.ts";
import { terraformAnalyzer } from "./analyzer.ts";
import { judge } from "./checks.ts";
import { aliasedSettingRule, databaseFlagRule, flagIs, perModel, requiredBlockRule } from "./checks-extra.ts";
import { parseTerraform, type TerraformModel } from "./model.ts";

const meta = {
  id: "terraform/test-rule",
  analyzer: "terraform",
  title: "test",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: [],
  docs: { summary: "s", whyItMatters: "w", remediation: "r" },
} as const;

function findings(rule: { check(ctx: never): void }, text: string): Report[] {
  const file = new SourceFile("main.tf", text);
  const result = parseTerraform(file);
  if (!result.ok) throw new Error(result.reason);
  const reports: Report[] = [];
  rule.check({ model: result.model, file, report: (report: Report) => reports.push(report) } as never);
  return reports;
}

describe("aliasedSettingRule", () => {
  const rule = aliasedSettingRule(meta, {
    types: ["azurerm_redis_cache"],
    attribute: "non_ssl_port_enabled",
    aliases: ["enable_non_ssl_port"],
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "opens the plain port",
    fixValue: "false",
  });

  it("judges whichever name a resource uses, and fixes only the current name", () => {
    const reports = findings(
      rule,
      'resource "azurerm_redis_cache" "old" {\n  enable_non_ssl_port = true\n}\n' +
        'resource "azurerm_redis_cache" "new" {\n  non_ssl_port_enabled = true\n}\n',
    );
    expect(reports.map((report) => [report.at.line, report.fix !== undefined])).toEqual(
      expect.arrayContaining([
        [2, false],
        [5, true],
      ]),
    );
    expect(reports).toHaveLength(2);
    expect(rule.fixable).toBe(true);
  });
});

describe("requiredBlockRule", () => {
  const rule = requiredBlockRule(meta, {
    types: ["azurerm_storage_account"],
    path: ["blob_properties", "delete_retention_policy"],
    problem: "keeps no deleted blobs",
  });

  it("points at the deepest block that is there, and trusts dynamic blocks", () => {
    const reports = findings(
      rule,
      [
        'resource "azurerm_storage_account" "none" {}',
        'resource "azurerm_storage_account" "outer" {',
        "  blob_properties {",
        "  }",
        "}",
        'resource "azurerm_storage_account" "dynamic" {',
        '  dynamic "blob_properties" {',
        "    for_each = var.x",
        "    content {}",
        "  }",
        "}",
      ].join("\n"),
    );
    expect(reports.map((report) => report.at.line)).toEqual([1, 3]);
  });
});

describe("databaseFlagRule", () => {
  const rule = databaseFlagRule(meta, {
    engine: "POSTGRES",
    flag: "log_checkpoints",
    judge: flagIs("on"),
    whenMissing: (major) => (major !== undefined && major >= 15 ? "safe" : "unsafe"),
    problem: "does not log checkpoints",
  });
  const instance = (version: string, flags = "") =>
    `resource "google_sql_database_instance" "db" {\n  database_version = "${version}"\n  settings {\n${flags}  }\n}\n`;

  it("reads the engine and major version from database_version", () => {
    expect(findings(rule, instance("POSTGRES_9_6"))).toHaveLength(1);
    expect(findings(rule, instance("POSTGRES_14"))).toHaveLength(1);
    expect(findings(rule, instance("POSTGRES_15"))).toHaveLength(0);
    expect(findings(rule, instance("MYSQL_8_0"))).toHaveLength(0);
  });

  it("accepts the on/off spellings Cloud SQL takes and ignores what it cannot read", () => {
    const flag = (value: string) =>
      `    database_flags {\n      name  = "log_checkpoints"\n      value = ${value}\n    }\n`;
    expect(findings(rule, instance("POSTGRES_14", flag('"OFF"')))).toHaveLength(1);
    expect(findings(rule, instance("POSTGRES_14", flag('"on"')))).toHaveLength(0);
    expect(findings(rule, instance("POSTGRES_14", flag('"maybe"')))).toHaveLength(0);
    expect(findings(rule, instance("POSTGRES_14", flag("var.x")))).toHaveLength(0);
  });
});

describe("perModel", () => {
  it("computes once per model", () => {
    let calls = 0;
    const count = perModel((model: TerraformModel) => {
      calls += 1;
      return model.blocks.length;
    });
    const result = parseTerraform(new SourceFile("main.tf", 'resource "a" "b" {}\n'));
    if (!result.ok) throw new Error(result.reason);
    expect([count(result.model), count(result.model)]).toEqual([1, 1]);
    expect(calls).toBe(1);
  });
});

describe("Azure and Google Cloud rules on random resources", () => {
  const types = [
    "azurerm_storage_account",
    "azurerm_kubernetes_cluster",
    "azurerm_kubernetes_cluster_node_pool",
    "azurerm_mssql_server_security_alert_policy",
    "azurerm_api_management",
    "azurerm_role_definition",
    "azurerm_postgresql_flexible_server_configuration",
    "azurerm_linux_web_app",
    "azurerm_monitor_log_profile",
    "azurerm_network_watcher_flow_log",
    "google_container_cluster",
    "google_container_node_pool",
    "google_sql_database_instance",
    "google_compute_instance",
    "google_compute_disk",
    "google_dns_managed_zone",
    "google_bigquery_dataset",
    "google_bigquery_table",
    "google_storage_bucket",
    "google_project_iam_audit_config",
    "google_compute_project_metadata",
  ];
  const names = [
    "name",
    "value",
    "enabled",
    "metadata",
    "database_version",
    "actions",
    "algorithm",
    "log_type",
    "exempted_members",
    "mode",
    "state",
    "raw_key",
    "allowed_origins",
    "categories",
    "days",
    "dataset_id",
    "log_bucket",
    "service_account",
    "email",
    "scopes",
    "enable_non_ssl_port",
    "frontend_tls10_enabled",
    "remove_default_node_pool",
  ];
  const blocks = [
    "blob_properties",
    "delete_retention_policy",
    "queue_properties",
    "logging",
    "node_config",
    "shielded_instance_config",
    "settings",
    "database_flags",
    "dnssec_config",
    "default_key_specs",
    "security",
    "permissions",
    "audit_log_config",
    "site_config",
    "cors",
    "network_interface",
    "access_config",
    "disk_encryption_key",
    "retention_policy",
    "service_account",
  ];
  const scalar = fc.constantFrom(
    "true",
    "false",
    "null",
    "0",
    "-1",
    "10",
    '"off"',
    '"ON"',
    '"*"',
    '"POSTGRES_14"',
    '"rsasha1"',
    '"allServices"',
    '"Write"',
    '"Detection"',
    '"x-compute@developer.gserviceaccount.com"',
    "var.x",
    "google_storage_bucket.b.name",
    '{ enable-oslogin = "FALSE" }',
    "[for s in var.l : s]",
  );
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
  );
  const attribute = fc.tuple(fc.constantFrom(...names), value).map(([name, v]) => `${name} = ${v}`);
  const block: fc.Arbitrary<string> = fc.letrec((tie) => ({
    body: fc
      .array(fc.oneof({ weight: 3, arbitrary: attribute }, { weight: 1, arbitrary: tie("nested") }), {
        maxLength: 5,
      })
      .map((lines) => lines.join("\n")),
    nested: fc
      .tuple(fc.constantFrom(...blocks), fc.boolean(), tie("body"))
      .map(([type, dynamic, body]) =>
        dynamic ? `dynamic "${type}" {\nfor_each = var.x\ncontent {\n${body}\n}\n}` : `${type} {\n${body}\n}`,
      ),
  })).body as fc.Arbitrary<string>;
  const resource = fc
    .tuple(fc.constantFrom("resource", "data"), fc.constantFrom(...types), block)
    .map(([kind, type, body]) => `${kind} "${type}" "r" {\n${body}\n}\n`);

  it("never makes a rule fail", () => {
    fc.assert(
      fc.property(fc.array(resource, { minLength: 1, maxLength: 4 }), (resources) => {
        const result = analyzeFile(
          new SourceFile("main.tf", resources.join("\n")),
          ["terraform"],
          [terraformAnalyzer],
        );
        expect(result.problems).toEqual([]);
        expect(result.analyzed).toEqual(["terraform"]);
      }),
      { numRuns: 300 },
    );
  }, 60_000); // a few hundred scans: generous on a loaded machine
});
