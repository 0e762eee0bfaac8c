import type { RunDetail } from "@rampart/contracts/runs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  TENANT_ID,
  testArtifact,
  testFinding,
  testHash,
  testRepository,
  testRun,
  testRunsPage,
} from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { RunsPage } from "./runs-page";

const RUNS = `/api/tenants/${TENANT_ID}/runs`;
const NARRATIVE = `/api/tenants/${TENANT_ID}/narratives/runs`;
const narrative = (summary: string, trend: "down" | "stable", source = "templates") => ({
  body: { summary, confidence: 85, trend, source },
});

function stubRuns(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    [`GET /api/tenants/${TENANT_ID}/repositories`]: { body: [testRepository()] },
    ...routes,
  });
}

describe("RunsPage", () => {
  it("shows each run's own status and appends the next page with the cursor on Load More", async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) =>
      testRun({ status: index === 0 ? "fail" : "pass", triggeredBy: index === 0 ? "pr:7" : "manual" }),
    );
    const secondPage = [testRun({ status: "skip", repo: "acme/last-one" })];
    const fetchMock = stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage(firstPage, "c1") },
      [`GET ${RUNS}?status=all&dateRange=all&limit=50&cursor=c1`]: {
        body: testRunsPage(secondPage, null),
      },
      [`GET ${NARRATIVE}?status=all&dateRange=all`]: narrative(
        "1 policy run match: 0 passed, 1 failed.",
        "stable",
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    const list = await screen.findByRole("list", { name: "Policy runs" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(50);
    expect(items[0]).toHaveTextContent("PR #7: Policy Evaluation");
    expect(items[0]).toHaveTextContent("Failed");
    expect(items[1]).toHaveTextContent("Manual Policy Run");
    expect(items[1]).toHaveTextContent("Passed");
    expect(items[1]).toHaveTextContent("hash feedfacecafe");
    expect(await screen.findByText(/Confidence/)).toHaveTextContent("85%");

    await user.click(screen.getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(51));
    expect(within(list).getAllByRole("listitem")[50]).toHaveTextContent("Skipped");
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("cursor=c1"))).toBe(true);
    // Fifty cards take jsdom close to the default 5 s on a busy machine.
  }, 15_000);

  it("shows the server's narrator summary, who wrote it, and how many runs are shown", async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) =>
      testRun({ status: index === 0 ? "fail" : "pass" }),
    );
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: {
        body: testRunsPage(firstPage, "c1", { total: 212, pass: 180, fail: 30, skip: 2 }),
      },
      [`GET ${NARRATIVE}?status=all&dateRange=all`]: narrative(
        "212 policy runs match: 180 passed, 30 failed, 2 skipped; failures are piling up, review the failed runs first.",
        "down",
        "gpt-test",
      ),
    });
    renderWithProviders(<RunsPage />, { path: "/runs" });
    expect(
      await screen.findByText(
        "212 policy runs match: 180 passed, 30 failed, 2 skipped; failures are piling up, review the failed runs first.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Trend: down" })).toBeInTheDocument();
    expect(screen.getByText("Written by gpt-test")).toBeInTheDocument();
    expect(await screen.findByText("Showing 50 of 212")).toBeInTheDocument();
  });

  it("honours ?control= with a removable chip and narrates many failures as a downward trend", async () => {
    const failing = Array.from({ length: 4 }, () => testRun({ status: "fail" }));
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&control=IAC-ENC-01&limit=50`]: {
        body: testRunsPage(failing, null),
      },
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([], null) },
      [`GET ${NARRATIVE}?status=all&dateRange=all&control=IAC-ENC-01`]: narrative(
        "4 policy runs match: 0 passed, 4 failed; failures are piling up, review the failed runs first.",
        "down",
      ),
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<RunsPage />, { path: "/runs?control=IAC-ENC-01" });
    expect(await screen.findByText("Control IAC-ENC-01")).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Trend: down" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove control filter IAC-ENC-01" }));
    expect(location.history.at(-1)).toBe("/runs");
  });

  it("opens the drawer of the run named by ?run= (linked from the evidence ledger)", async () => {
    const run = testRun({ status: "pass" });
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([run], null) },
      [`GET /api/runs/${run.id}`]: {
        body: { run, findings: [], analyzers: [], waivers: [], prSuggestions: [], evidenceArtifacts: [] },
      },
    });
    renderWithProviders(<RunsPage />, { path: `/runs?run=${run.id}` });
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("No failed checks in this run.")).toBeInTheDocument();
  });

  it("marks the finding named by &finding= in the run's drawer (the advisor's citations)", async () => {
    const run = testRun({ status: "fail" });
    const cited = testFinding({ id: "20000000-0000-4000-8000-000000000001", message: "Cited bucket" });
    const other = testFinding({ id: "20000000-0000-4000-8000-000000000002", message: "Other bucket" });
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([run], null) },
      [`GET /api/runs/${run.id}`]: {
        body: {
          run,
          findings: [other, cited],
          analyzers: [],
          waivers: [],
          prSuggestions: [],
          evidenceArtifacts: [],
        },
      },
    });
    renderWithProviders(<RunsPage />, { path: `/runs?run=${run.id}&finding=${cited.id}` });
    const drawer = await screen.findByRole("dialog");
    const item = (await within(drawer).findByText("Cited bucket")).closest("li");
    expect(item).toHaveAttribute("aria-current", "true");
    expect(within(drawer).getByText("Other bucket").closest("li")).not.toHaveAttribute("aria-current");
  });

  it("explains a scan that failed or was skipped, in the list and in its drawer", async () => {
    const failed = testRun({
      status: "fail",
      repo: "acme/web",
      commitSha: "",
      filesScanned: 0,
      reason: {
        code: "auth_required",
        message:
          "The repository could not be fetched: authentication required (add an access token with read access to the repository)",
      },
    });
    const skipped = testRun({
      status: "skip",
      triggeredBy: "schedule",
      filesScanned: 0,
      commitSha: "",
      reason: { code: "quota", message: "Skipped: this organization already had 10 scans queued or running" },
    });
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: {
        body: { runs: [failed, skipped], nextCursor: null },
      },
      [`GET /api/runs/${failed.id}`]: {
        body: {
          run: failed,
          findings: [],
          analyzers: [],
          waivers: [],
          prSuggestions: [],
          evidenceArtifacts: [testArtifact(7, { runId: failed.id })],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    const list = await screen.findByRole("list", { name: "Policy runs" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent("Scan failed: Authentication required");
    expect(first).toHaveTextContent("add an access token with read access");
    expect(first).not.toHaveTextContent("0 files");
    expect(second).toHaveTextContent("Scan skipped: Scan quota reached");
    expect(second).toHaveTextContent("Skipped");

    await user.click(within(first!).getByRole("button"));
    const drawer = await screen.findByRole("dialog");
    const why = await within(drawer).findByRole("region", { name: "Why nothing was scanned" });
    expect(why).toHaveTextContent("Scan failed: Authentication required");
    expect(why).toHaveTextContent(failed.reason!.message);
    expect(within(drawer).getByText("Nothing was scanned")).toBeInTheDocument();
    // nothing was measured either
    expect(within(drawer).queryByText(/Peak memory/)).not.toBeInTheDocument();
    expect(within(drawer).getByText(/^acme\/web · \w/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole("tab", { name: "Artifacts" }));
    expect(await within(drawer).findByText("#7 run")).toBeInTheDocument();
  });

  it("shows the runs error panel", async () => {
    stubRuns({ [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { status: 500, body: "" } });
    renderWithProviders(<RunsPage />, { path: "/runs" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load Runs");
    expect(alert).toHaveTextContent(
      "Unable to retrieve policy runs. Please check your connection and try again.",
    );
  });

  it("opens the run drawer with failed, waived and passed findings and the analyzers", async () => {
    const run = testRun({ status: "fail", peakMemoryBytes: 312 * 1024 * 1024 });
    const detail: RunDetail = {
      run,
      findings: [
        testFinding({ filePath: "infra/main.tf", line: 4, message: "Open ingress" }),
        testFinding({
          message: "Legacy bucket",
          waived: true,
          metadata: { waiverId: "99999999-0000-4000-8000-000000000001" },
        }),
        ...["A-1", "A-2", "A-3", "A-4", "A-5", "A-6", "A-7"].map((code) =>
          testFinding({ status: "pass", controlId: code }),
        ),
        // A passed check of a control that also fails in the run: the control did not pass.
        testFinding({ status: "pass", controlId: "IAC-ENC-01" }),
        // A rule evidencing two controls passes both.
        testFinding({ status: "pass", controlId: "A-1", metadata: { controls: ["A-1", "B-9"] } }),
      ],
      analyzers: [
        {
          analyzer: "terraform",
          status: "partial",
          filesAnalyzed: 12,
          skipped: [{ path: "bad.tf", reason: "parse error" }],
        },
        {
          analyzer: "sast",
          status: "not-run",
          filesAnalyzed: 0,
          skipped: [],
          reason: "not named by --analyzers",
        },
      ],
      waivers: [
        {
          id: "99999999-0000-4000-8000-000000000001",
          scope: "fingerprint",
          ruleId: "r",
          pathPattern: null,
          fingerprint: "fp",
          reason: "Sandbox only",
          author: "ada@example.com",
          expiresAt: null,
          revokedAt: null,
          pending: false,
          approvedBy: null,
          createdAt: "2025-06-01T00:00:00.000Z",
        },
      ],
      prSuggestions: [
        {
          id: "cccccccc-0000-4000-8000-000000000001",
          branchName: "security/fix/open-ingress-3",
          number: 3,
          title: "Close the open ingress",
          repo: "acme/payments-api",
          url: null,
          state: "open",
          merged: false,
          accepted: false,
          createdAt: "2025-06-01T00:00:00.000Z",
          aiExplainer: "Restricts the rule to the office range.",
          testsAdded: false,
          kind: "iac",
          findingId: null,
          runId: run.id,
        },
      ],
      evidenceArtifacts: [
        testArtifact(4, { runId: run.id }),
        testArtifact(5, { runId: run.id, artifactType: "fix_pr" }),
      ],
    };
    const revoked: string[] = [];
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([run], null) },
      [`GET /api/runs/${run.id}`]: { body: detail },
      [`DELETE /api/tenants/${TENANT_ID}/waivers/99999999-0000-4000-8000-000000000001`]: (request) => {
        revoked.push(request.url);
        return { body: { ...detail.waivers[0], revokedAt: "2025-06-02T00:00:00.000Z" } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.click(await screen.findByRole("button", { name: /Manual Policy Run/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("infra/main.tf:4")).toBeInTheDocument();
    // The open failures, as the run counts them: the waived one stays listed but is not counted.
    expect(within(drawer).getByRole("heading", { name: "Failed (1)" })).toBeInTheDocument();
    expect(within(drawer).getByRole("heading", { name: "Passed controls (8)" })).toBeInTheDocument();
    expect(within(drawer).getByText("Peak memory: 312 MB")).toBeInTheDocument();
    expect(within(drawer).getByText("Sandbox only")).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: "Revoke waiver" }));
    await waitFor(() => expect(revoked).toHaveLength(1));
    expect(within(drawer).getByText("+3 more")).toBeInTheDocument();
    await user.click(within(drawer).getByRole("tab", { name: "Artifacts" }));
    expect(await within(drawer).findByText("parse error")).toBeInTheDocument();
    expect(within(drawer).getByText("partial")).toBeInTheDocument();
    // An analyzer left out on purpose is not a failure, and says why.
    expect(within(drawer).getByText("not-run")).toBeInTheDocument();
    expect(within(drawer).getByText("not run: not named by --analyzers")).toBeInTheDocument();
    const ledger = within(drawer).getByRole("region", { name: "Evidence ledger entries" });
    expect(within(ledger).getByText("#4 run")).toBeInTheDocument();
    expect(within(ledger).getByText("#5 fix pr")).toBeInTheDocument();
    expect(
      within(ledger).getByText(
        `hash ${testHash("h5").slice(0, 16)} · previous ${testHash("h4").slice(0, 16)}`,
      ),
    ).toBeInTheDocument();
    const prs = within(drawer).getByRole("region", { name: "Fix pull requests" });
    expect(within(prs).getByText("Close the open ingress")).toBeInTheDocument();
    expect(within(prs).getByText("#3 · security/fix/open-ingress-3")).toBeInTheDocument();
  });

  it("adds a repository", async () => {
    const fetchMock = stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([], null) },
      [`POST /api/tenants/${TENANT_ID}/repositories`]: {
        status: 201,
        body: testRepository({ name: "acme/new" }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.type(
      await screen.findByLabelText("Repository URL or path"),
      "https://github.com/acme/new.git",
    );
    await user.click(screen.getByRole("button", { name: "Add Repository" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ location: "https://github.com/acme/new.git" });
    expect(screen.getByRole("button", { name: "Remove acme/payments-api" })).toBeInTheDocument();
  });

  it("sends an access token once, as the write-only credential", async () => {
    const fetchMock = stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: testRunsPage([], null) },
      [`POST /api/tenants/${TENANT_ID}/repositories`]: {
        status: 201,
        body: testRepository({ name: "acme/private", hasCredential: true }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.type(
      await screen.findByLabelText("Repository URL or path"),
      "https://github.com/acme/private.git",
    );
    const token = screen.getByLabelText("Access token (optional)");
    expect(token).toHaveAttribute("type", "password");
    await user.type(token, "ghp_secret");
    await user.click(screen.getByRole("button", { name: "Add Repository" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      location: "https://github.com/acme/private.git",
      credential: { token: "ghp_secret" },
    });
    await waitFor(() => expect(token).toHaveValue(""));
  });

  it("scans one repository from its card, remembering it as the scan button's choice", async () => {
    const broken = testRepository({ id: "aaaaaaaa-0000-4000-8000-0000000000b1", name: "acme/broken" });
    const good = testRepository({ id: "aaaaaaaa-0000-4000-8000-0000000000b2", name: "acme/good" });
    const triggered: unknown[] = [];
    let runsFetched = 0;
    stubRuns({
      [`GET /api/tenants/${TENANT_ID}/repositories`]: { body: [broken, good] },
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: () => {
        runsFetched += 1;
        return { body: { runs: [], nextCursor: null } };
      },
      "POST /api/runs/trigger": ({ body }) => {
        triggered.push(body);
        return {
          body: { scanId: "s1", state: "completed", runId: "r", filesScanned: 9, failed: 2, error: null },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.click(await screen.findByRole("button", { name: "Scan acme/good" }));
    expect(
      await screen.findByText("Scanned 9 files. Found 2 issues.", { selector: "li *" }),
    ).toBeInTheDocument();
    expect(triggered).toEqual([{ tenantId: TENANT_ID, repo: good.id }]);
    expect(window.localStorage.getItem(`scan-repository:${TENANT_ID}`)).toBe(good.id);
    await waitFor(() => expect(runsFetched).toBeGreaterThan(1));
  });

  it("hides the scan and rename buttons from an auditor", async () => {
    stubRuns({
      [`GET /api/tenants/${TENANT_ID}`]: {
        body: testTenant({ id: TENANT_ID, name: "Acme Corp", role: "auditor" }),
      },
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: { runs: [], nextCursor: null } },
    });
    renderWithProviders(<RunsPage />, { path: "/runs" });
    const list = await screen.findByRole("list", { name: "Repositories" });
    expect(within(list).getByText("acme/payments-api")).toBeInTheDocument();
    expect(within(list).queryByRole("button")).not.toBeInTheDocument();
  });

  it("renames a repository in place", async () => {
    let name = "repos/payments-api";
    const patched: unknown[] = [];
    stubRuns({
      [`GET /api/tenants/${TENANT_ID}/repositories`]: () => ({ body: [testRepository({ name })] }),
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: { runs: [], nextCursor: null } },
      [`PATCH /api/tenants/${TENANT_ID}/repositories/${testRepository().id}`]: ({ body }) => {
        patched.push(body);
        name = (body as { name: string }).name;
        return { body: testRepository({ name }) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.click(await screen.findByRole("button", { name: "Rename repos/payments-api" }));
    const input = screen.getByRole("textbox", { name: "New name for repos/payments-api" });
    await user.clear(input);
    await user.type(input, "payments-api{Enter}");
    expect(await screen.findByText("Repository Renamed")).toBeInTheDocument();
    expect(patched).toEqual([{ name: "payments-api" }]);
    const list = screen.getByRole("list", { name: "Repositories" });
    expect(await within(list).findByText("payments-api")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /New name/ })).not.toBeInTheDocument();
  });

  it("reports a rename the server refuses, and keeps the form", async () => {
    stubRuns({
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: { body: { runs: [], nextCursor: null } },
      [`PATCH /api/tenants/${TENANT_ID}/repositories/${testRepository().id}`]: {
        status: 409,
        body: {
          error: "A repository with this name already exists in this organization, or was removed under it",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.click(await screen.findByRole("button", { name: "Rename acme/payments-api" }));
    const input = screen.getByRole("textbox", { name: "New name for acme/payments-api" });
    await user.clear(input);
    await user.type(input, "acme/taken");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Rename Failed")).toBeInTheDocument();
    expect(screen.getByText(/already exists in this organization/, { selector: "li *" })).toBeInTheDocument();
    expect(input).toHaveValue("acme/taken");
  });

  it("removes a repository and refreshes the runs and the list", async () => {
    let removed = false;
    let runsFetched = 0;
    const repository = testRepository();
    const fetchMock = stubRuns({
      [`GET /api/tenants/${TENANT_ID}/repositories`]: () => ({ body: removed ? [] : [repository] }),
      [`GET ${RUNS}?status=all&dateRange=all&limit=50`]: () => {
        runsFetched += 1;
        return { body: testRunsPage([testRun()], null) };
      },
      [`DELETE /api/tenants/${TENANT_ID}/repositories/${repository.id}`]: () => {
        removed = true;
        return { body: { deleted: true } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RunsPage />, { path: "/runs" });
    await user.click(await screen.findByRole("button", { name: "Remove acme/payments-api" }));
    expect(await screen.findByText("Repository Removed")).toBeInTheDocument();
    expect(
      screen.getByText("The repository is no longer scanned or counted in the posture; its past runs stay."),
    ).toBeInTheDocument();
    expect(await screen.findByText("No repositories yet.")).toBeInTheDocument();
    await waitFor(() => expect(runsFetched).toBe(2));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  });
});
