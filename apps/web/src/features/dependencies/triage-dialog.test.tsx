import type { ScaResponse } from "@rampart/contracts/sca";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { TENANT_ID, testScaFinding } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { DependenciesPage } from "./dependencies-page";

const SCA = `GET /api/tenants/${TENANT_ID}/sca`;
const TRIAGE = `POST /api/tenants/${TENANT_ID}/vex/triage`;

// Radix Select uses pointer capture and scrolls the chosen option into view; jsdom has neither.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

function stubSca(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

const lodash = testScaFinding({ cveId: "CVE-2024-1111", packageName: "lodash" });
const requests = testScaFinding({
  cveId: "CVE-2024-3333",
  packageName: "requests",
  ecosystem: "pip",
  vex: {
    status: "affected",
    actionStatement: "Upgrade in the next release",
    author: "sec@acme.test",
    timestamp: "2026-01-01T00:00:00.000Z",
  },
});
const response: ScaResponse = {
  findings: [lodash, requests],
  stats: { total: 2, critical: 0, high: 2, med: 0, low: 0 },
};

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

const statement = (body: object) => ({
  status: 201,
  body: {
    id: "7c4a3c1e-0000-4000-8000-000000000001",
    vulnerabilityId: "CVE-2024-1111",
    aliases: [],
    purl: "pkg:npm/lodash@4.17.20",
    justification: null,
    impactStatement: null,
    actionStatement: null,
    author: TEST_USER.email,
    timestamp: "2026-01-01T00:00:00.000Z",
    source: "triage",
    createdAt: "2026-01-01T00:00:00.000Z",
    ...body,
  },
});

describe("Triage (VEX) on dependency findings", () => {
  it("shows a recorded decision on the card", async () => {
    stubSca({ [SCA]: { body: response } });
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const card = await screen.findByRole("listitem", { name: "CVE-2024-3333 in requests" });
    expect(card).toHaveTextContent("VEX: Affected");
    expect(card).toHaveTextContent("Upgrade in the next release (sec@acme.test)");
    expect(screen.getByRole("listitem", { name: "CVE-2024-1111 in lodash" })).not.toHaveTextContent("VEX:");
  });

  it("asks not_affected for a justification, posts the decision and refreshes the list", async () => {
    const posted: unknown[] = [];
    let scaReads = 0;
    stubSca({
      [SCA]: () => {
        scaReads += 1;
        return { body: response };
      },
      [TRIAGE]: ({ body }) => {
        posted.push(body);
        return statement({ status: "not_affected", justification: "vulnerable_code_not_in_execute_path" });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const card = await screen.findByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    await user.click(within(card).getByRole("button", { name: "Triage" }));
    const dialog = await screen.findByRole("dialog", { name: "Triage Vulnerability" });
    expect(within(dialog).getByRole("combobox", { name: "Status" })).toHaveTextContent("Not affected");

    await user.click(within(dialog).getByRole("button", { name: "Record Decision" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Choose a justification or describe why the package is not affected",
    );
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByRole("combobox", { name: "Justification" }));
    await user.click(await screen.findByRole("option", { name: "Vulnerable code not in execute path" }));
    await user.click(within(dialog).getByRole("button", { name: "Record Decision" }));
    expect(await within(notifications()).findByText("Decision Recorded")).toBeInTheDocument();
    expect(within(notifications()).getByText("CVE-2024-1111 is now not affected.")).toBeInTheDocument();
    expect(posted).toEqual([
      { findingId: lodash.id, status: "not_affected", justification: "vulnerable_code_not_in_execute_path" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(scaReads).toBe(2));
  });

  it("sends an affected decision with its action statement and toasts the server's refusal", async () => {
    const posted: unknown[] = [];
    stubSca({
      [SCA]: { body: response },
      [TRIAGE]: ({ body }) => {
        posted.push(body);
        return { status: 403, body: { error: "Your role may not change this tenant" } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const card = await screen.findByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    await user.click(within(card).getByRole("button", { name: "Triage" }));
    const dialog = await screen.findByRole("dialog", { name: "Triage Vulnerability" });
    await user.click(within(dialog).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Affected" }));
    expect(within(dialog).queryByRole("combobox", { name: "Justification" })).toBeNull();
    await user.type(within(dialog).getByLabelText("Action statement (optional)"), "Upgrade to 4.17.21");
    await user.click(within(dialog).getByRole("button", { name: "Record Decision" }));
    // The dialog stays open (and modal, so the toasts are hidden from the accessibility tree).
    expect(await screen.findByText("Triage Failed")).toBeInTheDocument();
    expect(screen.getByText("Your role may not change this tenant")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Triage Vulnerability" })).toBeInTheDocument();
    expect(posted).toEqual([
      { findingId: lodash.id, status: "affected", actionStatement: "Upgrade to 4.17.21" },
    ]);
  });

  it("downloads the decisions as OpenVEX or CycloneDX, and says when there are none", async () => {
    stubSca({
      [SCA]: { body: response },
      [`GET /api/tenants/${TENANT_ID}/vex?format=openvex`]: { body: { statements: [] } },
      [`GET /api/tenants/${TENANT_ID}/vex?format=cyclonedx`]: {
        status: 404,
        body: { error: "No VEX statements to export yet" },
      },
    });
    const save = vi.spyOn(browser, "saveBlob").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    await user.click(await screen.findByRole("button", { name: "Export VEX" }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), "vex.openvex.json"));
    await user.click(screen.getByRole("button", { name: "Export CycloneDX VEX" }));
    expect(await within(notifications()).findByText("Export Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("No VEX statements to export yet")).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    save.mockRestore();
  });
});
