import type { ControlFindings } from "@rampart/contracts/controls";
import type { PrSuggestion } from "@rampart/contracts/fixes";
import type { ActivePrCount } from "@rampart/contracts/pr-bot";
import type { Finding } from "@rampart/contracts/runs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TENANT_ID, testControlRow, testFinding } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { ACTIVE_PR_REFRESH_MS } from "./api/get-active-pr-count";
import { PrBotPage } from "./pr-bot-page";
import { prDisplayStatus } from "./pr-status";

const SUGGESTIONS_PATH = `/api/tenants/${TENANT_ID}/pr-suggestions?limit=50`;
const SUGGESTIONS = `GET ${SUGGESTIONS_PATH}`;
const ACTIVE = `GET /api/prs/active?tenantId=${TENANT_ID}`;
const CONTROL_FINDINGS = `GET /api/controls/IAC-ENC-01/findings?tenantId=${TENANT_ID}`;

function controlFindings(findings: Finding[]): ControlFindings {
  return {
    control: testControlRow().control,
    passes: findings.filter((finding) => finding.status === "pass").length,
    failures: findings.filter((finding) => finding.status === "fail").length,
    evaluated: true,
    findings,
    images: { vulnerabilities: [], clean: [] },
  };
}

function stubPrBot(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

function suggestion(number: number, overrides: Partial<PrSuggestion> = {}): PrSuggestion {
  return {
    id: `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`,
    branchName: `security/fix/upgrade-lodash-${number}`,
    number,
    title: `Upgrade lodash ${number}`,
    repo: "acme/payments-api",
    url: null,
    state: "open",
    merged: false,
    accepted: false,
    createdAt: "2026-11-20T10:15:00.000Z",
    aiExplainer: `Explainer ${number}`,
    testsAdded: false,
    kind: "dependency",
    findingId: null,
    runId: "22222222-2222-4222-8222-222222222222",
    ...overrides,
  };
}

/** The live count of a tenant connected to GitHub. */
function onHost(count: number, overrides: Partial<Extract<ActivePrCount, { source: "host" }>> = {}) {
  return {
    source: "host",
    count,
    host: "GitHub",
    repositories: 3,
    partial: false,
    checkedAt: "2026-11-20T10:15:00.000Z",
    ...overrides,
  } satisfies ActivePrCount;
}

/** One answer of the paged list. */
function page(prSuggestions: PrSuggestion[], nextCursor: string | null = null, total = prSuggestions.length) {
  return { prSuggestions, nextCursor, total };
}

function numbered(from: number, to: number): PrSuggestion[] {
  return Array.from({ length: to - from + 1 }, (_, index) => suggestion(from + index));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("prDisplayStatus", () => {
  it("puts merged over accepted, and accepted over pending", () => {
    expect(prDisplayStatus({ merged: true, accepted: true })).toBe("Merged");
    expect(prDisplayStatus({ merged: true, accepted: false })).toBe("Merged");
    expect(prDisplayStatus({ merged: false, accepted: true })).toBe("Accepted");
    expect(prDisplayStatus({ merged: false, accepted: false })).toBe("Pending Review");
  });
});

describe("PrBotPage", () => {
  it("lists each PR suggestion with its details and display status", async () => {
    stubPrBot({
      [SUGGESTIONS]: {
        body: page([
          suggestion(12, {
            title: "Upgrade lodash to 4.17.21",
            branchName: "security/fix/upgrade-lodash",
            merged: true,
            accepted: true,
            state: "merged",
            testsAdded: true,
            url: "https://github.com/acme/payments-api/pull/12",
            aiExplainer: "lodash 4.17.20 is vulnerable to prototype pollution.",
          }),
          suggestion(11, { title: "Parameterize SQL query", accepted: true }),
          suggestion(10, { title: "Remove hard-coded secret" }),
          suggestion(9, { title: "Pin base image", state: "closed" }),
        ]),
      },
      [ACTIVE]: { body: onHost(3) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const merged = await screen.findByRole("listitem", { name: "#12 Upgrade lodash to 4.17.21" });
    expect(within(merged).getByTestId("pr-status")).toHaveTextContent("Merged");
    expect(merged).toHaveTextContent("acme/payments-api");
    expect(merged).toHaveTextContent("security/fix/upgrade-lodash");
    expect(merged).toHaveTextContent("lodash 4.17.20 is vulnerable to prototype pollution.");
    expect(merged).toHaveTextContent("Tests added");
    expect(merged.querySelector("time")).toHaveAttribute("dateTime", "2026-11-20T10:15:00.000Z");
    expect(within(merged).getByRole("link", { name: /View pull request #12/ })).toHaveAttribute(
      "href",
      "https://github.com/acme/payments-api/pull/12",
    );

    const accepted = screen.getByRole("listitem", { name: "#11 Parameterize SQL query" });
    expect(within(accepted).getByTestId("pr-status")).toHaveTextContent("Accepted");
    expect(accepted).toHaveTextContent("No tests added");
    expect(within(accepted).queryByRole("link")).toBeNull();

    const pending = screen.getByRole("listitem", { name: "#10 Remove hard-coded secret" });
    expect(within(pending).getByTestId("pr-status")).toHaveTextContent("Pending Review");
    expect(pending).not.toHaveTextContent("Closed");

    const closed = screen.getByRole("listitem", { name: "#9 Pin base image" });
    expect(closed).toHaveTextContent("Closed");

    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("renders a pull request body's Markdown, never HTML from it", async () => {
    stubPrBot({
      [SUGGESTIONS]: {
        body: page([
          suggestion(7, {
            title: "Fix SQL injection in src/routes/refunds.js",
            aiExplainer:
              'Rampart found "SQL injection" (`sast/sql-injection`, severity high) at `src/routes/refunds.js:12`:\n\n' +
              "> req.query.payment reaches the query text\n\n" +
              "This change applies the rule's fix.\n\n" +
              '<img src="x" onerror="window.pwned = true"> [details](javascript:alert(1))',
          }),
        ]),
      },
      [ACTIVE]: { body: onHost(1) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });
    const card = await screen.findByRole("listitem", {
      name: "#7 Fix SQL injection in src/routes/refunds.js",
    });
    expect([...card.querySelectorAll("code")].map((code) => code.textContent)).toEqual([
      "sast/sql-injection",
      "src/routes/refunds.js:12",
    ]);
    expect(card.querySelector("blockquote")).toHaveTextContent("req.query.payment reaches the query text");
    expect(card).not.toHaveTextContent("`");
    expect(card.querySelector("img, [onerror]")).toBeNull();
    expect(within(card).getByText("details").closest("a")).toBeNull();
    expect(await screen.findByTestId("active-pr-count")).toHaveTextContent("1");
    expect(screen.getByText("active PR")).toBeInTheDocument();
  });

  it("shows the live active PR count and refreshes it every 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 2;
    const fetchMock = stubPrBot({
      [SUGGESTIONS]: { body: page([]) },
      [ACTIVE]: () => ({ body: onHost(count) }),
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const live = await screen.findByRole("region", { name: "Live PR status" });
    await waitFor(() => expect(within(live).getByTestId("active-pr-count")).toHaveTextContent("2"));
    expect(live).toHaveTextContent("active PRs");

    count = 1;
    await vi.advanceTimersByTimeAsync(ACTIVE_PR_REFRESH_MS);
    await waitFor(() => expect(within(live).getByTestId("active-pr-count")).toHaveTextContent("1"));
    expect(live).toHaveTextContent("active PR");
    const activeCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/prs/active"));
    expect(activeCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("says where the live count comes from: the host's repositories, or no host connected", async () => {
    stubPrBot({ [SUGGESTIONS]: { body: page([]) }, [ACTIVE]: { body: onHost(4, { repositories: 1 }) } });
    const { unmount } = renderWithProviders(<PrBotPage />, { path: "/pr-bot" });
    const live = await screen.findByRole("region", { name: "Live PR status" });
    await waitFor(() => expect(within(live).getByTestId("active-pr-count")).toHaveTextContent("4"));
    expect(within(live).getByTestId("active-pr-source")).toHaveTextContent(
      /^Open on GitHub in 1 repository · checked /,
    );
    unmount();

    stubPrBot({
      [SUGGESTIONS]: { body: page([]) },
      [ACTIVE]: { body: onHost(250, { repositories: 100, partial: true }) },
    });
    const second = renderWithProviders(<PrBotPage />, { path: "/pr-bot" });
    const partial = await screen.findByRole("region", { name: "Live PR status" });
    await waitFor(() =>
      expect(within(partial).getByTestId("active-pr-source")).toHaveTextContent(
        /^Open on GitHub in the first 100 repositories · checked /,
      ),
    );
    second.unmount();

    stubPrBot({ [SUGGESTIONS]: { body: page([]) }, [ACTIVE]: { body: { source: "local", count: 1 } } });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });
    const local = await screen.findByRole("region", { name: "Live PR status" });
    await waitFor(() => expect(within(local).getByTestId("active-pr-count")).toHaveTextContent("1"));
    expect(local).toHaveTextContent("open fix PR");
    expect(local).not.toHaveTextContent("active PR");
    expect(within(local).getByTestId("active-pr-source")).toHaveTextContent(
      "Code host not connected: counting Rampart's open fix pull requests on its local fix remote",
    );
  });

  it("says when the live status fails, while the list still loads", async () => {
    stubPrBot({
      [SUGGESTIONS]: { body: page([suggestion(1)]) },
      [ACTIVE]: {
        status: 503,
        body: { error: "GitHub did not answer, so the live count is unknown; it is asked again shortly" },
      },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const live = await screen.findByRole("region", { name: "Live PR status" });
    expect(await within(live).findByText("Failed to load live status")).toBeInTheDocument();
    expect(await screen.findByRole("listitem", { name: "#1 Upgrade lodash 1" })).toBeInTheDocument();
  });

  it("shows the error panel when the PR suggestions fail to load, and retries", async () => {
    let fail = true;
    stubPrBot({
      [SUGGESTIONS]: () =>
        fail ? { status: 500, body: { error: "database down" } } : { body: page([suggestion(1)]) },
      [ACTIVE]: { body: onHost(0) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load PR Bot Data");
    expect(alert).toHaveTextContent("Please check your connection and try again.");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("listitem", { name: "#1 Upgrade lodash 1" })).toBeInTheDocument();
  });

  it("shows the empty state saying where fix PRs are opened", async () => {
    stubPrBot({ [SUGGESTIONS]: { body: page([]) }, [ACTIVE]: { body: onHost(0) } });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const empty = await screen.findByRole("region", { name: "No PR Activity" });
    expect(within(empty).getByRole("link", { name: "Code Findings" })).toHaveAttribute(
      "href",
      "/code-findings",
    );
    expect(within(empty).getByRole("link", { name: "Dependencies" })).toHaveAttribute(
      "href",
      "/dependencies",
    );
  });

  it("shows a loading state until the suggestions arrive", async () => {
    let release: (reply: FetchReply) => void = () => {};
    const pending = new Promise<FetchReply>((resolve) => {
      release = resolve;
    });
    const fetchMock = stubPrBot({ [ACTIVE]: { body: onHost(0) } });
    const stubbed = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === SUGGESTIONS_PATH) {
        const reply = await pending;
        return new Response(JSON.stringify(reply.body), { headers: { "Content-Type": "application/json" } });
      }
      return stubbed ? stubbed(input, init) : new Response(null, { status: 599 });
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    expect(await screen.findByRole("status", { name: "Loading PR suggestions" })).toBeInTheDocument();
    release({ body: page([suggestion(5)]) });
    expect(await screen.findByRole("listitem", { name: "#5 Upgrade lodash 5" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading PR suggestions" })).toBeNull();
  });

  it("fetches the next page with the server's cursor on each Load More, while one follows", async () => {
    const fetchMock = stubPrBot({
      [SUGGESTIONS]: { body: page(numbered(1, 50), "c1", 120) },
      [`${SUGGESTIONS}&cursor=c1`]: { body: page(numbered(51, 100), "c2", 120) },
      [`${SUGGESTIONS}&cursor=c2`]: { body: page(numbered(101, 120), null, 120) },
      [ACTIVE]: { body: onHost(120) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const list = await screen.findByRole("list", { name: "PR suggestions" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    expect(screen.getByText("Showing 50 of 120")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(100));
    expect(within(list).getByRole("listitem", { name: "#100 Upgrade lodash 100" })).toBeInTheDocument();
    expect(screen.getByText("Showing 100 of 120")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(120));
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
    const listCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith(SUGGESTIONS_PATH));
    expect(listCalls).toEqual([
      SUGGESTIONS_PATH,
      `${SUGGESTIONS_PATH}&cursor=c1`,
      `${SUGGESTIONS_PATH}&cursor=c2`,
    ]);
  });

  it("shows no Load More on a full page the server says is the last", async () => {
    stubPrBot({ [SUGGESTIONS]: { body: page(numbered(1, 50)) }, [ACTIVE]: { body: onHost(0) } });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const list = await screen.findByRole("list", { name: "PR suggestions" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    expect(screen.getByText("Showing 50 of 50")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("keeps the loaded suggestions when the next page fails, and loads it on another press", async () => {
    let fail = true;
    stubPrBot({
      [SUGGESTIONS]: { body: page(numbered(1, 50), "c1", 51) },
      [`${SUGGESTIONS}&cursor=c1`]: () =>
        fail ? { status: 500, body: { error: "database down" } } : { body: page([suggestion(51)]) },
      [ACTIVE]: { body: onHost(0) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot" });

    const list = await screen.findByRole("list", { name: "PR suggestions" });
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByText("Failed to load more PR suggestions. Try again.")).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    expect(screen.queryByText("Failed to Load PR Bot Data")).toBeNull();

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await within(list).findByRole("listitem", { name: "#51 Upgrade lodash 51" })).toBeInTheDocument();
    expect(screen.queryByText("Failed to load more PR suggestions. Try again.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("opens the fix flow for the control of the link: its fixable findings get Create Fix PR", async () => {
    const fixable = testFinding({
      message: "S3 bucket is not encrypted",
      fix: { available: true, kind: "iac" },
    });
    const opened = testFinding({
      message: "EBS volume is not encrypted",
      filePath: "infra/ebs.tf",
      fix: { available: true, kind: "iac" },
      fixPullRequest: {
        number: 4,
        branchName: "security/fix/encrypt-ebs-4",
        url: "https://github.com/acme/payments-api/pull/4",
        state: "open",
      },
    });
    const manual = testFinding({ message: "RDS snapshot is not encrypted", filePath: "infra/rds.tf" });
    const waived = testFinding({
      message: "Waived bucket",
      waived: true,
      fix: { available: true, kind: "iac" },
    });
    const passed = testFinding({ message: "Encrypted bucket", status: "pass" });
    let created = false;
    const fetchMock = stubPrBot({
      [SUGGESTIONS]: { body: page([]) },
      [ACTIVE]: { body: onHost(0) },
      [CONTROL_FINDINGS]: () => ({
        body: controlFindings([
          created
            ? {
                ...fixable,
                fixPullRequest: { number: 9, branchName: "security/fix/x-9", url: null, state: "open" },
              }
            : fixable,
          opened,
          manual,
          waived,
          passed,
        ]),
      }),
      "POST /api/fixes/finding": () => {
        created = true;
        return { status: 201, body: { pr: { number: 9, branchName: "security/fix/x-9", url: null } } };
      },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot?action=fix&control=IAC-ENC-01" });

    const panel = await screen.findByRole("region", { name: "Fix control IAC-ENC-01" });
    expect(await within(panel).findByText("Encryption at rest")).toBeInTheDocument();
    const list = within(panel).getByRole("list", { name: "Fixable findings" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("aria-label")),
    ).toEqual(["S3 bucket is not encrypted", "EBS volume is not encrypted"]);
    expect(
      within(within(list).getByRole("listitem", { name: "EBS volume is not encrypted" })).getByRole("link", {
        name: "Fix PR #4 · open",
      }),
    ).toHaveAttribute("href", "https://github.com/acme/payments-api/pull/4");
    expect(panel).toHaveTextContent("1 finding needs a fix by hand");
    expect(
      within(within(panel).getByRole("list", { name: "Findings without an automated fix" })).getByText(
        "RDS snapshot is not encrypted",
      ),
    ).toBeInTheDocument();
    expect(panel).not.toHaveTextContent("Waived bucket");
    expect(panel).not.toHaveTextContent("Encrypted bucket");

    const row = within(list).getByRole("listitem", { name: "S3 bucket is not encrypted" });
    await userEvent.click(within(row).getByRole("button", { name: "Create Fix PR" }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ findingId: fixable.id });
    expect(await within(row).findByRole("link", { name: "Fix PR #9 · open" })).toHaveAttribute(
      "href",
      "/pr-bot",
    );
  });

  it("lets an auditor see the fix flow but not open pull requests", async () => {
    stubPrBot({
      [`GET /api/tenants/${TENANT_ID}`]: {
        body: testTenant({ id: TENANT_ID, name: "Acme Corp", role: "auditor" }),
      },
      "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp", role: "auditor" })] },
      [SUGGESTIONS]: { body: page([]) },
      [ACTIVE]: { body: onHost(0) },
      [CONTROL_FINDINGS]: { body: controlFindings([testFinding({ fix: { available: true, kind: "iac" } })]) },
    });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot?action=fix&control=IAC-ENC-01" });
    const panel = await screen.findByRole("region", { name: "Fix control IAC-ENC-01" });
    expect(await within(panel).findByRole("button", { name: "Create Fix PR" })).toBeDisabled();
  });

  it("says when the control has nothing to fix, and when there is no such control", async () => {
    stubPrBot({
      [SUGGESTIONS]: { body: page([]) },
      [ACTIVE]: { body: onHost(0) },
      [CONTROL_FINDINGS]: { body: controlFindings([testFinding({ status: "pass" })]) },
      [`GET /api/controls/NOPE-01/findings?tenantId=${TENANT_ID}`]: {
        status: 404,
        body: { error: "Control not found" },
      },
    });
    const first = renderWithProviders(<PrBotPage />, { path: "/pr-bot?action=fix&control=IAC-ENC-01" });
    const panel = await screen.findByRole("region", { name: "Fix control IAC-ENC-01" });
    expect(
      await within(panel).findByText(
        "No failing findings of this control in the latest runs: nothing to fix.",
      ),
    ).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<PrBotPage />, { path: "/pr-bot?action=fix&control=NOPE-01" });
    const missing = await screen.findByRole("region", { name: "Fix control NOPE-01" });
    expect(await within(missing).findByRole("alert")).toHaveTextContent(
      "There is no control NOPE-01 in this organization.",
    );
  });

  it("opens no fix flow without the fix action", async () => {
    stubPrBot({ [SUGGESTIONS]: { body: page([suggestion(1)]) }, [ACTIVE]: { body: onHost(1) } });
    renderWithProviders(<PrBotPage />, { path: "/pr-bot?control=IAC-ENC-01" });

    await screen.findByRole("listitem", { name: "#1 Upgrade lodash 1" });
    expect(screen.queryByRole("region", { name: /Fix control/ })).toBeNull();
  });
});
