import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { CompliancePage } from "../features/compliance/compliance-page";
import { ControlsPage } from "../features/controls/controls-page";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { RisksPage } from "../features/risks/risks-page";
import { RunsPage } from "../features/runs/runs-page";
import { renderWithProviders, stubFetch, TEST_USER } from "../test/render";

// A user who belongs to no organization, e.g. after deleting their only one.
const LONER = { ...TEST_USER, memberships: [] };

describe("a tenant's page for a user without an organization", () => {
  it.each<[string, ReactElement, string]>([
    ["Security Dashboard", <DashboardPage key="dashboard" />, "/dashboard"],
    ["Policy Runs", <RunsPage key="runs" />, "/runs"],
    ["Security Controls", <ControlsPage key="controls" />, "/controls"],
    ["Risk Intelligence", <RisksPage key="risks" />, "/risks"],
    ["Compliance", <CompliancePage key="compliance" />, "/compliance"],
  ])("%s says there is no organization instead of loading for ever", async (_name, page, path) => {
    stubFetch({
      "GET /api/auth/me": { body: { user: LONER } },
      "GET /api/tenants": { body: [] },
      "GET /api/frameworks": {
        body: [{ id: "soc2", name: "SOC 2", version: "2017", description: "Trust services criteria" }],
      },
    });
    renderWithProviders(page, { path });
    expect(await screen.findByText("No tenants yet")).toBeInTheDocument();
    expect(screen.getByText("Get started by adding your first organization")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    // The way out: adding an organization, which needs no code host.
    expect(screen.getByRole("link", { name: "Add Tenant" })).toHaveAttribute("href", "/onboarding");
  });
});
