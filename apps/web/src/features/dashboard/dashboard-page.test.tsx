import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  TENANT_ID,
  testControlRow,
  testFinding,
  testRepository,
  testRun,
  testSummary,
} from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { DashboardErrorPanel } from "./dashboard-error-panel";
import { DashboardPage } from "./dashboard-page";
import { RecentRunsCard } from "./recent-runs-card";

const ACME = TENANT_ID;
const SUMMARY = `GET /api/tenants/${ACME}/summary?days=7`;

function stubDashboard(
  routes: Record<string, FetchReply | FetchHandler> = {},
  settingsReply: { status?: number; body?: unknown } = {},
) {
  let enabled = false;
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": () => ({
      body: [testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled })],
    }),
    [`GET /api/tenants/${ACME}`]: () => ({
      body: testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled }),
    }),
    [`PATCH /api/tenants/${ACME}/settings`]: ({ body }) => {
      if (settingsReply.status && settingsReply.status >= 400) return settingsReply;
      enabled = (body as { auditorAccessEnabled: boolean }).auditorAccessEnabled;
      return { body: testTenant({ id: ACME, name: "Acme Corp", auditorAccessEnabled: enabled }) };
    },
    [SUMMARY]: { body: testSummary({ hasData: false }) },
    [`GET /api/tenants/${ACME}/repositories`]: { body: [testRepository()] },
    [`GET /api/tenants/${ACME}/risks`]: {
      body: { topRisks: [], totalRisks: 0, avgRiskScore: 0, offset: 0, limit: 5, nextOffset: null },
    },
    [`GET /api/tenants/${ACME}/risk-heatmap`]: { body: { heatmap: [], totalFindings: 0 } },
    ...routes,
  });
}

describe("DashboardPage states", () => {
  it("shows skeletons while the tenant loads, then the auditor card, the scan button and the empty state", async () => {
    stubDashboard();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("heading", { name: "Security Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Real-time compliance and security posture")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Time range" })).toHaveTextContent("Last 7 days");
    expect(await screen.findByText("No Data Available")).toBeInTheDocument();
    expect(
      screen.getByText("No dashboard data found for the selected tenant and time range"),
    ).toBeInTheDocument();
    expect(await screen.findByRole("switch", { name: "Disabled" })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole("button", { name: "Run Policy Scan" })).toBeEnabled());
    expect(await screen.findByText(/Run a policy scan of acme\/payments-api/)).toBeInTheDocument();
  });

  it("shows the non-dismissable 'Generating AI Security Summary' modal during the first load", async () => {
    const fetchMock = stubDashboard();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes("/summary")) return new Promise<Response>(() => {});
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const dialog = await screen.findByRole("dialog", { name: "Generating AI Security Summary" });
    expect(dialog).toHaveTextContent("15-20 seconds");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Generating AI Security Summary" })).toBeInTheDocument();
  });

  it("shows 'Failed to Load Dashboard' with the error when the summary fails", async () => {
    stubDashboard({ [SUMMARY]: { status: 500, body: "boom" } });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load Dashboard");
    expect(alert).toHaveTextContent("500: boom");
  });
});

