import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { MembersPage } from "./members-page";

const ACME = TEST_USER.memberships[0]!.tenantId;
const OTHER = "33333333-3333-4333-8333-333333333333";

const members = [
  {
    userId: TEST_USER.id,
    email: TEST_USER.email,
    name: TEST_USER.name,
    role: "admin",
    joinedAt: "2025-03-04T10:00:00.000Z",
  },
  {
    userId: OTHER,
    email: "grace@example.com",
    name: "Grace Hopper",
    role: "member",
    joinedAt: "2025-03-05T10:00:00.000Z",
  },
];

function stubTenant(role: "admin" | "member", extra: Record<string, FetchReply | FetchHandler> = {}) {
  const acme = testTenant({ id: ACME, name: "Acme Corp", role });
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [acme] },
    [`GET /api/tenants/${ACME}`]: { body: acme },
    [`GET /api/tenants/${ACME}/members`]: { body: members },
    [`GET /api/tenants/${ACME}/invitations`]: { body: [] },
    ...extra,
  });
}

const invitation = (email: string) => ({
  id: "44444444-4444-4444-8444-444444444444",
  email,
  role: "auditor",
  status: "pending",
  invitedBy: TEST_USER.email,
  expiresAt: "2025-03-11T10:00:00.000Z",
  createdAt: "2025-03-04T10:00:00.000Z",
});

describe("MembersPage", () => {
  it("lets an admin invite an auditor and shows the link to copy when mail is off", async () => {
    const fetchMock = stubTenant("admin", {
      [`POST /api/tenants/${ACME}/invitations`]: ({ body }) => ({
        status: 201,
        body: {
          invitation: invitation((body as { email: string }).email),
          link: "http://rampart.test/invite/abc",
          mailed: false,
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />, { path: "/members" });
    expect(await screen.findByText("Grace Hopper")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Members of Acme Corp" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "auditor@example.com");
    await user.click(screen.getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Auditor" }));
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByLabelText("Invitation link")).toHaveValue("http://rampart.test/invite/abc");
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: "auditor@example.com", role: "auditor" });
  }, 20_000);

  it("lists the waivers awaiting a second person under four-eyes approval, and approves one", async () => {
    const acme = testTenant({ id: ACME, name: "Acme Corp", role: "member", fourEyesWaivers: true });
    const waiver = (id: string, pending: boolean) => ({
      id,
      scope: "rule-path",
      ruleId: "terraform/public-s3-bucket",
      pathPattern: "infra/**",
      fingerprint: null,
      reason: "public website bucket",
      author: "grace@example.com",
      expiresAt: null,
      revokedAt: null,
      pending,
      approvedBy: null,
      createdAt: "2025-03-06T10:00:00.000Z",
    });
    const waiting = waiver("55555555-5555-4555-8555-555555555555", true);
    const fetchMock = stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [acme] },
      [`GET /api/tenants/${ACME}`]: { body: acme },
      [`GET /api/tenants/${ACME}/members`]: { body: members },
      [`GET /api/tenants/${ACME}/waivers`]: {
        body: [waiting, waiver("66666666-6666-4666-8666-666666666666", false)],
      },
      [`POST /api/tenants/${ACME}/waivers/${waiting.id}/approve`]: {
        body: { ...waiting, pending: false, approvedBy: TEST_USER.email },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />, { path: "/members" });
    expect(await screen.findByText("Waivers awaiting approval")).toBeInTheDocument();
    expect(await screen.findByText("public website bucket")).toBeInTheDocument();
    // Only the pending one is listed.
    expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/waivers/${waiting.id}/approve`) && init?.method === "POST",
      ),
    ).toBe(true);
  });

  it("says the invitation was sent when mail is on", async () => {
    stubTenant("admin", {
      [`POST /api/tenants/${ACME}/invitations`]: {
        status: 201,
        body: {
          invitation: invitation("sent@example.com"),
          link: "http://rampart.test/invite/x",
          mailed: true,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />, { path: "/members" });
    await user.type(await screen.findByLabelText("Email"), "sent@example.com");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Invitation sent to sent@example.com.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Invitation link")).not.toBeInTheDocument();
  });

  it("shows a member the list without admin controls, and the server's reason when leaving fails", async () => {
    stubTenant("member", {
      [`POST /api/tenants/${ACME}/leave`]: {
        status: 409,
        body: {
          error: "The last admin cannot leave or stop being an admin: make another member an admin first",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />, { path: "/members" });
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Grace Hopper")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Invite" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Four-eyes approval of waivers" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Leave organization" }));
    expect(await screen.findByText("Leave failed")).toBeInTheDocument();
  });
});
