import { describe, expect, it } from "vitest";
import { effectiveVariables, readTfvars, setTfvars } from "./tfvars.ts";

describe("tfvars", () => {
  const text = `# staging\nregion = "eu-west-1"\ninstance_count = 2\ntags = {\n  team = "payments"\n}\n`;

  it("reads each assignment's value; a later file wins", () => {
    const values = effectiveVariables([text, `instance_count = 4\n`]);
    expect(Object.fromEntries(values!)).toEqual({
      region: "eu-west-1",
      instance_count: 4,
      tags: { team: "payments" },
    });
  });

  it("refuses a file that is not tfvars HCL", () => {
    expect(readTfvars("resource {")).toBeUndefined();
    expect(readTfvars(`resource "a" "b" {}\n`)).toBeUndefined();
  });

  it("replaces existing assignments in place, multi-line ones too, and appends new ones", () => {
    const changed = setTfvars(
      text,
      new Map<string, never>([
        ["instance_count", 3 as never],
        ["tags", { team: "core" } as never],
        ["encrypted", true as never],
      ]),
    );
    expect(changed).toBe(
      `# staging\nregion = "eu-west-1"\ninstance_count = 3\ntags = {"team":"core"}\nencrypted = true\n`,
    );
    expect(Object.fromEntries(effectiveVariables([changed])!)).toEqual({
      region: "eu-west-1",
      instance_count: 3,
      tags: { team: "core" },
      encrypted: true,
    });
  });
});