describe("DashboardPage loaded", () => {
  const failedControl = testControlRow({ code: "IAC-ENC-01", failures: 2, passes: 7 });
  const cleanControl = testControlRow({
    code: "PIPE-PIN-01",
    tags: ["pipeline"],
    failures: 0,
    passes: 4,
    compliance: 100,
  });
  const findings = [
    testFinding({
      id: "10000000-0000-4000-8000-000000000001",
      severity: "critical",
      message: "Public bucket",
    }),
    testFinding({
      id: "10000000-0000-4000-8000-000000000002",
      severity: "high",
      message: "Open security group",
    }),
    testFinding({ id: "10000000-0000-4000-8000-000000000003", severity: "med", message: "Missing logging" }),
  ];
  const loaded = testSummary({
    controlStatus: [failedControl, cleanControl],
    recentRuns: [
      testRun({ triggeredBy: "pr:42", status: "fail", failedCount: 3 }),
      testRun({ triggeredBy: "manual", status: "pass" }),
    ],
    recentFindings: findings,
  });

  it("renders every section in order with data-driven status badges and computed captions", async () => {
    stubDashboard({ [SUMMARY]: { body: loaded } });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByText("Posture is moderate with two critical findings.")).toBeInTheDocument();
    expect(screen.getByText("85%")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Trend: down" })).toBeInTheDocument();
    expect(screen.getByText("72%")).toBeInTheDocument();
    expect(screen.getByText("+4 pts vs previous period")).toBeInTheDocument();
    expect(screen.getByText("-25% vs previous period")).toBeInTheDocument();
    expect(screen.getByText("12 hours")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Posture score over time/ })).toBeInTheDocument();
    expect(screen.getByText("Updated 10 mins ago")).toBeInTheDocument();
    expect(screen.getByText("Risk three")).toBeInTheDocument();
    expect(screen.queryByText("Risk four")).not.toBeInTheDocument();
    expect(screen.getByText("SOC2 Type I · 2 controls")).toBeInTheDocument();

    const runs = screen.getByRole("list", { name: "Recent policy runs" });
    const [prRun, manualRun] = within(runs).getAllByRole("listitem");
    expect(prRun).toHaveTextContent("PR #42: Policy Evaluation");
    expect(prRun).toHaveTextContent("Failed");
    expect(manualRun).toHaveTextContent("Manual Policy Run");
    expect(manualRun).toHaveTextContent("Passed");
    expect(manualRun).toHaveTextContent("01234567");

    expect(screen.getByText("No PR Activity")).toBeInTheDocument();
    expect(screen.getByText("No evidence artifacts available")).toBeInTheDocument();
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
    expect(await screen.findByText("No risks identified")).toBeInTheDocument();
    expect(screen.getByText("Your security posture is strong!")).toBeInTheDocument();
    expect(await screen.findByText("No findings data available")).toBeInTheDocument();
  });

  it("filters active findings by severity", async () => {
    stubDashboard({ [SUMMARY]: { body: loaded } });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const list = await screen.findByRole("list", { name: "Active findings" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "critical (1)" }));
    expect(
      within(screen.getByRole("list", { name: "Active findings" })).getAllByRole("listitem"),
    ).toHaveLength(1);
    expect(screen.getByText("Public bucket")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "medium (1)" }));
    expect(screen.getByText("Missing logging")).toBeInTheDocument();
    expect(screen.queryByText("Public bucket")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "medium (1)" })).toHaveAttribute("aria-pressed", "true");
  });

  it("filters controls by category and explains an empty category", async () => {
    stubDashboard({ [SUMMARY]: { body: loaded } });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await screen.findByText("SOC2 Type I · 2 controls");
    await user.click(screen.getByRole("button", { name: "pipeline" }));
    expect(screen.getByText("PIPE-PIN-01")).toBeInTheDocument();
    expect(screen.queryByText("IAC-ENC-01")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "0 failures of PIPE-PIN-01" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "secrets" }));
    expect(screen.getByText('No controls found for the "secrets" category.')).toBeInTheDocument();
  });

  it("opens the Control Detail modal with failed checks (one open at a time) and passed checks", async () => {
    const failedA = testFinding({
      filePath: "infra/a.tf",
      line: 3,
      message: "Bucket A unencrypted",
      run: {
        createdAt: "2025-06-01T14:05:00.000Z",
        commitSha: "abcdef0123456789",
        commitUrl: "https://github.com/acme/payments-api/commit/abcdef0123456789",
        repo: "acme/payments-api",
      },
    });
    const failedB = testFinding({ filePath: "infra/b.tf", line: 9, message: "Bucket B unencrypted" });
    const passed = Array.from({ length: 7 }, (_, index) =>
      testFinding({ status: "pass", filePath: `infra/ok-${index}.tf`, message: "Encrypted" }),
    );
    stubDashboard({
      [SUMMARY]: { body: loaded },
      [`GET /api/controls/IAC-ENC-01/findings?tenantId=${ACME}`]: {
        // The server lists some of the passed checks; the counts are the control's row.
        body: {
          control: failedControl.control,
          passes: 7,
          failures: 2,
          evaluated: true,
          findings: [failedA, failedB, ...passed.slice(0, 6)],
          images: { vulnerabilities: [], clean: [] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "2 failures of IAC-ENC-01" }));
    const dialog = await screen.findByRole("dialog", { name: "Encryption at rest" });
    await within(dialog).findByText("Failed Checks", { selector: "dt" });
    expect(within(dialog).getByText("Passed Checks", { selector: "dt" }).nextSibling).toHaveTextContent("7");
    expect(within(dialog).getByText("+ 2 more passed checks")).toBeInTheDocument();
    expect(within(dialog).getByText("Total Findings", { selector: "dt" }).nextSibling).toHaveTextContent("9");

    await user.click(within(dialog).getByRole("button", { name: /infra\/a\.tf:3/ }));
    expect(within(dialog).getByText("Issue Details")).toBeInTheDocument();
    expect(within(dialog).getByText("Enable server-side encryption")).toBeInTheDocument();
    expect(within(dialog).getByText("abcdef0")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: /View Commit/ })).toHaveAttribute(
      "href",
      "https://github.com/acme/payments-api/commit/abcdef0123456789",
    );
    await user.click(within(dialog).getByRole("button", { name: /infra\/b\.tf:9/ }));
    expect(within(dialog).getAllByText("Issue Details")).toHaveLength(1);
    expect(within(dialog).getByRole("button", { name: /infra\/a\.tf:3/ })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("lists the image vulnerabilities behind a control the image scan evidences", async () => {
    const base = testControlRow({ code: "CTR-VUL-01", tags: ["container"], failures: 2, passes: 1 });
    const imageControl = {
      ...base,
      control: { ...base.control, title: "Container images have no known vulnerabilities" },
    };
    const vulnerability = (id: string, severity: "critical" | "high", packageName: string) => ({
      id,
      imageId: "20000000-0000-4000-8000-000000000001",
      imageRef: "registry.example.com/acme/payments-api:1.4.2",
      baseImage: null,
      vulnerabilityId: `CVE-2024-${id.slice(-4)}`,
      aliases: [],
      severity,
      cvssScore: 9.8,
      packageName,
      ecosystem: "Debian",
      installedVersion: "1.1.0l-1~deb9u5",
      fixedVersion: severity === "critical" ? "1.1.0l-1~deb9u6" : null,
      summary: null,
      scannedAt: "2025-06-01T14:05:00.000Z",
    });
    stubDashboard({
      [SUMMARY]: { body: testSummary({ controlStatus: [imageControl] }) },
      [`GET /api/controls/CTR-VUL-01/findings?tenantId=${ACME}`]: {
        body: {
          control: imageControl.control,
          passes: 1,
          failures: 2,
          evaluated: true,
          findings: [],
          images: {
            vulnerabilities: [
              vulnerability("30000000-0000-4000-8000-000000000001", "critical", "openssl"),
              vulnerability("30000000-0000-4000-8000-000000000002", "high", "libxml2"),
            ],
            clean: [
              {
                id: "20000000-0000-4000-8000-000000000002",
                imageRef: "registry.example.com/acme/ml-pipeline:2.0.1",
                baseImage: null,
                os: "Alpine:v3.18",
                packageCount: 12,
                state: "completed",
                error: null,
                uploadBytes: 1000,
                createdAt: "2025-06-01T14:00:00.000Z",
                scannedAt: "2025-06-01T14:05:00.000Z",
              },
            ],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "2 failures of CTR-VUL-01" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Container images have no known vulnerabilities",
    });
    const failed = await within(dialog).findByRole("region", { name: "Failed checks" });
    expect(within(failed).getAllByRole("listitem")).toHaveLength(2);
    await user.click(within(failed).getByRole("button", { name: /CVE-2024-0001 in openssl/ }));
    expect(within(failed).getByText(/Upgrade openssl to 1\.1\.0l-1~deb9u6 or later/)).toBeInTheDocument();
    const passed = within(dialog).getByRole("region", { name: "Passed checks" });
    expect(within(passed).getByText("registry.example.com/acme/ml-pipeline:2.0.1")).toBeInTheDocument();
    expect(within(dialog).getByText("Total Findings", { selector: "dt" }).nextSibling).toHaveTextContent("3");
  });

  it("shows the control-detail error text", async () => {
    stubDashboard({
      [SUMMARY]: { body: loaded },
      [`GET /api/controls/IAC-ENC-01/findings?tenantId=${ACME}`]: { status: 500, body: "x" },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "2 failures of IAC-ENC-01" }));
    expect(await screen.findByText("Failed to load control details. Please try again.")).toBeInTheDocument();
  });

  it("requests the explanation and fix once per finding and labels the knowledge base", async () => {
    const fetchMock = stubDashboard({
      [SUMMARY]: { body: loaded },
      "POST /api/explain/finding": {
        body: {
          explanation: "Because buckets leak",
          impact: "Data exposure",
          recommendation: "Block",
          source: "knowledge-base",
        },
      },
      "POST /api/fixes/generate": {
        body: { aiGeneratedFix: "block_public_acls = true", isPatch: false, source: "knowledge-base" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const row = await screen.findByRole("button", { name: /Public bucket/ });
    await user.click(row);
    expect(await screen.findByText("Because buckets leak")).toBeInTheDocument();
    expect(await screen.findByText("block_public_acls = true")).toBeInTheDocument();
    expect(screen.getAllByText("Knowledge base")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Create Fix PR" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Create Fix PR" })).toHaveAccessibleDescription(
      "No automated fix is available for this finding",
    );
    await user.click(row);
    await user.click(row);
    await screen.findByText("Because buckets leak");
    const explainCalls = fetchMock.mock.calls.filter(([url]) => String(url) === "/api/explain/finding");
    expect(explainCalls).toHaveLength(1);
    expect(JSON.parse(String(explainCalls[0]?.[1]?.body))).toEqual({
      findingId: "10000000-0000-4000-8000-000000000001",
      controlId: "IAC-ENC-01",
    });
  });

  it("shows why the rule's own fix is shown when the model's was refused", async () => {
    stubDashboard({
      [SUMMARY]: { body: loaded },
      "POST /api/explain/finding": {
        body: { explanation: "Leaky", impact: "Exposure", recommendation: "Block", source: "language-model" },
      },
      "POST /api/fixes/generate": {
        body: {
          aiGeneratedFix: "block_public_acls = true",
          isPatch: false,
          source: "knowledge-base",
          note: "The language model's fix was not offered: it does not apply cleanly; this is the rule's guidance.",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: /Public bucket/ }));
    expect(
      await screen.findByText(
        "The language model's fix was not offered: it does not apply cleanly; this is the rule's guidance.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("block_public_acls = true")).toBeInTheDocument();
  });

  it("reports explanation and fix failures in toasts and inline", async () => {
    stubDashboard({
      [SUMMARY]: { body: loaded },
      "POST /api/explain/finding": { status: 500, body: "" },
      "POST /api/fixes/generate": { status: 500, body: "" },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: /Open security group/ }));
    expect(
      await screen.findByText("Unable to generate AI explanation. Please try expanding again."),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Unable to generate AI fix. Please try expanding again."),
    ).toBeInTheDocument();
  });

  it("dismisses a finding with a waiver", async () => {
    const fetchMock = stubDashboard({
      [SUMMARY]: { body: loaded },
      "POST /api/explain/finding": { status: 500, body: "" },
      "POST /api/fixes/generate": { status: 500, body: "" },
      [`POST /api/tenants/${ACME}/waivers`]: { status: 201, body: { id: "w" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: /Public bucket/ }));
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    const dialog = await screen.findByRole("dialog", { name: "Dismiss Finding" });
    await user.click(within(dialog).getByRole("button", { name: "Dismiss Finding" }));
    expect(within(dialog).getByText("A reason of at least 3 characters is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "Accepted risk for the sandbox");
    await user.click(within(dialog).getByRole("button", { name: "Dismiss Finding" }));
    expect(
      await screen.findByText("Finding Dismissed", { selector: "[data-radix-collection-item] *, li *" }),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/waivers"));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      findingId: "10000000-0000-4000-8000-000000000001",
      scope: "fingerprint",
      reason: "Accepted risk for the sandbox",
    });
  });
});

describe("Scan trigger", () => {
  it("polls a queued scan, shows progress, then toasts the real counts", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let polls = 0;
      stubDashboard({
        "POST /api/runs/trigger": {
          status: 202,
          body: { scanId: "s1", state: "running", runId: null, filesScanned: 40, failed: 0, error: null },
        },
        "GET /api/scans/s1": () => {
          polls += 1;
          return polls < 2
            ? {
                body: {
                  scanId: "s1",
                  state: "running",
                  runId: null,
                  filesScanned: 80,
                  failed: 0,
                  error: null,
                },
              }
            : {
                body: {
                  scanId: "s1",
                  state: "completed",
                  runId: "r",
                  filesScanned: 120,
                  failed: 7,
                  error: null,
                },
              };
        },
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithProviders(<DashboardPage />, { path: "/dashboard" });
      await user.click(await screen.findByRole("button", { name: "Run Policy Scan" }));
      expect(await screen.findByRole("button", { name: /Running\.\.\. 40 files/ })).toBeDisabled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2500);
      });
      expect(await screen.findByText("Policy Scan Complete", { selector: "li *" })).toBeInTheDocument();
      expect(
        screen.getByText("Scanned 120 files. Found 7 issues.", { selector: "li *" }),
      ).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Run Policy Scan" })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("remembers the repository last chosen in each tenant, instead of the first one", async () => {
    const broken = testRepository({ id: "aaaaaaaa-0000-4000-8000-0000000000b1", name: "acme/broken" });
    const good = testRepository({ id: "aaaaaaaa-0000-4000-8000-0000000000b2", name: "acme/good" });
    const triggered: unknown[] = [];
    stubDashboard({
      [`GET /api/tenants/${ACME}/repositories`]: { body: [broken, good] },
      "POST /api/runs/trigger": ({ body }) => {
        triggered.push(body);
        return {
          body: { scanId: "s1", state: "completed", runId: "r", filesScanned: 3, failed: 0, error: null },
        };
      },
    });
    // Another tenant's choice is its own.
    window.localStorage.setItem("scan-repository:bbbbbbbb-0000-4000-8000-000000000009", broken.id);
    const user = userEvent.setup();
    const first = renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const select = await screen.findByRole("combobox", { name: "Repository to scan" });
    expect(select).toHaveTextContent("acme/broken");
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "acme/good" }));
    first.unmount();

    // A later visit starts from that choice.
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("combobox", { name: "Repository to scan" })).toHaveTextContent(
      "acme/good",
    );
    await user.click(screen.getByRole("button", { name: "Run Policy Scan" }));
    await waitFor(() => expect(triggered).toEqual([{ tenantId: ACME, repo: good.id }]));
  });

  it("falls back to the first repository when the remembered one was removed", async () => {
    window.localStorage.setItem(`scan-repository:${ACME}`, "aaaaaaaa-0000-4000-8000-0000000000ff");
    const second = testRepository({ id: "aaaaaaaa-0000-4000-8000-0000000000b2", name: "acme/second" });
    stubDashboard({ [`GET /api/tenants/${ACME}/repositories`]: { body: [testRepository(), second] } });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("combobox", { name: "Repository to scan" })).toHaveTextContent(
      "acme/payments-api",
    );
  });

  it("disables 'Run Policy Scan' without a repository, with a link to add one", async () => {
    stubDashboard({ [`GET /api/tenants/${ACME}/repositories`]: { body: [] } });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    const link = await screen.findByRole("link", { name: "Add a repository" });
    expect(link).toHaveAttribute("href", "/runs");
    const button = screen.getByRole("button", { name: "Run Policy Scan" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "No repository to scan yet. Add a repository on the Policy Runs page first.",
    );
  });

  it("disables 'Run Policy Scan' for an auditor, and says why", async () => {
    stubDashboard({
      [`GET /api/tenants/${ACME}`]: { body: testTenant({ id: ACME, name: "Acme", role: "auditor" }) },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByText(/Auditors have read-only access: scans are started/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run Policy Scan" })).toBeDisabled();
  });

  it("shows 'Scan Failed' with the server's message", async () => {
    stubDashboard({ "POST /api/runs/trigger": { status: 422, body: { error: "Repository unreachable" } } });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("button", { name: "Run Policy Scan" }));
    expect(await screen.findByText("Scan Failed", { selector: "li *" })).toBeInTheDocument();
    expect(screen.getByText("Repository unreachable", { selector: "li *" })).toBeInTheDocument();
  });
});

describe("Auditor access", () => {
  it("saves the auditor setting, disabling the switch while pending", async () => {
    const fetchMock = stubDashboard();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "PATCH") await gate;
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("switch", { name: "Disabled" }));
    expect(screen.getByRole("switch", { name: "Disabled" })).toBeDisabled();
    release();
    expect(await screen.findByText("Settings Updated")).toBeInTheDocument();
    expect(screen.getByText("Auditor access settings have been updated successfully.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("switch", { name: "Enabled" })).toBeChecked());
    expect(screen.getByRole("switch", { name: "Enabled" })).toBeEnabled();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ auditorAccessEnabled: true });
  });

  it("reports a failed save", async () => {
    stubDashboard({}, { status: 403, body: { error: "Admins only" } });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    await user.click(await screen.findByRole("switch", { name: "Disabled" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(
      screen.getByText("Failed to update auditor access settings. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Disabled" })).not.toBeChecked();
  });

  it("lets the user change the switch of their own demo organization, as in a live one", async () => {
    window.localStorage.setItem("app-mode", "demo");
    const DEMO = "33333333-3333-4333-8333-333333333333";
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [] },
      "GET /api/demo/tenant-id": { body: { tenantId: DEMO } },
      [`GET /api/tenants/${DEMO}`]: {
        body: testTenant({ id: DEMO, name: "Demo", isDemo: true, role: "admin" }),
      },
      [`GET /api/tenants/${DEMO}/summary?days=7`]: { body: testSummary({ hasData: false }) },
      [`GET /api/tenants/${DEMO}/repositories`]: { body: [] },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("switch", { name: "Disabled" })).toBeEnabled();
    expect(screen.getByRole("switch", { name: "Demo mode" })).toBeChecked();
  });

  it("keeps the switch read-only for an auditor", async () => {
    const ACME = TEST_USER.memberships[0]!.tenantId;
    stubFetch({
      "GET /api/auth/me": { body: { user: TEST_USER } },
      "GET /api/tenants": { body: [] },
      [`GET /api/tenants/${ACME}`]: { body: testTenant({ id: ACME, name: "Acme", role: "auditor" }) },
      [`GET /api/tenants/${ACME}/summary?days=7`]: { body: testSummary({ hasData: false }) },
      [`GET /api/tenants/${ACME}/repositories`]: { body: [] },
    });
    renderWithProviders(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("switch", { name: "Disabled" })).toBeDisabled();
    expect(screen.getByText(/Only an admin can change this\./)).toBeInTheDocument();
  });
});

describe("DashboardErrorPanel", () => {
  it("shows the error message, or the fallback when there is none", () => {
    const { rerender } = render(<DashboardErrorPanel error={new Error("500: boom")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to Load Dashboard");
    expect(screen.getByRole("alert")).toHaveTextContent("500: boom");
    rerender(<DashboardErrorPanel error={null} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "An unexpected error occurred while loading the dashboard data.",
    );
  });
});

describe("Recent Policy Runs", () => {
  it("says why a run evaluated nothing instead of 'Status: Evaluated'", () => {
    render(
      <RecentRunsCard
        runs={[
          testRun({
            repo: "acme/web",
            status: "fail",
            commitSha: "",
            reason: { code: "not_found", message: "The repository could not be fetched: not found" },
          }),
          testRun({ repo: "acme/payments-api" }),
        ]}
      />,
    );
    const [failed, evaluated] = within(screen.getByRole("list", { name: "Recent policy runs" })).getAllByRole(
      "listitem",
    );
    expect(failed).toHaveTextContent("acme/web");
    expect(failed).toHaveTextContent("Scan failed: Repository not found");
    expect(failed).not.toHaveTextContent("Status: Evaluated");
    expect(evaluated).toHaveTextContent("Status: Evaluated");
  });
});
