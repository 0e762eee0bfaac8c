import { describe, expect, it } from "vitest";
import { exampleAnalyzer } from "../../test/example-analyzer/analyzer.ts";
import { GENERATED_BANNER, generateRuleDocs } from "./docs.ts";

describe("rule docs", () => {
  it("has an index and one page per analyzer, with an anchor and the docs of every rule", () => {
    const files = generateRuleDocs([exampleAnalyzer]);
    expect([...files.keys()]).toEqual(["README.md", "example.md", "rampart.md"]);
    const page = files.get("example.md")!;
    expect(page.startsWith(GENERATED_BANNER)).toBe(true);
    expect(page).toContain('<a id="hardcoded-password"></a>');
    expect(page).toContain("## `example/hardcoded-password`: Password written into a settings file");
    expect(page).toContain("### Why it matters");
    expect(page).toContain("[CWE-798](https://cwe.mitre.org/data/definitions/798.html)");
    const index = files.get("README.md")!;
    expect(index).toMatch(
      /\| \[`example\/duplicate-setting`\]\(example\.md#duplicate-setting\) +\| low +\| ENV-DRIFT-01 +\|/,
    );
    expect(index).toContain("4 rules in 2 groups.");
  });
});
