// Every pattern of the catalogue, the generic assignment pattern and the keyword prefilter must
// stay linear on adversarial input: long runs of the characters they accept, near-misses of their
// own samples repeated, and keywords repeated. V8 has no backtracking counter, so the bound is a
// generous wall-clock one per 100 kB input (a catastrophic pattern takes seconds or never ends).
import { describe, expect, it } from "vitest";
import { catalogue } from "./catalogue/index.ts";
import { GENERIC_SHAPES } from "./generic-shapes.ts";
import { prefilter } from "./model.ts";
import { fill } from "./tools/generate-fixtures.ts";

const SIZE = 100_000;
const BOUND_MS = 400;

function repeatTo(unit: string, size: number): string {
  return unit.length === 0 ? "" : unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function adversarialInputs(keywords: readonly string[], sample: string): string[] {
  const inputs: string[] = [];
  for (const keyword of keywords) {
    for (const run of ["A", "a", "0", "f", "-", "_", ".", "/", "+", "=", " ", "aZ9_-./+=:", "\\n"]) {
      inputs.push(keyword + repeatTo(run, SIZE));
      inputs.push(keyword.toUpperCase() + repeatTo(run, SIZE));
    }
    inputs.push(repeatTo(keyword, SIZE));
    inputs.push(repeatTo(`${keyword}=`, SIZE));
    inputs.push(repeatTo(`${keyword}:"`, SIZE));
  }
  const nearMiss = sample.slice(0, -1);
  inputs.push(repeatTo(nearMiss, SIZE), repeatTo(`${nearMiss} `, SIZE), repeatTo(`${nearMiss}\n`, SIZE));
  return inputs;
}

function timeScan(regex: RegExp, input: string): number {
  const scanner = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : `${regex.flags}g`);
  const start = performance.now();
  for (let match = scanner.exec(input); match; match = scanner.exec(input)) {
    if (match[0].length === 0) scanner.lastIndex++;
  }
  return performance.now() - start;
}

const random = (() => {
  let state = 42;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
})();

describe("catalogue patterns are linear on adversarial input", () => {
  for (const entry of catalogue) {
    it(entry.id, () => {
      const regex = new RegExp(entry.pattern, `g${entry.flags ?? ""}`);
      const sample = fill(entry.samples.flag[0]!, random);
      let worst = 0;
      for (const input of adversarialInputs(entry.keywords, sample))
        worst = Math.max(worst, timeScan(regex, input));
      expect(worst).toBeLessThan(BOUND_MS);
    });
  }

  it("secrets/generic-high-entropy-assignment", () => {
    const keywords = [
      "password",
      "secret",
      "api_key",
      "token",
      "export password",
      "a.b-c_password",
      '"password", "',
      "setPassword(",
      "<password>",
      '<add key="password" value="',
      "password: String",
      'secret "',
      '" == password',
    ];
    const samples = [
      'db.password = "Xk9#mQ2$vL7pR4"',
      'put("api_key", "Xk9mQ2vL7pR4")',
      'setPassword("Xk9mQ2vL7pR4")',
      "<password>Xk9mQ2vL7pR4</password>",
      '<add key="DbPassword" value="Xk9mQ2vL7pR4" />',
      'const password: string = "Xk9mQ2vL7pR4"',
      'secret "Xk9mQ2vL7pR4";',
      'if ("Xk9mQ2vL7pR4" === password) {',
    ];
    const inputs = [
      ...adversarialInputs(keywords, samples[0]!),
      ...samples.slice(1).flatMap((sample) => adversarialInputs([], sample)),
    ];
    for (const shape of GENERIC_SHAPES) {
      let worst = 0;
      for (const input of inputs) worst = Math.max(worst, timeScan(shape, input));
      expect(worst, shape.source.slice(0, 60)).toBeLessThan(BOUND_MS);
    }
  });

  it("the keyword prefilter", () => {
    const keywords = [...new Set(catalogue.flatMap((entry) => entry.keywords))];
    const inputs = [
      repeatTo("a", SIZE),
      repeatTo(keywords.join(""), SIZE),
      repeatTo(keywords.map((keyword) => keyword.slice(0, -1)).join(" "), SIZE),
    ];
    for (const input of inputs) {
      const start = performance.now();
      prefilter(input);
      expect(performance.now() - start).toBeLessThan(BOUND_MS);
    }
  });
});
