// Rule options of the ci analyzer, as `.rampart.yaml` gives them: checked by each rule's schema,
// then applied by building the rule again (configureAnalyzers), as a scan does.
import { describe, expect, it } from "vitest";
import { makeTree } from "../../../test/temp-tree.ts";
import { allRules } from "../../all-analyzers.ts";
import { analyzeFile } from "../../analyze.ts";
import { parseConfig } from "../../config.ts";
import { configureAnalyzers, RuleOptionsError, ruleOptionErrors } from "../../rule-options.ts";
import { scan } from "../../scan.ts";
import { SourceFile } from "../../source.ts";
import { ciAnalyzer } from "./analyzer.ts";

const workflow = [
  "on: push",
  "permissions: {}",
  "jobs:",
  "  build:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - uses: actions/checkout@v4",
  "      - uses: my-org/build-action@v2",
  "      - uses: my-org/build-action/sub@main",
  "      - uses: other-org/tool@v1",
  "      - uses: mxschmitt/action-tmate@v3",
  "",
].join("\n");

async function findings(options: Record<string, unknown>, ruleId: string): Promise<number[]> {
  const [analyzer] = await configureAnalyzers([ciAnalyzer as never], options);
  const file = new SourceFile(".github/workflows/build.yml", workflow);
  return analyzeFile(file, ["github-workflow"], [analyzer!], (id) => id === ruleId)
    .findings.map((finding) => finding.location.line)
    .sort((a, b) => a - b);
}

function configOptions(yaml: string): Record<string, unknown> {
  const parsed = parseConfig(yaml, ".rampart.yaml");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.config.options;
}

describe("ci rule options", () => {
  it("forbidden-action: deny adds to the default list, allow lists the only actions permitted", async () => {
    expect(await findings({}, "ci/forbidden-action")).toEqual([11]);
    const options = configOptions(
      [
        "options:",
        "  ci/forbidden-action:",
        "    deny: [other-org/*]",
        "    allow: [actions/*, my-org/build-action, mxschmitt/*]",
      ].join("\n"),
    );
    // other-org denied; tmate still denied by default; actions/* and my-org/build-action[/sub] allowed
    expect(await findings(options, "ci/forbidden-action")).toEqual([10, 11]);
    expect(
      await findings({ "ci/forbidden-action": { allow: ["actions/*"] } }, "ci/forbidden-action"),
    ).toEqual([8, 9, 10, 11]);
  });

  it("unpinned-action: policies relax pinning per pattern, the most specific winning", async () => {
    expect(await findings({}, "ci/unpinned-action")).toEqual([8, 9, 10, 11]);
    const policies = { "*": "ref-pin", "my-org/build-action/sub": "hash-pin", "other-org/*": "any" };
    expect(await findings({ "ci/unpinned-action": { policies } }, "ci/unpinned-action")).toEqual([9]);
  });

  it("unpinned-first-party-action: actions/* may be trusted by tag", async () => {
    expect(await findings({}, "ci/unpinned-first-party-action")).toEqual([7]);
    const options = { "ci/unpinned-first-party-action": { policies: { "actions/*": "ref-pin" } } };
    expect(await findings(options, "ci/unpinned-first-party-action")).toEqual([]);
  });

  it("names the rule and the option path of every mistake", async () => {
    const rules = allRules();
    expect(
      await ruleOptionErrors(
        {
          "ci/no-such-rule": {},
          "ci/template-injection": { strict: true },
          "ci/forbidden-action": { deny: ["not a pattern"], alow: [] },
          "ci/unpinned-action": { policies: { "actions/*": "tag" }, pins: { "a/b@v1": "abc" } },
        },
        rules,
      ),
    ).toEqual([
      "options.ci/no-such-rule: no rule has this id",
      "options.ci/template-injection: this rule takes no options",
      expect.stringMatching(/^options\.ci\/forbidden-action\.deny\.0: /),
      expect.stringMatching(/^options\.ci\/forbidden-action: Unrecognized key: "alow"/),
      expect.stringMatching(
        /^options\.ci\/unpinned-action\.pins\.a\/b@v1: a pin is a full 40-character commit SHA/,
      ),
      expect.stringMatching(/^options\.ci\/unpinned-action\.policies\.actions\/\*: /),
    ]);
    expect(await ruleOptionErrors({ "ci/forbidden-action": { deny: ["evil/*"] } }, rules)).toEqual([]);
    await expect(configureAnalyzers([ciAnalyzer as never], { "ci/forbidden-action": 3 })).rejects.toThrow(
      RuleOptionsError,
    );
  });

  it("keeps `options:` strict in the config: rule ids must read <analyzer>/<hazard>", () => {
    const parsed = parseConfig("options:\n  forbidden-action: {}\n", ".rampart.yaml");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain("options");
  });
});

describe("a scan with rule options", () => {
  it("applies them in-process and in workers, and rejects bad ones naming the rule", async () => {
    const tree = makeTree({ ".github/workflows/build.yml": workflow });
    try {
      const ruleOptions = { "ci/forbidden-action": { allow: ["actions/*"] } };
      for (const workers of [0, 1]) {
        const result = await scan(tree.root, { workers, ruleOptions });
        const lines = result.findings
          .filter((finding) => finding.ruleId === "ci/forbidden-action")
          .map((finding) => finding.location.line);
        expect(lines).toEqual([8, 9, 10, 11]);
      }
      await expect(
        scan(tree.root, { workers: 0, ruleOptions: { "ci/forbidden-action": { deny: [1] } } }),
      ).rejects.toThrow(/options\.ci\/forbidden-action\.deny\.0/);
    } finally {
      tree.remove();
    }
  }, 120_000);
});
