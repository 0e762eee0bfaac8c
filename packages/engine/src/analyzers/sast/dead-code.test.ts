import { describe, expect, it } from "vitest";
import { constantValue } from "./dead-code.ts";

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
