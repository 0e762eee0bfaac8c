import { describe, expect, it } from "vitest";
import { constantOf, constantValue } from "./dead-code.ts";
import { javaResolver } from "./java-constants.ts";

describe("constant conditions", () => {
  it.each([
    ["True", true],
    ["False", false],
    ["7 > 3", true],
    ["(7 < 3)", false],
    ["not False", true],
    ["!true", false],
    ["1 == 1 and 2 > 3", false],
    ["0 or 'x'", true],
    ["None", false],
    ['"a" == "a"', true],
    ["-1 < 0", true],
    ["1 && (2 > 1 || false)", true],
    ["((7 * 42) - 86 > 200)", true],
    ["(7 * 42) - 106 > 200", false],
    ["(7 * 18) + 106 > 200", true],
    ["10 % 3 == 1", true],
    ["-2 * 3 < -5", true],
  ])("%s is %s", (condition, value) => {
    expect(constantValue(condition)).toBe(value);
  });

  it.each([
    "x",
    "x > 3",
    "DEBUG",
    "len(items) > 0",
    "7 >",
    "(1",
    "None < 1",
    "request.user.is_staff",
    "1 ".repeat(300),
    "(7 * 18) + num > 200",
    "1 / 0 > 1",
    '"a" + 1 > 0',
  ])("%s is not a constant", (condition) => {
    expect(constantValue(condition)).toBeUndefined();
  });
});

describe("Java fixed locals", () => {
  const text =
    'class A { void m(int arg) { int num = 106; final int fixed = 7; String guess = "ABC"; char c = guess.charAt(2); int moved = 1; moved++; } }';
  const resolve = javaResolver(text);

  it("resolves locals declared once with a literal, and charAt of one", () => {
    expect(constantValue("(7 * 18) + num > 200", resolve)).toBe(true);
    expect(constantOf("c", resolve)).toBe("C");
    expect(constantValue("c == 'C'", resolve)).toBe(true);
    expect(constantOf("fixed * 2", resolve)).toBe(14);
  });

  it("does not resolve reassigned locals, parameters or unknown names", () => {
    expect(constantOf("moved", resolve)).toBeUndefined();
    expect(constantOf("arg", resolve)).toBeUndefined();
    expect(constantOf("other", resolve)).toBeUndefined();
  });
});
