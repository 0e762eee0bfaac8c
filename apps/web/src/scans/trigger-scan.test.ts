import { describe, expect, it } from "vitest";
import { scanCompleteMessage } from "./trigger-scan";

describe("scanCompleteMessage", () => {
  it("keeps the spec's wording and reads a count of one in the singular", () => {
    expect(scanCompleteMessage({ filesScanned: 120, failed: 7 })).toBe("Scanned 120 files. Found 7 issues.");
    expect(scanCompleteMessage({ filesScanned: 1, failed: 1 })).toBe("Scanned 1 file. Found 1 issue.");
    expect(scanCompleteMessage({ filesScanned: 3, failed: 0 })).toBe("Scanned 3 files. Found 0 issues.");
  });
});
