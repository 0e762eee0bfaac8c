import type { Membership } from "@rampart/contracts/auth";
import { render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../app/providers";
import { createTestQueryClient, stubFetch, TEST_USER, testTenant } from "../test/render";
import { resolveLiveTenantId, useCurrentTenant } from "./use-current-tenant";

const ACME = TEST_USER.memberships[0]!.tenantId;
const GLOBEX = TEST_USER.memberships[1]!.tenantId;
const DEMO = "33333333-3333-4333-8333-333333333333";
const memberships = TEST_USER.memberships as Membership[];

describe("resolveLiveTenantId", () => {
  it("defaults to the first membership", () => {
    expect(resolveLiveTenantId(null, memberships)).toBe(ACME);
  });

  it("keeps the stored tenant while the user is a member", () => {
    expect(resolveLiveTenantId(GLOBEX, memberships)).toBe(GLOBEX);
  });

  it("falls back when the stored tenant is no longer a membership", () => {
    expect(resolveLiveTenantId("99999999-9999-4999-8999-999999999999", memberships)).toBe(ACME);
  });

  it("accepts a tenant the list gives the user a role in, but never the demo tenant", () => {
    const created = testTenant({ id: "44444444-4444-4444-8444-444444444444", name: "New" });
    const demo = testTenant({ id: DEMO, name: "Demo", isDemo: true, role: "admin" });
    expect(resolveLiveTenantId(created.id, memberships, [created] as never)).toBe(created.id);
    expect(resolveLiveTenantId(DEMO, memberships, [demo] as never)).toBe(ACME);
  });

  it("never picks the user's own demo organization, though it is a membership", () => {
    const demo = testTenant({ id: DEMO, name: "Rampart Demo", isDemo: true, role: "admin" });
    const withDemo = [{ tenantId: DEMO, tenantName: "Rampart Demo", role: "admin" as const }, ...memberships];
    expect(resolveLiveTenantId(DEMO, withDemo, [demo] as never)).toBe(ACME);
    expect(resolveLiveTenantId(null, withDemo, [demo] as never)).toBe(ACME);
  });

  it("is null for a user without memberships", () => {
    expect(resolveLiveTenantId(null, [])).toBeNull();
  });
});

function TwoReaders() {
  const first = useCurrentTenant();
  const second = useCurrentTenant();
  return (
    <p>{first.isLoading || second.isLoading ? "loading" : `${first.tenantId} ${second.tenant?.name}`}</p>
  );
}

function wrapper({ children }: { children: ReactNode }) {
  return <AppProviders queryClient={createTestQueryClient()}>{children}</AppProviders>;
}

describe("useCurrentTenant", () => {
  it("uses the user's own tenant in live mode", async () => {
    const acme = testTenant({ id: ACME, name: "Acme Corp" });
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [acme] },
      [`GET /api/tenants/${ACME}`]: { body: acme },
    });
    const { result } = renderHook(() => useCurrentTenant(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.mode).toBe("live");
    expect(result.current.tenantId).toBe(ACME);
    expect(result.current.tenant?.name).toBe("Acme Corp");
  });

  it("in demo mode seeds the demo tenant once when none exists, even with several readers", async () => {
    window.localStorage.setItem("app-mode", "demo");
    const demo = testTenant({ id: DEMO, name: "Demo Organization", isDemo: true, role: "admin" });
    let seeded = false;
    const fetchMock = stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [] },
      "GET /api/demo/tenant-id": () =>
        seeded ? { body: { tenantId: DEMO } } : { status: 404, body: { error: "Demo not seeded" } },
      "POST /api/demo/seed": () => {
        seeded = true;
        return { body: { tenantId: DEMO } };
      },
      [`GET /api/tenants/${DEMO}`]: { body: demo },
    });
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <TwoReaders />
      </AppProviders>,
    );
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText(`${DEMO} Demo Organization`)).toBeInTheDocument();
    const seeds = fetchMock.mock.calls.filter(
      ([url, init]) => url === "/api/demo/seed" && init?.method === "POST",
    );
    expect(seeds).toHaveLength(1);
  });

  it("holds the loading state while the server is still preparing the demo data (409), then shows it", async () => {
    window.localStorage.setItem("app-mode", "demo");
    const demo = testTenant({ id: DEMO, name: "Demo Organization", isDemo: true, role: "admin" });
    let seedCalls = 0;
    const fetchMock = stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [] },
      "GET /api/demo/tenant-id": () =>
        seedCalls > 1 ? { body: { tenantId: DEMO } } : { status: 404, body: { error: "none yet" } },
      "POST /api/demo/seed": () => {
        seedCalls += 1;
        return seedCalls === 1
          ? { status: 409, body: { error: "The demo data is still being prepared" } }
          : { body: { tenantId: DEMO } };
      },
      [`GET /api/tenants/${DEMO}`]: { body: demo },
    });
    const { result } = renderHook(() => useCurrentTenant(), { wrapper });
    await waitFor(() => expect(seedCalls).toBe(1));
    expect(result.current.isLoading).toBe(true);
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.isLoading).toBe(false), { timeout: 8_000 });
    expect(result.current.tenantId).toBe(DEMO);
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/demo/seed")).toHaveLength(2);
  }, 15_000);
});
