import { unifiedDiff } from "@rampart/engine/fix";
import { describe, expect, it } from "vitest";
import { applyFilePatch, parseUnifiedDiff } from "./apply-patch.ts";

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");

function roundTrip(before: string, after: string) {
  const [patch, ...rest] = parseUnifiedDiff(unifiedDiff("src/app.js", before, after));
  expect(rest).toEqual([]);
  expect(patch!.path).toBe("src/app.js");
  return applyFilePatch(before, patch!);
}

describe("applyFilePatch", () => {
  it.each([
    ["a change in the middle", `${lines(20)}\n`, `${lines(20).replace("line 10", "line ten")}\n`],
    [
      "two separate hunks",
      `${lines(40)}\n`,
      `${lines(40).replace("line 3\n", "").replace("line 35", "x\ny")}\n`,
    ],
    ["an insertion at the start", `${lines(5)}\n`, `first\n${lines(5)}\n`],
    ["an append at the end", `${lines(5)}\n`, `${lines(5)}\nlast\n`],
    ["a last line without newline kept", lines(8), lines(8).replace("line 2", "two")],
    ["a newline added at the end", lines(4), `${lines(4)}\n`],
    ["a newline removed at the end", `${lines(4)}\n`, lines(4)],
    ["everything removed", `${lines(3)}\n`, ""],
    ["a file created from nothing", "", "hello\n"],
  ])("reproduces the engine's diff: %s", (_, before, after) => {
    expect(roundTrip(before, after)).toEqual({ ok: true, content: after });
  });

  it("refuses a patch whose context is not in the file", () => {
    const before = `${lines(20)}\n`;
    const [patch] = parseUnifiedDiff(unifiedDiff("a.js", before, before.replace("line 10", "ten")));
    const result = applyFilePatch(before.replace("line 9", "nine"), patch!);
    expect(result).toEqual({ ok: false, reason: "a.js line 9 differs from the patch" });
  });

  it("refuses text that is not a unified diff", () => {
    expect(() => parseUnifiedDiff("just some text\n")).toThrow();
  });
});
