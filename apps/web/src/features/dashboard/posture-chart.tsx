// Posture over time: the daily posture score as a line, with a percent axis, a date axis and the
// day's score in a tooltip under the pointer or the arrow keys. Drawn in SVG by hand: the project
// has no chart library and one line chart does not justify one. Labels are HTML beside the
// stretched SVG so that text and dots keep their shape at any width.
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import { type KeyboardEvent, type MouseEvent, useId, useState } from "react";
import { cn } from "../../lib/cn";

type History = DashboardSummary["metrics"]["postureHistory"];

const Y_TICKS = [0, 25, 50, 75, 100];
const MOST_X_TICKS = 5;

// History dates are UTC days (YYYY-MM-DD): read and shown in UTC, so no time zone shifts a day.
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const clampScore = (score: number) => Math.max(0, Math.min(100, score));
/** Horizontal position of the point at `index`, in percent of the plot's width. */
const xOf = (index: number, count: number) => (count < 2 ? 50 : (index / (count - 1)) * 100);
/** Vertical position of a score, in percent of the plot's height from the top. */
const yOf = (score: number) => 100 - clampScore(score);

/**
 * The indexes that get a date label: every day of a short history; else every `step` days from the
 * first (evenly spaced), and the last day unless it would crowd the label before it.
 */
export function xTickIndexes(count: number, most = MOST_X_TICKS): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const step = Math.ceil((count - 1) / (most - 1));
  const ticks = Array.from({ length: Math.floor((count - 1) / step) + 1 }, (_, index) => index * step);
  const last = count - 1;
  if (ticks.at(-1) !== last) {
    if (last - ticks.at(-1)! < step / 2) ticks.pop();
    ticks.push(last);
  }
  return ticks;
}

/** The point nearest to a horizontal position given as a fraction (0-1) of the plot's width. */
export function nearestIndex(fraction: number, count: number): number {
  return Math.max(0, Math.min(count - 1, Math.round(fraction * (count - 1))));
}

export function pointLabel(point: History[number]): string {
  return `${longDay.format(new Date(point.date))}: ${Math.round(point.score)}%`;
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function PostureChart({ history }: { history: History }) {
  const [active, setActive] = useState<number | null>(null);
  const tooltipId = useId();
  if (history.length < 2) {
    return (
      <p className="text-sm text-muted-foreground">
        Posture history appears after scans on two or more days.
      </p>
    );
  }
  const count = history.length;
  const last = count - 1;
  const points = history.map((point, index) => `${xOf(index, count)},${yOf(point.score)}`).join(" ");
  const first = history[0]!;
  const summary = `Posture score over time: ${Math.round(first.score)}% on ${longDay.format(new Date(first.date))}, ${Math.round(history[last]!.score)}% on ${longDay.format(new Date(history[last]!.date))}`;
  const shown = active === null ? null : history[active]!;

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) setActive(nearestIndex((event.clientX - box.left) / box.width, count));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    setActive(Math.max(0, Math.min(last, step(active ?? last, count))));
  };

  return (
    <figure className="flex flex-col gap-1 pt-2">
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative h-32 w-10 shrink-0 text-xs text-muted-foreground">
          {Y_TICKS.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2 tabular-nums"
              style={{ top: `${yOf(tick)}%` }}
            >
              {tick}%
            </span>
          ))}
        </div>
        <div
          role="slider"
          tabIndex={0}
          aria-label="Posture score by day"
          aria-valuemin={0}
          aria-valuemax={last}
          aria-valuenow={active ?? last}
          aria-valuetext={pointLabel(history[active ?? last]!)}
          aria-describedby={shown ? tooltipId : undefined}
          onMouseMove={onMouseMove}
          onMouseLeave={() => setActive(null)}
          onFocus={() => setActive((current) => current ?? last)}
          onBlur={() => setActive(null)}
          onKeyDown={onKeyDown}
          className="relative h-32 min-w-0 flex-1 cursor-crosshair border-b border-l border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <svg
            role="img"
            aria-label={summary}
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
          >
            {Y_TICKS.filter((tick) => tick > 0).map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={100}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className="stroke-border"
                strokeDasharray="4 4"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {shown ? (
              <line
                x1={xOf(active!, count)}
                x2={xOf(active!, count)}
                y1={0}
                y2={100}
                className="stroke-muted-foreground"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            <polyline
              points={points}
              fill="none"
              className="stroke-primary"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {shown ? (
            <>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-primary"
                style={{ left: `${xOf(active!, count)}%`, top: `${yOf(shown.score)}%` }}
              />
              <div
                id={tooltipId}
                role="tooltip"
                className={cn(
                  "pointer-events-none absolute z-10 -mt-2 -translate-y-full whitespace-nowrap rounded-md border border-border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md",
                  // Kept inside the plot at both ends.
                  xOf(active!, count) < 20
                    ? "translate-x-0"
                    : xOf(active!, count) > 80
                      ? "-translate-x-full"
                      : "-translate-x-1/2",
                )}
                style={{ left: `${xOf(active!, count)}%`, top: `${yOf(shown.score)}%` }}
              >
                {pointLabel(shown)}
              </div>
            </>
          ) : null}
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-12 h-4 text-xs text-muted-foreground">
        {xTickIndexes(count).map((index) => (
          <span
            key={index}
            className={cn(
              "absolute whitespace-nowrap",
              index === 0 ? "translate-x-0" : index === last ? "-translate-x-full" : "-translate-x-1/2",
            )}
            style={{ left: `${xOf(index, count)}%` }}
          >
            {shortDay.format(new Date(history[index]!.date))}
          </span>
        ))}
      </div>
      <figcaption className="ml-12 text-xs text-muted-foreground">
        Score (%) at the end of each day, UTC. Hover or use the arrow keys to read a day.
      </figcaption>
    </figure>
  );
}
