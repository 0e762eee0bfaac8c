import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as browser from "../lib/browser";
import { ErrorBoundary } from "./error-boundary";

function Broken(): never {
  throw new Error("Cannot read the posture score");
}

describe("ErrorBoundary", () => {
  it("shows the fallback with the message and a reload button", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.spyOn(browser, "reloadPage").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("Cannot read the posture score")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Reload Page" }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
