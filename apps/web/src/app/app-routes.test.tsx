import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../test/render";
import { AppRoutes } from "./router";

const ACME = TEST_USER.memberships[0]!.tenantId;

function stubSignedIn() {
  const acme = testTenant({ id: ACME, name: "Acme Corp" });
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [acme] },
    [`GET /api/tenants/${ACME}`]: { body: acme },
  });
}

describe("routes", () => {
  it("shows the landing page at /", () => {
    stubFetch({});
    renderWithProviders(<AppRoutes />, { path: "/" });
    expect(screen.getByRole("button", { name: "Get Beta Access" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    for (const title of ["Adaptive Assurance", "Compliance by Design", "Agentic Remediation"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: "Join the Private Beta" })).toBeInTheDocument();
    for (const [name, href] of [
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
    ]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it("shows the not-found page for unknown paths, /privacy and /terms", async () => {
    stubFetch({});
    for (const path of ["/no-such-page", "/privacy", "/terms"]) {
      const { unmount } = renderWithProviders(<AppRoutes />, { path });
      expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      unmount();
    }
  });

  it("redirects a signed-out visitor from a signed-in page to /login", async () => {
    stubFetch({ "GET /api/auth/me": { status: 401, body: { error: "Not signed in" } } });
    const { location } = renderWithProviders(<AppRoutes />, { path: "/dashboard" });
    expect(screen.getByRole("status")).toHaveTextContent("Checking your session");
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
  });

  it("treats any failing session check as signed out", async () => {
    stubFetch({ "GET /api/auth/me": { status: 500, body: "" } });
    const { location } = renderWithProviders(<AppRoutes />, { path: "/tenants" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
  });

  // the first visit loads the page's lazy chunk, which a busy machine can take over a second to transform
  it("shows a signed-in page inside the shell", async () => {
    stubSignedIn();
    renderWithProviders(<AppRoutes />, { path: "/attestations" });
    expect(
      await screen.findByRole("heading", { name: "Attestations & Provenance" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Compliance bundles and supply chain provenance")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
  });

  it("gives every signed-in page a title, the mode switch and an honest empty state", async () => {
    const acme = testTenant({ id: ACME, name: "Acme Corp" });
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [acme] },
      [`GET /api/tenants/${ACME}`]: { body: acme },
      [`GET /api/tenants/${ACME}/environments`]: { body: [] },
      [`GET /api/tenants/${ACME}/repositories`]: { body: [] },
    });
    const { unmount } = renderWithProviders(<AppRoutes />, { path: "/environments" });
    expect(
      await screen.findByRole("heading", { name: "Environment Security" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Demo mode" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Export Evidence" })).toBeInTheDocument();
    expect(await screen.findByText("No environments yet")).toBeInTheDocument();
    unmount();
  });
});
