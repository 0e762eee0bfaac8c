import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID, testControlRow, testFinding } from "../../test/fixtures";
import { renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { ControlsPage } from "./controls-page";

const base = {
  "GET /api/auth/me": { body: { user: TEST_USER } },
  "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
  [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
};

describe("ControlsPage", () => {
  it("lists control cards and opens a drawer with findings, hashes and links", async () => {
    const row = testControlRow({
      evidenceHashes: [
        "aaaaaaaaaaaaaaaa1111",
        "bbbbbbbbbbbbbbbb2222",
        "cccccccccccccccc3333",
        "dddddddddddddddd4444",
      ],
    });
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/controls?type=all`]: { body: [row] },
      [`GET /api/controls/IAC-ENC-01/findings?tenantId=${TENANT_ID}`]: {
        body: {
          control: row.control,
          passes: row.passes,
          failures: row.failures,
          evaluated: row.evaluated,
          findings: Array.from({ length: 7 }, (_, index) => testFinding({ message: `Finding ${index}` })),
          images: { vulnerabilities: [], clean: [] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ControlsPage />, { path: "/controls" });
    await user.click(await screen.findByRole("button", { name: "IAC-ENC-01 Encryption at rest" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Finding 4")).toBeInTheDocument();
    expect(within(drawer).queryByText("Finding 5")).not.toBeInTheDocument();
    expect(
      within(drawer)
        .getAllByRole("listitem")
        .filter((item) => item.title),
    ).toHaveLength(3);
    expect(within(drawer).getByRole("link", { name: "View runs" })).toHaveAttribute(
      "href",
      "/runs?control=IAC-ENC-01",
    );
    expect(within(drawer).getByRole("link", { name: "Create fix PR" })).toHaveAttribute(
      "href",
      "/pr-bot?action=fix&control=IAC-ENC-01",
    );
    expect(within(drawer).getByRole("link", { name: "View evidence" })).toHaveAttribute(
      "href",
      "/evidence?control=IAC-ENC-01",
    );
  });

  it("opens the control named by ?control= (the advisor's citation links)", async () => {
    const row = testControlRow();
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/controls?type=all`]: { body: [row] },
      [`GET /api/controls/IAC-ENC-01/findings?tenantId=${TENANT_ID}`]: {
        body: {
          control: row.control,
          passes: row.passes,
          failures: row.failures,
          evaluated: row.evaluated,
          findings: [testFinding({ message: "Cited finding" })],
          images: { vulnerabilities: [], clean: [] },
        },
      },
    });
    renderWithProviders(<ControlsPage />, { path: "/controls?control=IAC-ENC-01" });
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Encryption at rest")).toBeInTheDocument();
    expect(await within(drawer).findByText("Cited finding")).toBeInTheDocument();
  });

  it("opens nothing for an unknown ?control=", async () => {
    stubFetch({ ...base, [`GET /api/tenants/${TENANT_ID}/controls?type=all`]: { body: [testControlRow()] } });
    renderWithProviders(<ControlsPage />, { path: "/controls?control=NOPE-99" });
    expect(await screen.findByRole("button", { name: "IAC-ENC-01 Encryption at rest" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("counts one pass and one failure in the singular", async () => {
    stubFetch({
      ...base,
      [`GET /api/tenants/${TENANT_ID}/controls?type=all`]: {
        body: [testControlRow({ passes: 1, failures: 1 }), testControlRow({ code: "SEC-KEY-01" })],
      },
    });
    renderWithProviders(<ControlsPage />, { path: "/controls" });
    expect(await screen.findByText("1 pass")).toBeInTheDocument();
    expect(screen.getByText("1 failure")).toBeInTheDocument();
    expect(screen.getByText("3 passes")).toBeInTheDocument();
    expect(screen.getByText("2 failures")).toBeInTheDocument();
  });

  it("shows 'Failed to Load Controls'", async () => {
    stubFetch({ ...base, [`GET /api/tenants/${TENANT_ID}/controls?type=all`]: { status: 500, body: "" } });
    renderWithProviders(<ControlsPage />, { path: "/controls" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to Load Controls");
  });
});
