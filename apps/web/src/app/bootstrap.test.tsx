import { describe, expect, it, vi } from "vitest";
import { bootstrap } from "./bootstrap";

describe("bootstrap", () => {
  it("raises 'Root element not found' without a root", () => {
    expect(() => bootstrap(null)).toThrow("Root element not found");
  });

  it("shows 'Application Error' when start-up fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const root = document.createElement("div");
    bootstrap(root, () => {
      throw new Error("chunk failed to load");
    });
    expect(root.querySelector("h1")?.textContent).toBe("Application Error");
    expect(root.textContent).toContain("chunk failed to load");
  });
});
