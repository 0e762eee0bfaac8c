import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch } from "../../test/render";
import { MEMBER, sessionRoutes, testPolicy, testPolicyDetail } from "./compliance-fixtures";
import { CompliancePage } from "./compliance-page";

const POLICIES = `/api/tenants/${TENANT_ID}/policies`;
const TEMPLATES = [
  {
    key: "access-control",
    title: "Access Control Policy",
    description: "Who gets access and how it is reviewed.",
    controls: ["ORG-POLICY-ACCESS"],
  },
  {
    key: "incident-response",
    title: "Incident Response Policy",
    description: "How incidents are handled.",
    controls: ["ORG-POLICY-IR"],
  },
];

describe("Policies tab", () => {
  it("lists policies with the version in force and acknowledgements, and adopts a template", async () => {
    const adopted = testPolicy({ currentVersion: 1, acknowledged: 1, members: 3, acknowledgedByMe: true });
    let adoptBody: unknown = null;
    stubFetch({
      ...sessionRoutes("admin"),
      [`GET ${POLICIES}`]: { body: [adopted] },
      "GET /api/policy-templates": { body: TEMPLATES },
      [`POST ${POLICIES}`]: ({ body }) => {
        adoptBody = body;
        return { status: 201, body: testPolicy({ key: "incident-response" }) };
      },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/policies" });
    const rows = within(await screen.findByRole("table", { name: "Policies" })).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Access Control Policy");
    expect(rows[1]).toHaveTextContent("Acknowledged");
    expect(rows[1]).toHaveTextContent("Version 1");
    expect(rows[1]).toHaveTextContent("1 of 3");
    expect(within(rows[1]!).getByRole("link", { name: "Access Control Policy" })).toHaveAttribute(
      "href",
      `/compliance/policies/${adopted.id}`,
    );
    const templates = await screen.findByRole("list", { name: "Policy templates" });
    expect(within(templates).getAllByRole("listitem")[0]).toHaveTextContent("Adopted");
    await userEvent.click(within(templates).getByRole("button", { name: "Adopt Incident Response Policy" }));
    await waitFor(() => expect(adoptBody).toEqual({ templateKey: "incident-response" }));
  });

  it("shows an auditor the policies without templates or adopting", async () => {
    stubFetch({
      ...sessionRoutes("auditor"),
      [`GET ${POLICIES}`]: { body: [testPolicy({ currentVersion: 1 })] },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/policies" });
    expect(await screen.findByRole("table", { name: "Policies" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Policy templates" })).not.toBeInTheDocument();
  });

  it("explains a failed load", async () => {
    stubFetch({
      ...sessionRoutes("member"),
      [`GET ${POLICIES}`]: { status: 500, body: "" },
      "GET /api/policy-templates": { body: TEMPLATES },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/policies" });
    expect(
      await screen.findByText("Failed to load policies. Please try refreshing the page."),
    ).toBeInTheDocument();
  });

  it("renders the Markdown without raw HTML, lets an admin approve and draft a new version", async () => {
    const policy = testPolicy();
    const detail = testPolicyDetail(policy, false);
    const calls: { url: string; body: unknown }[] = [];
    const record = ({ url, body }: { url: string; body: unknown }) => {
      calls.push({ url, body });
      return { status: 201, body: {} };
    };
    stubFetch({
      ...sessionRoutes("admin"),
      [`GET ${POLICIES}/${policy.id}`]: { body: detail },
      [`POST ${POLICIES}/${policy.id}/versions/1/approve`]: record,
      [`POST ${POLICIES}/${policy.id}/versions`]: record,
    });
    const { container } = renderWithProviders(<CompliancePage />, {
      path: `/compliance/policies/${policy.id}`,
    });
    const article = await screen.findByRole("article", { name: "Version 1" });
    expect(within(article).getByRole("heading", { name: "Access Control" })).toBeInTheDocument();
    expect(within(article).getByText("least privilege").tagName).toBe("STRONG");
    expect(container.querySelector("script")).toBeNull();
    expect(article).toHaveTextContent("(draft)");
    // Nothing is in force yet: nothing to acknowledge.
    expect(screen.queryByRole("button", { name: /Acknowledge/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Approve version 1" }));
    await userEvent.click(screen.getByRole("button", { name: "New version" }));
    const editor = screen.getByRole("form", { name: "New version" });
    const text = within(editor).getByLabelText("Policy text (Markdown)");
    expect(text).toHaveValue(detail.versions[0]!.body);
    await userEvent.clear(text);
    await userEvent.type(text, "# Access Control v2");
    await userEvent.click(within(editor).getByRole("button", { name: "Save draft" }));
    await waitFor(() =>
      expect(calls).toEqual([
        { url: `${POLICIES}/${policy.id}/versions/1/approve`, body: undefined },
        { url: `${POLICIES}/${policy.id}/versions`, body: { body: "# Access Control v2" } },
      ]),
    );
  });

  it("lets a member acknowledge the version in force, then shows 'Acknowledged'", async () => {
    let acknowledged = false;
    const policyBefore = testPolicy({ currentVersion: 1 });
    stubFetch({
      ...sessionRoutes("member"),
      [`GET ${POLICIES}/${policyBefore.id}`]: () => ({
        body: testPolicyDetail(
          acknowledged ? { ...policyBefore, acknowledged: 1, acknowledgedByMe: true } : policyBefore,
          true,
        ),
      }),
      [`POST ${POLICIES}/${policyBefore.id}/versions/1/acknowledge`]: () => {
        acknowledged = true;
        return {
          status: 201,
          body: { user: MEMBER, version: 1, acknowledgedAt: "2026-11-03T00:00:00.000Z" },
        };
      },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/policies/${policyBefore.id}` });
    expect(await screen.findByText("Version 1 in force")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve version 1" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Acknowledge version 1" }));
    expect(await screen.findByText("Acknowledged", { selector: "span" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Acknowledge version 1" })).not.toBeInTheDocument();
  });

  it("shows an auditor the policy without acknowledging, approving or drafting", async () => {
    const policy = testPolicy({ currentVersion: 1 });
    stubFetch({
      ...sessionRoutes("auditor"),
      [`GET ${POLICIES}/${policy.id}`]: { body: testPolicyDetail(policy, true) },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/policies/${policy.id}` });
    expect(await screen.findByRole("article", { name: "Version 1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Acknowledge|Approve|New version/ })).not.toBeInTheDocument();
  });
});
