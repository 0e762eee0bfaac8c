// Indeterminate progress, announced to assistive technology by its label.
import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn("flex items-center justify-center gap-2 text-muted-foreground", className)}
    >
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
