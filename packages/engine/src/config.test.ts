import { afterEach, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../test/temp-tree.ts";
import { baselineOf, parseBaseline } from "./baseline.ts";
import {
  ConfigSchema,
  configBaselinePath,
  defaultConfig,
  loadConfig,
  parseConfig,
  unknownRuleIds,
} from "./config.ts";
import type { Finding } from "./finding.ts";
import { failingFindings } from "./gate.ts";

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

describe("config", () => {
  it("defaults, written out without the schema, to what the schema makes of an empty file", () => {
    expect(defaultConfig()).toEqual(ConfigSchema.parse({}));
    expect(parseConfig("", ".rampart.yaml")).toEqual({
      ok: true,
      value: { config: defaultConfig(), path: ".rampart.yaml" },
    });
  });

  it("parses a full config", () => {
    const text = [
      "exclude: [test/fixtures/]",
      "disable: [terraform/missing-tags]",
      "severity:",
      "  k8s/latest-image-tag: low",
      "ignore:",
      "  - rule: secrets/generic-api-key",
      "    paths: [docs/**]",
      "    reason: example keys in the docs",
      "baseline: .rampart-baseline.json",
    ].join("\n");
    const result = parseConfig(text, "/repo/.rampart.yaml");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.config).toMatchObject({
      exclude: ["test/fixtures/"],
      disable: ["terraform/missing-tags"],
      severity: { "k8s/latest-image-tag": "low" },
    });
    expect(configBaselinePath(result.value)).toBe("/repo/.rampart-baseline.json");
    expect(unknownRuleIds(result.value.config, new Set(["terraform/missing-tags"]))).toEqual([
      "k8s/latest-image-tag",
      "secrets/generic-api-key",
    ]);
  });

  it("rejects typos, bad severities, reasonless ignores and broken YAML with one line naming the key", () => {
    expect(parseConfig("exlude: [a]", "c.yaml")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^c\.yaml: /),
    });
    expect(parseConfig("severity: { a/b: severe }", "c.yaml")).toMatchObject({
      ok: false,
      error: expect.stringContaining("severity.a/b"),
    });
    expect(parseConfig("ignore: [{ rule: a/b, paths: [x], reason: ' ' }]", "c.yaml")).toMatchObject({
      ok: false,
      error: "c.yaml: ignore.0.reason: a suppression needs a reason",
    });
    expect(parseConfig("a: [", "c.yaml")).toMatchObject({
      ok: false,
      error: expect.stringContaining("invalid YAML"),
    });
    expect(parseConfig("", "c.yaml")).toMatchObject({ ok: true });
  });

  it("is found in the scanned folder, or defaults", () => {
    tree = makeTree({ "repo/.rampart.yml": "disable: [a/b]\n", "other/x": "" });
    expect(loadConfig(`${tree.root}/repo`)).toMatchObject({
      ok: true,
      value: { config: { disable: ["a/b"] } },
    });
    expect(loadConfig(`${tree.root}/other`)).toMatchObject({ ok: true, value: { config: { disable: [] } } });
    expect(loadConfig(`${tree.root}/other`, `${tree.root}/missing.yaml`)).toMatchObject({ ok: false });
  });
});

function finding(severity: Finding["severity"], fingerprint: string, extra: Partial<Finding> = {}): Finding {
  return {
    ruleId: "a/b",
    analyzer: "a",
    severity,
    confidence: "high",
    message: "m",
    location: { path: "p", line: 1, column: 1, snippet: "" },
    related: [],
    fingerprint: fingerprint.repeat(64),
    ...extra,
  };
}

describe("baseline and gate", () => {
  it("round-trips a baseline and leaves out suppressed findings", () => {
    const findings = [
      finding("high", "a"),
      finding("low", "b", { suppression: { kind: "config", reason: "r", source: "s" } }),
    ];
    const parsed = parseBaseline(JSON.stringify(baselineOf(findings)), "b.json");
    expect(parsed).toEqual({ ok: true, fingerprints: new Set(["a".repeat(64)]) });
    expect(parseBaseline("{}", "b.json")).toMatchObject({ ok: false });
  });

  it("fails only on unsuppressed, new findings at or above the threshold", () => {
    const findings = [
      finding("critical", "a", { baseline: "unchanged" }),
      finding("high", "b", { baseline: "new" }),
      finding("med", "c"),
      finding("critical", "d", { suppression: { kind: "inline", reason: "r", source: "s" } }),
    ];
    expect(failingFindings(findings, "high").map((item) => item.fingerprint[0])).toEqual(["b"]);
    expect(failingFindings(findings, "low").map((item) => item.fingerprint[0])).toEqual(["b", "c"]);
    expect(failingFindings(findings, "critical")).toEqual([]);
  });
});
