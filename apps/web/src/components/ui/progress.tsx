// A horizontal bar for a percentage, announced as a progressbar with its label.
import { cn } from "../../lib/cn";

export function Progress({
  value,
  label,
  className,
  barClassName,
}: {
  /** 0-100 */
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className={cn("h-full rounded-full bg-primary", barClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
