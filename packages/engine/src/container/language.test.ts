import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isGemSpecification, parseGemSpecification, parsePythonMetadata } from "./language.ts";
import { licenseOfClassifiers } from "./python-license-classifiers.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/language/${name}`, import.meta.url), "utf8");

describe("Python core metadata licences", () => {
  it.each([
    ["license-expression.METADATA", "packaging", "Apache-2.0 OR BSD-2-Clause"],
    ["short-license.METADATA", "PyYAML", "MIT"],
    ["unknown-with-classifiers.METADATA", "Pillow", "HPND"],
    // Free text, and a classifier that names several licences: nothing to state.
    ["long-license-text.METADATA", "jinja2", undefined],
    // One classifier of two names no single licence: stating only the other would be false.
    ["dual-classifiers.METADATA", "cryptography", undefined],
  ])("%s", (file, name, license) => {
    const info = parsePythonMetadata(fixture(file));
    expect(info?.name).toBe(name);
    expect(info?.license).toBe(license);
  });
});

describe("licenseOfClassifiers", () => {
  it("maps classifiers that name one licence, joins several with OR, and refuses ambiguous ones", () => {
    expect(licenseOfClassifiers(["License :: OSI Approved :: MIT License"])).toBe("MIT");
    expect(
      licenseOfClassifiers([
        "License :: OSI Approved :: Apache Software License",
        "License :: OSI Approved :: GNU General Public License v2 or later (GPLv2+)",
      ]),
    ).toBe("Apache-2.0 OR GPL-2.0-or-later");
    expect(licenseOfClassifiers(["License :: CC0 1.0 Universal (CC0 1.0) Public Domain Dedication"])).toBe(
      "CC0-1.0",
    );
    expect(licenseOfClassifiers(["License :: Public Domain"])).toBeUndefined();
    expect(licenseOfClassifiers([])).toBeUndefined();
  });
});

describe("installed gem specifications", () => {
  it("are found where RubyGems installs them", () => {
    expect(isGemSpecification("usr/local/bundle/specifications/rack-2.2.8.gemspec")).toBe(true);
    expect(isGemSpecification("usr/lib/ruby/gems/3.1.0/specifications/default/json-2.6.1.gemspec")).toBe(
      true,
    );
    expect(isGemSpecification("app/rack.gemspec")).toBe(false);
    expect(isGemSpecification("usr/local/bundle/gems/rack-2.2.8/rack.gemspec")).toBe(false);
  });

  it.each([
    ["rack-2.2.8.gemspec", { name: "rack", version: "2.2.8", license: "MIT" }],
    [
      "nokogiri-1.15.4-x86_64-linux.gemspec",
      { name: "nokogiri", version: "1.15.4", license: "MIT OR Apache-2.0" },
    ],
    ["old-style.gemspec", { name: "json", version: "1.8.6", license: "Ruby" }],
    ["no-licence.gemspec", { name: "internal-tool", version: "0.3.0" }],
  ])("%s: name, version and licences as written", (file, expected) => {
    expect(parseGemSpecification(fixture(file))).toEqual(expected);
  });

  it("reads nothing from a file without a literal name and version", () => {
    expect(parseGemSpecification("Gem::Specification.new do |s|\n  s.name = NAME\nend\n")).toBeUndefined();
  });
});
