// The application: providers around the route table.
import type { QueryClient } from "@tanstack/react-query";
import type { RouterProps } from "wouter";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

export function App(props: { queryClient?: QueryClient; router?: Omit<RouterProps, "children"> }) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
