import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster } from "./toaster";
import { toast } from "./use-toast";

describe("Toaster", () => {
  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First", description: "one" });
    });
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => {
      toast({ title: "Second", description: "two", variant: "destructive" });
    });
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.queryByText("First")).not.toBeInTheDocument();
  });

  it("is reachable as a labelled region with the F8 hotkey", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeInTheDocument();
  });
});
