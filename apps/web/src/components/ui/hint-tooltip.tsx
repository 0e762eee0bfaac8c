// A small hint shown on hover or keyboard focus, e.g. why a button is disabled. Disabled buttons
// get no pointer or focus events, so the wrapper is what hovers and takes focus; the hint is tied
// to the wrapped control with aria-describedby by the caller through `id`.
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export function HintTooltip({
  id,
  hint,
  children,
  className,
}: {
  id: string;
  hint: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the hint of a disabled control
      tabIndex={0}
      className={cn(
        "group relative inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute right-0 bottom-full z-20 mb-2 hidden w-64 rounded-md border border-border bg-popover p-2 text-xs text-popover-foreground shadow-lg group-hover:block group-focus-visible:block"
      >
        {hint}
      </span>
    </span>
  );
}
