// Catches render errors anywhere below it and shows the fallback page instead of a blank screen.
import { AlertTriangle } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { reloadPage } from "../lib/browser";
import { Button } from "./ui/button";

interface ErrorBoundaryState {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="flex min-h-screen items-center justify-center bg-background p-6">
        <div role="alert" className="w-full max-w-md rounded-lg border border-border bg-card p-8 text-center">
          <AlertTriangle className="mx-auto mb-4 size-10 text-danger" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Something went wrong</h1>
          <p className="mt-2 break-words text-sm text-muted-foreground">{error.message}</p>
          <Button className="mt-6" onClick={reloadPage}>
            Reload Page
          </Button>
        </div>
      </main>
    );
  }
}
