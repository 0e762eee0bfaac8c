import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { TenantsPage } from "./tenants-page";

const ACME = TEST_USER.memberships[0]!.tenantId;
const GLOBEX = TEST_USER.memberships[1]!.tenantId;

describe("TenantsPage", () => {
  it("lists organizations with their GitHub connection, auditor access and creation date", async () => {
    stubFetch({
      "GET /api/tenants": {
        body: [
          testTenant({
            id: ACME,
            name: "Acme Corp",
            githubInstallationId: "98765",
            auditorAccessEnabled: true,
          }),
          testTenant({ id: GLOBEX, name: "Globex" }),
        ],
      },
    });
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    expect(screen.getByText("Manage organizations and access control")).toBeInTheDocument();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Organization", "GitHub Connection", "Auditor Access", "Created", "Actions"]);
    const [, acmeRow, globexRow] = within(table).getAllByRole("row");
    expect(within(acmeRow!).getByText("Installation 98765")).toBeInTheDocument();
    expect(within(acmeRow!).getByText("Enabled")).toBeInTheDocument();
    expect(within(acmeRow!).getByText("Mar 4, 2025")).toBeInTheDocument();
    expect(within(globexRow!).getByText("Not connected")).toBeInTheDocument();
    expect(within(globexRow!).getByText("Disabled")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /Organizations/ })).toHaveTextContent("2");
  });

  it("shows the empty state", async () => {
    stubFetch({ "GET /api/tenants": { body: [] } });
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    expect(await screen.findByText("No tenants yet")).toBeInTheDocument();
    expect(screen.getByText("Get started by adding your first organization")).toBeInTheDocument();
  });

  it("shows an error panel when the list cannot be loaded", async () => {
    stubFetch({ "GET /api/tenants": { status: 500, body: { error: "Database unavailable" } } });
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    expect(await screen.findByRole("alert")).toHaveTextContent('500: {"error":"Database unavailable"}');
  });

  it("'Add Tenant' goes to onboarding", async () => {
    stubFetch({ "GET /api/tenants": { body: [] } });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<TenantsPage />, { path: "/tenants" });
    await user.click(screen.getByRole("button", { name: "Add Tenant" }));
    expect(location.history.at(-1)).toBe("/onboarding");
  });

  it("toggles auditor access, refreshes the list and confirms", async () => {
    let enabled = false;
    const fetchMock = stubFetch({
      "GET /api/tenants": () => ({
        body: [testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled })],
      }),
      [`PATCH /api/tenants/${ACME}/auditor-access`]: ({ body }) => {
        enabled = (body as { enabled: boolean }).enabled;
        return { body: testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled }) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    await user.click(await screen.findByRole("button", { name: "Actions for Acme Corp" }));
    await user.click(await screen.findByRole("menuitem", { name: "Enable Auditor Access" }));
    expect(await screen.findByText("Access updated")).toBeInTheDocument();
    expect(screen.getByText("Auditor access has been updated.")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("table")).getByText("Enabled")).toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ enabled: true });
  });

  it("deletes only once the organization's name is typed, and reports failures", async () => {
    const fetchMock = stubFetch({
      "GET /api/tenants": { body: [testTenant({ id: ACME, name: "Acme Corp" })] },
      [`DELETE /api/tenants/${ACME}`]: { status: 403, body: { error: "Only admins may delete" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    await user.click(await screen.findByRole("button", { name: "Actions for Acme Corp" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete Tenant" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Acme Corp?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete Tenant" });
    expect(confirm).toBeDisabled();
    const name = within(dialog).getByLabelText("Type the organization's name to confirm");
    await user.type(name, "Acme");
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Actions for Acme Corp" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete Tenant" }));
    const again = await screen.findByRole("dialog", { name: "Delete Acme Corp?" });
    await user.type(within(again).getByLabelText("Type the organization's name to confirm"), "Acme Corp");
    await user.click(within(again).getByRole("button", { name: "Delete Tenant" }));
    expect(await screen.findByText("Delete failed")).toBeInTheDocument();
    expect(screen.getByText('403: {"error":"Only admins may delete"}')).toBeInTheDocument();
  });

  it("confirms a successful delete", async () => {
    let deleted = false;
    stubFetch({
      "GET /api/tenants": () => ({ body: deleted ? [] : [testTenant({ id: ACME, name: "Acme Corp" })] }),
      [`DELETE /api/tenants/${ACME}`]: () => {
        deleted = true;
        return { body: { deleted: true, id: ACME } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TenantsPage />, { path: "/tenants" });
    await user.click(await screen.findByRole("button", { name: "Actions for Acme Corp" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete Tenant" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Acme Corp?" });
    await user.type(within(dialog).getByLabelText("Type the organization's name to confirm"), "Acme Corp");
    await user.click(within(dialog).getByRole("button", { name: "Delete Tenant" }));
    expect(await screen.findByText("Tenant deleted")).toBeInTheDocument();
    expect(screen.getByText("The tenant has been successfully removed.")).toBeInTheDocument();
    expect(await screen.findByText("No tenants yet")).toBeInTheDocument();
  });
});
