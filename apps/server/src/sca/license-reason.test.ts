import { describe, expect, it } from "vitest";
import { licenseUnknownReason } from "./license-reason.ts";

describe("licenseUnknownReason", () => {
  it("is null when the licence is known", () => {
    expect(licenseUnknownReason("MIT", "package-lock.json")).toBeNull();
  });

  it("says the declaring file records no licences, or none for this package", () => {
    expect(licenseUnknownReason(null, "svc/requirements.txt")).toBe(
      "requirements.txt does not record licences",
    );
    expect(licenseUnknownReason(null, "yarn.lock")).toBe("yarn.lock does not record licences");
    expect(licenseUnknownReason(null, "web/package-lock.json")).toBe(
      "package-lock.json states no licence for this package",
    );
    expect(licenseUnknownReason(null, "composer.lock")).toBe(
      "composer.lock states no licence for this package",
    );
    expect(licenseUnknownReason(null, null)).toBe("No file states its licence");
  });

  it("follows what the scan saw of the file: a version 1 package-lock.json records no licences", () => {
    expect(licenseUnknownReason(null, "package-lock.json", false)).toBe(
      "This package-lock.json records no licences (lockfile version 1: npm 7 and later write them)",
    );
    expect(licenseUnknownReason(null, "package-lock.json", true)).toBe(
      "package-lock.json states no licence for this package",
    );
    expect(licenseUnknownReason(null, "composer.lock", true)).toBe(
      "composer.lock states no licence for this package",
    );
    expect(licenseUnknownReason(null, "requirements.txt", false)).toBe(
      "requirements.txt does not record licences",
    );
  });
});
