// Everything the app runs inside: error boundary, query client, router and toasts.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Router, type RouterProps } from "wouter";
import { ErrorBoundary } from "../components/error-boundary";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";

export function AppProviders({
  children,
  queryClient,
  router,
}: {
  children: ReactNode;
  /** Tests pass their own client and an in-memory location. */
  queryClient?: QueryClient;
  router?: Omit<RouterProps, "children">;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <Router {...router}>{children}</Router>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
