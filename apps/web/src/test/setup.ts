// Vitest setup for the web project: jest-dom matchers and a clean DOM and storage per test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { clearToasts } from "../components/ui/use-toast";

// findBy…/waitFor wait for a condition, not a deadline: a second on a machine running two test
// files at once was too little for a lazy page's first load.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
