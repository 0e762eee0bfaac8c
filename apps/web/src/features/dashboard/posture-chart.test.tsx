import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { nearestIndex, PostureChart, xTickIndexes } from "./posture-chart";

const history = [
  { date: "2026-11-14", score: 40 },
  { date: "2026-11-15", score: 55.4 },
  { date: "2026-11-16", score: 61 },
  { date: "2026-11-17", score: 72.6 },
];

describe("PostureChart", () => {
  it("labels the percent axis and the date axis", () => {
    const { container } = render(<PostureChart history={history} />);
    for (const tick of ["0%", "25%", "50%", "75%", "100%"]) {
      expect(screen.getByText(tick)).toBeInTheDocument();
    }
    for (const day of ["Nov 14", "Nov 15", "Nov 16", "Nov 17"]) {
      expect(screen.getByText(day)).toBeInTheDocument();
    }
    expect(
      screen.getByRole("img", { name: /Posture score over time: 40% on Nov 14, 2026, 73% on Nov 17, 2026/ }),
    ).toBeInTheDocument();
    expect(container.querySelector("polyline")).toHaveAttribute("points", expect.stringContaining("0,60"));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("shows the score of the day under the pointer", () => {
    render(<PostureChart history={history} />);
    const plot = screen.getByRole("slider", { name: "Posture score by day" });
    plot.getBoundingClientRect = () => ({ left: 100, width: 300, top: 0, height: 128 }) as DOMRect;
    fireEvent.mouseMove(plot, { clientX: 200 });
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 15, 2026: 55%");
    fireEvent.mouseMove(plot, { clientX: 399 });
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 17, 2026: 73%");
    fireEvent.mouseLeave(plot);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("reads the days with the keyboard, from the latest", async () => {
    const user = userEvent.setup();
    render(<PostureChart history={history} />);
    await user.tab();
    const plot = screen.getByRole("slider", { name: "Posture score by day" });
    expect(plot).toHaveFocus();
    expect(plot).toHaveAttribute("aria-valuetext", "Nov 17, 2026: 73%");
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 17, 2026: 73%");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 15, 2026: 55%");
    expect(plot).toHaveAttribute("aria-valuetext", "Nov 15, 2026: 55%");
    await user.keyboard("{Home}{ArrowLeft}");
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 14, 2026: 40%");
    await user.keyboard("{End}");
    expect(screen.getByRole("tooltip")).toHaveTextContent("Nov 17, 2026: 73%");
  });

  it("explains a history too short to draw", () => {
    render(<PostureChart history={history.slice(0, 1)} />);
    expect(screen.getByText("Posture history appears after scans on two or more days.")).toBeInTheDocument();
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });
});

describe("xTickIndexes", () => {
  it("labels every day of a short history and evenly spaced days of a long one, ending on the last", () => {
    expect(xTickIndexes(3)).toEqual([0, 1, 2]);
    expect(xTickIndexes(7)).toEqual([0, 2, 4, 6]);
    expect(xTickIndexes(30)).toEqual([0, 8, 16, 24, 29]);
    expect(xTickIndexes(27)).toEqual([0, 7, 14, 21, 26]);
    expect(xTickIndexes(14)).toEqual([0, 4, 8, 13]);
    expect(xTickIndexes(90)).toEqual([0, 23, 46, 69, 89]);
  });
});

describe("nearestIndex", () => {
  it("snaps a position to the nearest day, inside the range", () => {
    expect(nearestIndex(0, 4)).toBe(0);
    expect(nearestIndex(0.4, 4)).toBe(1);
    expect(nearestIndex(1.2, 4)).toBe(3);
    expect(nearestIndex(-0.1, 4)).toBe(0);
  });
});
