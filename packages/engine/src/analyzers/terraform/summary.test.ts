// What a companion's attribute names for a join (summary.ts `joinTargets`), and that summarizing
// any parsable file never throws: joins read expressions of every shape.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceFile } from "../../source.ts";
import { parseTerraform, type TerraformModel } from "./model.ts";
import { joinTargets, summarize } from "./summary.ts";

function model(text: string): TerraformModel {
  const result = parseTerraform(new SourceFile("main.tf", text));
  if (!result.ok) throw new Error(result.reason);
  return result.model;
}

const TYPES = ["azurerm_key_vault", "azurerm_storage_account"];

function targetsOf(body: string, extra = "") {
  const m = model(`${extra}\nresource "azurerm_monitor_diagnostic_setting" "d" {\n${body}\n}\n`);
  const companion = m.blocks.find((block) => block.labels[0] === "azurerm_monitor_diagnostic_setting")!;
  return joinTargets(m, companion, companion.attributes.get("target_resource_id")?.value, TYPES);
}

describe("joinTargets", () => {
  it("reads a direct reference, an indexed one and one inside a template", () => {
    expect(targetsOf("target_resource_id = azurerm_key_vault.kv.id")).toEqual([
      { type: "azurerm_key_vault", reference: "kv", unknown: false },
    ]);
    expect(targetsOf("target_resource_id = azurerm_key_vault.kv[0].id")[0]).toMatchObject({
      reference: "kv",
    });
    expect(
      targetsOf(`target_resource_id = "$\{azurerm_storage_account.sa.id}/blobServices/default"`),
    ).toEqual([{ type: "azurerm_storage_account", reference: "sa", unknown: false }]);
  });

  it("takes both branches of a conditional and ignores other resource types", () => {
    expect(
      targetsOf("target_resource_id = var.x ? azurerm_key_vault.a.id : azurerm_network_security_group.n.id"),
    ).toEqual([{ type: "azurerm_key_vault", reference: "a", unknown: false }]);
  });

  it("follows locals of the file and each.value through for_each", () => {
    expect(targetsOf("target_resource_id = local.id", "locals {\n  id = azurerm_key_vault.kv.id\n}")).toEqual(
      [{ type: "azurerm_key_vault", reference: "kv", unknown: false }],
    );
    expect(
      targetsOf("for_each = azurerm_key_vault.all\ntarget_resource_id = each.value.id")[0],
    ).toMatchObject({ reference: "all" });
  });

  it("cannot follow variables, module outputs, data sources or a missing attribute", () => {
    for (const value of ["var.id", "module.kv.id", "data.azurerm_key_vault.kv.id", "local.undeclared"]) {
      expect(targetsOf(`target_resource_id = ${value}`)).toEqual([{ unknown: true }]);
    }
    expect(targetsOf('name = "x"')).toEqual([{ unknown: true }]);
  });

  it("keeps a literal (an ID or a name) as a literal", () => {
    expect(targetsOf('target_resource_id = "/subscriptions/s/vaults/kv"')).toEqual([
      { literal: "/subscriptions/s/vaults/kv", unknown: false },
    ]);
  });
});

describe("summarize", () => {
  it("never throws on files that parse", () => {
    const piece = fc.constantFrom(
      'resource "azurerm_key_vault" "kv" {}\n',
      'resource "azurerm_monitor_diagnostic_setting" "d" {\n  target_resource_id = ',
      'resource "aws_iam_group_membership" "g" {\n  users = ',
      "azurerm_key_vault.kv.id\n}\n",
      "each.value\n}\n",
      "[for x in var.y : x]\n}\n",
      "local.a\n}\n",
      "locals {\n  a = local.a\n}\n",
      'module "m" {\n  x = azurerm_key_vault.kv.id\n}\n',
      '"literal"\n}\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const file = new SourceFile("dir/main.tf", parts.join(""));
        const result = parseTerraform(file);
        if (result.ok) expect(summarize(result.model, file).dir).toBe("dir");
      }),
      { numRuns: 300 },
    );
  });
});
