import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(plural(1, "file")).toBe("1 file");
    expect(plural(0, "file")).toBe("0 files");
    expect(plural(23, "file")).toBe("23 files");
    expect(plural(2, "policy run")).toBe("2 policy runs");
    expect(plural(1, "vulnerability", "vulnerabilities")).toBe("1 vulnerability");
    expect(plural(3, "vulnerability", "vulnerabilities")).toBe("3 vulnerabilities");
  });
});
