// A failed load: what failed, the error message, and optionally a retry.
import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button";

export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-danger/40 bg-danger-muted/60 p-6 text-left">
      <div className="flex items-start gap-3">
        <AlertCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold text-foreground">{title}</h2>
          <p className="mt-1 break-words text-sm text-muted-foreground">{message}</p>
          {onRetry ? (
            <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
