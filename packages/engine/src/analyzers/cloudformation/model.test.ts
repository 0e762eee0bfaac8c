// The parser never throws, whatever it is given, and it turns hostile input into a skip reason.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { childOf } from "../../parse/yaml-tree.ts";
import { SourceFile } from "../../source.ts";
import { evaluate, parseCloudFormation, UNKNOWN } from "./model.ts";

const parse = (text: string, path = "template.yaml") => parseCloudFormation(new SourceFile(path, text));

describe("parseCloudFormation", () => {
  it("never throws on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        parse(text);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on random YAML-ish templates", () => {
    const token = fc.constantFrom(
      "Resources:\n",
      "  A:\n",
      "    Type: AWS::S3::Bucket\n",
      "    Properties:\n",
      "      X: !Ref P\n",
      "      Y: !If [c, 1, 2]\n",
      "      Z: !GetAtt A.B\n",
      "- ",
      "{",
      "}",
      "[",
      "&a ",
      "*a ",
      "<<: *a\n",
      "!Sub ",
      '"',
      ":",
      "\n",
      "  ",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (parts) => {
        parse(parts.join(""));
      }),
      { numRuns: 500 },
    );
  });

  it("resolves !Ref to a parameter default and keeps exact lines", () => {
    const result = parse(
      "Parameters:\n  Flag:\n    Type: String\n    Default: 'false'\nResources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      StorageEncrypted: !Ref Flag\n      Other: !Ref Unknown\n",
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [db] = result.model.resources;
    expect(db?.line).toBe(6);
    expect(evaluate(result.model, childOf(db?.properties, "StorageEncrypted"))).toBe("false");
    expect(evaluate(result.model, childOf(db?.properties, "Other"))).toBe(UNKNOWN);
  });

  it("reads JSON templates with positions", () => {
    const result = parse('{\n  "Resources": {\n    "B": { "Type": "AWS::S3::Bucket" }\n  }\n}\n', "t.json");
    expect(result.ok && result.model.format === "json" && result.model.resources[0]?.line).toBe(3);
  });

  it("skips an alias bomb and deep nesting with a reason", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 12; level++)
      bomb.push(
        `${"bcdefghijklm"[level]}: &${"bcdefghijklm"[level]} [${Array(9)
          .fill(`*${level === 1 ? "a" : "bcdefghijklm"[level - 1]}`)
          .join(", ")}]`,
      );
    const bombResult = parse(`Resources:\n  X:\n    Type: AWS::S3::Bucket\n${bomb.join("\n")}\n`);
    expect(bombResult.ok).toBe(false);
    const deep = `Resources: ${"[".repeat(5000)}${"]".repeat(5000)}\n`;
    const deepResult = parse(deep);
    expect(deepResult.ok).toBe(false);
  });
});
