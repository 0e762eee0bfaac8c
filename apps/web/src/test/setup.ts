// Vitest setup for the web project: jest-dom matchers and a clean DOM and storage per test.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { clearToasts } from "../components/ui/use-toast";

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
