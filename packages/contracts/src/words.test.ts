import { describe, expect, it } from "vitest";
import { plural, pluralForm } from "./words";

describe("plural", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(plural(1, "file")).toBe("1 file");
    expect(plural(0, "file")).toBe("0 files");
    expect(plural(23, "file")).toBe("23 files");
    expect(plural(2, "policy run")).toBe("2 policy runs");
    expect(plural(1, "vulnerability", "vulnerabilities")).toBe("1 vulnerability");
    expect(plural(3, "vulnerability", "vulnerabilities")).toBe("3 vulnerabilities");
  });

  it("treats fractions as plural", () => {
    expect(plural(0.5, "day")).toBe("0.5 days");
    expect(plural(1.5, "day")).toBe("1.5 days");
  });

  it("carries a verb that agrees with the count", () => {
    expect(plural(1, "requirement passes", "requirements pass")).toBe("1 requirement passes");
    expect(plural(4, "requirement passes", "requirements pass")).toBe("4 requirements pass");
  });
});

describe("pluralForm", () => {
  it("gives the words alone, for a count shown apart from them", () => {
    expect(pluralForm(1, "active PR")).toBe("active PR");
    expect(pluralForm(0, "active PR")).toBe("active PRs");
  });
});
