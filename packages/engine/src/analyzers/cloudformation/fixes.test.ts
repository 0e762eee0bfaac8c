// Fixes are byte-offset edits: applying them to the file must produce the safe value and
// nothing else, including in JSON, with quotes, and after multi-byte characters.
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../../../test/fixture-harness.ts";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { SourceFile } from "../../source.ts";
import { cloudformationAnalyzer } from "./analyzer.ts";

function fixed(text: string, ruleId: string, path = "template.yaml"): string {
  const file = new SourceFile(path, text);
  const result = analyzeFile(
    file,
    ["cloudformation"],
    [cloudformationAnalyzer as Analyzer],
    (id) => id === ruleId,
  );
  return applyTextEdits(
    text,
    result.findings.flatMap((finding) => finding.fix?.edits ?? []),
  );
}

describe("cloudformation fixes", () => {
  it("flips a literal false after multi-byte characters", () => {
    const text =
      "Description: Base de données — prod\nResources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      StorageEncrypted: false # keep\n";
    expect(fixed(text, "cloudformation/unencrypted-rds-instance")).toBe(
      text.replace("false # keep", "true # keep"),
    );
  });

  it("offers no fix for a value read through an alias, whose anchor other resources share", () => {
    const text =
      "Resources:\n  Topic:\n    Type: AWS::SNS::Topic\n    Properties:\n      FifoTopic: &off false\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      StorageEncrypted: *off\n";
    expect(fixed(text, "cloudformation/unencrypted-rds-instance")).toBe(text);
  });

  it("keeps the quotes of a quoted value and fixes JSON", () => {
    const yaml =
      'Resources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      PubliclyAccessible: "true"\n';
    expect(fixed(yaml, "cloudformation/public-rds-instance")).toContain('PubliclyAccessible: "false"');
    const json =
      '{"Resources": {"Db": {"Type": "AWS::RDS::DBInstance", "Properties": {"StorageEncrypted": false}}}}';
    expect(
      JSON.parse(fixed(json, "cloudformation/unencrypted-rds-instance", "t.json")).Resources.Db.Properties,
    ).toEqual({
      StorageEncrypted: true,
    });
  });

  it("does not edit a value that comes from a parameter", () => {
    const text =
      "Parameters:\n  Enc:\n    Type: String\n    Default: 'false'\nResources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      StorageEncrypted: !Ref Enc\n";
    expect(fixed(text, "cloudformation/unencrypted-rds-instance")).toBe(text);
  });
});
