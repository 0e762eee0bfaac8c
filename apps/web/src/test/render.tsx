// Test helpers: render inside the app's providers with an in-memory location, and a fetch stub
// that answers by "METHOD /path".
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "../app/providers";

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export function renderWithProviders(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  const [pathname = "/", search = ""] = path.split("?");
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} router={{ hook: location.hook, searchHook: location.searchHook }}>
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClient, location };
}

export type FetchReply = { status?: number; body?: unknown; statusText?: string };
export type FetchHandler = (request: { method: string; url: string; body: unknown }) => FetchReply;

/** Stubs global fetch; `routes` maps "METHOD /path" (query string included) to a reply. */
export function stubFetch(routes: Record<string, FetchReply | FetchHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? "GET").toUpperCase();
    const route = routes[`${method} ${url}`];
    if (!route)
      return new Response(JSON.stringify({ error: `No stub for ${method} ${url}` }), { status: 599 });
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const reply = typeof route === "function" ? route({ method, url, body }) : route;
    const text =
      reply.body === undefined
        ? ""
        : typeof reply.body === "string"
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(text || null, {
      status: reply.status ?? 200,
      statusText: reply.statusText ?? "",
      headers: text ? { "Content-Type": "application/json" } : {},
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export const TEST_USER = {
  id: "6f9619ff-8b86-4d01-b42d-00cf4fc964ff",
  email: "ada@example.com",
  name: "Ada Lovelace",
  createdAt: "2025-01-01T00:00:00.000Z",
  memberships: [
    { tenantId: "11111111-1111-4111-8111-111111111111", tenantName: "Acme Corp", role: "admin" as const },
    { tenantId: "22222222-2222-4222-8222-222222222222", tenantName: "Globex", role: "member" as const },
  ],
};

export function testTenant(overrides: Partial<Record<string, unknown>> & { id: string; name: string }) {
  return {
    githubInstallationId: null,
    auditorAccessEnabled: false,
    fourEyesWaivers: false,
    prGateSeverity: "high",
    isDemo: false,
    role: "admin",
    createdAt: "2025-03-04T10:00:00.000Z",
    ...overrides,
  };
}
