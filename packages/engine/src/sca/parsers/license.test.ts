import { describe, expect, it } from "vitest";
import { packageUrl } from "../package.ts";
import { normalizeLicense } from "./license.ts";

describe("normalizeLicense", () => {
  it("keeps SPDX, maps common spellings, warns on ambiguous and unknown names", () => {
    expect(normalizeLicense("(MIT OR Apache-2.0)")).toEqual({ spdx: "(MIT OR Apache-2.0)" });
    expect(normalizeLicense("Apache 2.0")).toEqual({ spdx: "Apache-2.0" });
    expect(normalizeLicense("MIT License")).toEqual({ spdx: "MIT" });
    expect(normalizeLicense("mit or isc")).toEqual({ spdx: "MIT OR ISC" });
    expect(normalizeLicense("apache-2.0")).toEqual({ spdx: "Apache-2.0" });
    expect(normalizeLicense("BSD")).toEqual({
      spdx: "BSD",
      warning: 'licence "BSD" is ambiguous, kept as given',
    });
    expect(normalizeLicense(["MIT", "GPL-3.0-or-later"])).toEqual({ spdx: "MIT OR GPL-3.0-or-later" });
  });
});

describe("packageUrl", () => {
  it("follows the purl spec per ecosystem", () => {
    expect(packageUrl("npm", "@babel/core", "7.24.0")).toBe("pkg:npm/%40babel/core@7.24.0");
    expect(packageUrl("PyPI", "Django_Foo", "1.0")).toBe("pkg:pypi/django-foo@1.0");
    expect(packageUrl("Maven", "org.slf4j:slf4j-api", "2.0.9")).toBe("pkg:maven/org.slf4j/slf4j-api@2.0.9");
    expect(packageUrl("Go", "github.com/a/b", "v1.2.3")).toBe("pkg:golang/github.com/a/b@v1.2.3");
    expect(packageUrl("NuGet", "Newtonsoft.Json", "13.0.1")).toBe("pkg:nuget/Newtonsoft.Json@13.0.1");
    expect(packageUrl("RubyGems", "rails", null)).toBe("pkg:gem/rails");
    expect(packageUrl("crates.io", "serde", "1.0.0+build")).toBe("pkg:cargo/serde@1.0.0%2Bbuild");
  });
});
