import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { renderWithProviders, stubFetch } from "../../test/render";
import { MEMBER, sessionRoutes, testEvidenceRequest, testSubmission } from "./compliance-fixtures";
import { CompliancePage } from "./compliance-page";

const REQUESTS = `/api/tenants/${TENANT_ID}/evidence-requests`;

describe("Evidence requests tab", () => {
  it("lists requests, filters them by state and 'mine', and heads the tab with the reminders", async () => {
    const overdue = testEvidenceRequest({ title: "Security training records", overdue: true });
    const accepted = testEvidenceRequest({
      title: "Vendor review",
      state: "accepted",
      atRisk: true,
      owner: MEMBER,
    });
    const fetchMock = stubFetch({
      ...sessionRoutes("member"),
      [`GET /api/tenants/${TENANT_ID}/evidence-reminders`]: {
        body: { overdue: [overdue], atRisk: [accepted] },
      },
      [`GET ${REQUESTS}`]: { body: { requests: [overdue, accepted] } },
      [`GET ${REQUESTS}?state=accepted`]: { body: { requests: [accepted] } },
      [`GET ${REQUESTS}?state=accepted&mine=true`]: { body: { requests: [] } },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/evidence" });
    const table = await screen.findByRole("table", { name: "Evidence requests" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Security training records");
    expect(rows[1]).toHaveTextContent("Overdue");
    expect(rows[2]).toHaveTextContent("At risk");
    expect(rows[2]).toHaveTextContent(MEMBER.email);
    expect(within(rows[1]!).getByRole("link", { name: "Security training records" })).toHaveAttribute(
      "href",
      `/compliance/evidence/${overdue.id}`,
    );
    const banner = await screen.findByRole("region", { name: "Evidence reminders" });
    expect(banner).toHaveTextContent("1 overdue and 1 at-risk evidence requests need attention.");
    // Members neither request evidence nor review it.
    expect(screen.queryByRole("button", { name: "Request evidence" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Accepted" }));
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2));
    await userEvent.click(screen.getByLabelText("Only mine"));
    expect(await screen.findByText("No request matches these filters.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `${REQUESTS}?state=accepted&mine=true`,
    );
  });

  it("explains a failed load", async () => {
    stubFetch({ ...sessionRoutes("admin"), [`GET ${REQUESTS}`]: { status: 500, body: "" } });
    renderWithProviders(<CompliancePage />, { path: "/compliance/evidence" });
    expect(
      await screen.findByText("Failed to load evidence requests. Please try refreshing the page."),
    ).toBeInTheDocument();
  });

  it("lets an auditor request evidence", async () => {
    let sent: unknown = null;
    stubFetch({
      ...sessionRoutes("auditor"),
      [`GET ${REQUESTS}`]: { body: { requests: [] } },
      [`POST ${REQUESTS}`]: ({ body }) => {
        sent = body;
        return { status: 201, body: testEvidenceRequest({ source: "auditor" }) };
      },
    });
    renderWithProviders(<CompliancePage />, { path: "/compliance/evidence" });
    await userEvent.click(await screen.findByRole("button", { name: "Request evidence" }));
    const form = screen.getByRole("form", { name: "Request evidence" });
    await userEvent.type(within(form).getByLabelText("Control code"), "ORG-CHANGE-01");
    await userEvent.type(within(form).getByLabelText("Title"), "Change approvals for Q3");
    await userEvent.selectOptions(within(form).getByLabelText("Cadence"), "quarterly");
    fireEvent.change(within(form).getByLabelText("Due date"), { target: { value: "2026-12-15" } });
    await userEvent.click(within(form).getByRole("button", { name: "Send request" }));
    await waitFor(() =>
      expect(sent).toEqual({
        controlCode: "ORG-CHANGE-01",
        title: "Change approvals for Q3",
        description: "",
        kind: "document",
        cadence: "quarterly",
        dueAt: "2026-12-15T23:59:59.999Z",
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Request evidence" })).not.toBeInTheDocument(),
    );
  });

  it("shows an auditor the request read-only, except the thread they comment in", async () => {
    const request = testEvidenceRequest({ state: "submitted", commentCount: 1 });
    const submission = testSubmission();
    let comment: unknown = null;
    stubFetch({
      ...sessionRoutes("auditor"),
      [`GET ${REQUESTS}/${request.id}`]: {
        body: {
          request,
          submissions: [submission],
          comments: [
            {
              id: "c0000000-0000-4000-8000-000000000001",
              author: MEMBER,
              authorRole: "member",
              body: "Uploaded the export from the IdP.",
              createdAt: "2026-11-02T10:05:00.000Z",
            },
          ],
        },
      },
      [`POST ${REQUESTS}/${request.id}/comments`]: ({ body }) => {
        comment = body;
        return { status: 201, body: {} };
      },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/evidence/${request.id}` });
    expect(await screen.findByText("Uploaded the export from the IdP.")).toBeInTheDocument();
    const submissions = screen.getByRole("table", { name: "Submissions" });
    expect(within(submissions).getByRole("link", { name: "access-review.pdf" })).toHaveAttribute(
      "href",
      `${REQUESTS}/${request.id}/submissions/${submission.id}/file`,
    );
    expect(within(submissions).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Upload evidence" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Owner and due date" })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Your comment"), "Which IdP groups does the export cover?");
    await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(comment).toEqual({ body: "Which IdP groups does the export cover?" }));
  });

  it("lets an admin upload (showing the server's refusal), accept and reject with a reason", async () => {
    const request = testEvidenceRequest({ state: "submitted" });
    const first = testSubmission();
    const second = testSubmission({ fileName: "screenshot.png" });
    const reviews: unknown[] = [];
    const uploads: string[] = [];
    const fetchMock = stubFetch({
      ...sessionRoutes("admin"),
      [`GET /api/tenants/${TENANT_ID}/members`]: { body: [] },
      [`GET ${REQUESTS}/${request.id}`]: { body: { request, submissions: [first, second], comments: [] } },
      [`POST ${REQUESTS}/${request.id}/submissions?fileName=setup.exe&note=installer`]: () => {
        uploads.push("setup.exe");
        return { status: 415, body: { error: "Executables cannot be evidence." } };
      },
      [`POST ${REQUESTS}/${request.id}/submissions?fileName=huge.pdf`]: () => {
        uploads.push("huge.pdf");
        return { status: 413, body: "" };
      },
      [`POST ${REQUESTS}/${request.id}/submissions/${first.id}/review`]: ({ body }) => {
        reviews.push(body);
        return { body: { ...first, review: "accepted" } };
      },
      [`POST ${REQUESTS}/${request.id}/submissions/${second.id}/review`]: ({ body }) => {
        reviews.push(body);
        return { body: { ...second, review: "rejected" } };
      },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/evidence/${request.id}` });
    const upload = await screen.findByRole("form", { name: "Upload evidence" });
    await userEvent.upload(
      within(upload).getByLabelText("File"),
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
    );
    await userEvent.type(within(upload).getByLabelText("Note"), "installer");
    await userEvent.click(within(upload).getByRole("button", { name: "Upload" }));
    expect(await within(upload).findByRole("alert")).toHaveTextContent("Executables cannot be evidence.");
    await userEvent.upload(
      within(upload).getByLabelText("File"),
      new File(["%PDF-"], "huge.pdf", { type: "application/pdf" }),
    );
    await userEvent.clear(within(upload).getByLabelText("Note"));
    await userEvent.click(within(upload).getByRole("button", { name: "Upload" }));
    expect(await within(upload).findByRole("alert")).toHaveTextContent("The file is too large to upload.");
    expect(uploads).toEqual(["setup.exe", "huge.pdf"]);
    // The file itself is the body, with its own type: no JSON, no multipart.
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes("fileName=huge.pdf"))?.[1];
    expect(sent?.headers).toEqual({ "Content-Type": "application/pdf" });
    expect(sent?.body).toBeInstanceOf(File);

    const rows = within(screen.getByRole("table", { name: "Submissions" })).getAllByRole("row");
    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Accept" }));
    await userEvent.click(within(rows[2]!).getByRole("button", { name: "Reject" }));
    await userEvent.type(within(rows[2]!).getByLabelText("Reason for rejecting"), "Screenshot is cut off");
    await userEvent.click(within(rows[2]!).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(reviews).toEqual([
        { decision: "accept" },
        { decision: "reject", reason: "Screenshot is cut off" },
      ]),
    );
  });

  it("lets a member generate a record, and change the owner and due date", async () => {
    const request = testEvidenceRequest({ kind: "record", record: "access-review" });
    const calls: string[] = [];
    let patch: unknown = null;
    stubFetch({
      ...sessionRoutes("member"),
      [`GET /api/tenants/${TENANT_ID}/members`]: {
        body: [
          {
            userId: MEMBER.id,
            email: MEMBER.email,
            name: "Grace",
            role: "member",
            joinedAt: "2026-01-01T00:00:00.000Z",
          },
        ],
      },
      [`GET ${REQUESTS}/${request.id}`]: { body: { request, submissions: [], comments: [] } },
      [`POST ${REQUESTS}/${request.id}/record`]: () => {
        calls.push("record");
        return { status: 201, body: testSubmission() };
      },
      [`PATCH ${REQUESTS}/${request.id}`]: ({ body }) => {
        patch = body;
        return { body: request };
      },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/evidence/${request.id}` });
    await userEvent.click(await screen.findByRole("button", { name: "Generate record" }));
    await waitFor(() => expect(calls).toEqual(["record"]));
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Owner and due date" });
    await within(form).findByRole("option", { name: MEMBER.email });
    await userEvent.selectOptions(within(form).getByLabelText("Owner"), MEMBER.id);
    fireEvent.change(within(form).getByLabelText("Due date"), { target: { value: "2027-01-15" } });
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patch).toEqual({ ownerId: MEMBER.id, dueAt: "2027-01-15T23:59:59.999Z" }));
  });

  it("says so when the request does not exist in this organization", async () => {
    stubFetch({
      ...sessionRoutes("member"),
      [`GET ${REQUESTS}/99999999-0000-4000-8000-000000000000`]: { status: 404, body: { error: "Not found" } },
    });
    renderWithProviders(<CompliancePage />, {
      path: "/compliance/evidence/99999999-0000-4000-8000-000000000000",
    });
    expect(
      await screen.findByText("This evidence request does not exist in this organization."),
    ).toBeInTheDocument();
  });

  it("tells an auditor, who sees accepted evidence only, that none is accepted yet", async () => {
    const request = testEvidenceRequest({ state: "submitted" });
    stubFetch({
      ...sessionRoutes("auditor"),
      [`GET ${REQUESTS}/${request.id}`]: { body: { request, submissions: [], comments: [] } },
    });
    renderWithProviders(<CompliancePage />, { path: `/compliance/evidence/${request.id}` });
    expect(await screen.findByText("No accepted evidence yet.")).toBeInTheDocument();
    expect(screen.queryByText("Nothing submitted yet.")).not.toBeInTheDocument();
  });
});
