import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FetchReply, renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { SystemSettingsDrawer } from "./system-settings-drawer";

const ACME = TEST_USER.memberships[0]!.tenantId;
const TOKENS_URL = `/api/tenants/${ACME}/api-tokens`;
const SECRET = `rmp_${"A1b2C3d4E5".repeat(4)}xyz`;

function token(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    name: `pipeline ${index}`,
    scopes: ["runs:upload"],
    hint: `rmp_Zz${index}abc…`,
    status: "active",
    createdBy: "ada@example.com",
    expiresAt: "2026-09-01T10:00:00.000Z",
    lastUsedAt: null,
    revokedAt: null,
    createdAt: "2026-06-01T10:00:00.000Z",
    ...overrides,
  };
}

/** The session with Acme in `role`, and a server keeping Acme's tokens in memory. */
function stubServer(role: string, refuseCreation?: FetchReply) {
  const tenant = testTenant({ id: ACME, name: "Acme Corp", role });
  let tokens = [token(1, { name: "Jenkins", lastUsedAt: "2026-06-02T08:00:00.000Z" }), token(2)];
  const fetchMock = stubFetch({
    "GET /api/system/info": {
      body: { version: "1", environment: "test", uptime: 1, workers: [], cronJobs: [], ledgerAlerts: [] },
    },
    "GET /api/system/jobs": { body: { jobs: [] } },
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [tenant] },
    [`GET /api/tenants/${ACME}`]: { body: tenant },
    [`GET /api/tenants/${ACME}/audit-log?limit=50`]: { body: { entries: [], nextCursor: null } },
    [`GET ${TOKENS_URL}`]: () => ({ body: tokens }),
    [`POST ${TOKENS_URL}`]: ({ body }) => {
      if (refuseCreation) return refuseCreation;
      const made = token(3, { ...(body as object), expiresAt: "2026-07-01T10:00:00.000Z" });
      tokens = [made, ...tokens];
      return { status: 201, body: { ...made, secret: SECRET } };
    },
    [`DELETE ${TOKENS_URL}/${token(1).id}`]: () => {
      tokens = tokens.map((each) => (each.id === token(1).id ? { ...each, status: "revoked" } : each));
      return { body: tokens[tokens.length - 2] };
    },
  });
  return fetchMock;
}

async function openDrawer() {
  const user = userEvent.setup();
  renderWithProviders(<SystemSettingsDrawer />);
  await user.click(screen.getByRole("button", { name: "System settings" }));
  const drawer = await screen.findByRole("dialog", { name: "System Settings" });
  return { user, drawer };
}

describe("SystemSettingsDrawer API tokens", () => {
  it("lists an admin's organization's tokens without their secrets", async () => {
    stubServer("admin");
    const { drawer } = await openDrawer();
    const section = await within(drawer).findByRole("region", { name: "API Tokens" });
    const list = await within(section).findByRole("list", { name: "API tokens" });
    const [jenkins, second] = within(list).getAllByRole("listitem");
    expect(jenkins).toHaveTextContent("Jenkins rmp_Zz1abc…");
    expect(jenkins).toHaveTextContent("runs:upload · expires");
    expect(jenkins).not.toHaveTextContent("last used never");
    expect(within(jenkins!).getByText("active")).toHaveClass("text-success");
    expect(second).toHaveTextContent("last used never · by ada@example.com");
  });

  it("shows a new token's secret once, with how CI uses it, and lists the token without it", async () => {
    const fetchMock = stubServer("admin");
    const { user, drawer } = await openDrawer();
    const section = await within(drawer).findByRole("region", { name: "API Tokens" });
    await user.type(within(section).getByLabelText("Token name"), "GitLab CI");
    await user.selectOptions(within(section).getByLabelText("Expires in"), "30");
    expect(within(section).getByRole("checkbox", { name: /runs:upload/ })).toBeChecked();
    await user.click(within(section).getByRole("button", { name: "Create Token" }));

    const secret = await within(section).findByLabelText("New API token");
    expect(secret).toHaveValue(SECRET);
    expect(within(section).getByRole("status")).toHaveTextContent("it is shown only once");
    expect(within(section).getByRole("status")).toHaveTextContent("RAMPART_TOKEN");
    const sent = fetchMock.mock.calls.find(([url, init]) => url === TOKENS_URL && init?.method === "POST");
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      name: "GitLab CI",
      scopes: ["runs:upload"],
      expiresInDays: 30,
    });
    const list = within(section).getByRole("list", { name: "API tokens" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(list).toHaveTextContent("GitLab CI");
    expect(list).not.toHaveTextContent(SECRET);
    expect(within(section).getByLabelText("Token name")).toHaveValue("");

    await user.click(within(section).getByRole("button", { name: "Done" }));
    expect(within(section).queryByLabelText("New API token")).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);

    // Shown once: opening the drawer again does not bring it back.
    cleanup();
    const reopened = await openDrawer();
    await within(reopened.drawer).findByRole("list", { name: "API tokens" });
    expect(within(reopened.drawer).queryByLabelText("New API token")).not.toBeInTheDocument();
  });

  it("revokes a token", async () => {
    const fetchMock = stubServer("admin");
    const { user, drawer } = await openDrawer();
    const section = await within(drawer).findByRole("region", { name: "API Tokens" });
    await user.click(await within(section).findByRole("button", { name: "Revoke Jenkins" }));
    await waitFor(() => expect(within(section).getAllByRole("listitem")[0]).toHaveTextContent("revoked"));
    expect(within(section).queryByRole("button", { name: "Revoke Jenkins" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });

  it("says why a token could not be created, and shows no secret", async () => {
    const reason = "This organization already has 50 active API tokens, the most allowed: revoke one first";
    stubServer("admin", { status: 409, body: { error: reason, code: "conflict" } });
    const { user, drawer } = await openDrawer();
    const section = await within(drawer).findByRole("region", { name: "API Tokens" });
    await user.type(within(section).getByLabelText("Token name"), "One too many");
    await user.click(within(section).getByRole("button", { name: "Create Token" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(reason);
    expect(within(section).queryByLabelText("New API token")).not.toBeInTheDocument();
  });

  it("is not shown to members or auditors, who fetch no tokens", async () => {
    for (const role of ["member", "auditor"]) {
      const fetchMock = stubServer(role);
      const { drawer } = await openDrawer();
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/tenants/${ACME}`)).toBe(true),
      );
      expect(within(drawer).queryByRole("region", { name: "API Tokens" })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith(TOKENS_URL))).toBe(false);
      cleanup();
    }
  });
});
