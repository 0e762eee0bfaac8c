import type { SastFinding, SastResponse } from "@rampart/contracts/sast";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TENANT_ID, uuid } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { CodeFindingsPage } from "./code-findings-page";

const SAST = `GET /api/tenants/${TENANT_ID}/sast`;

const PATCH = [
  "--- a/pipeline/train.py",
  "+++ b/pipeline/train.py",
  "@@ -25 +25 @@",
  "-    r = requests.get(url, verify=False)",
  "+    r = requests.get(url, verify=True)",
  "",
].join("\n");

function testSastFinding(overrides: Partial<SastFinding> = {}): SastFinding {
  return {
    id: uuid(),
    runId: uuid(),
    repo: "acme/ml-pipeline",
    ruleId: "sast/command-injection",
    ruleTitle: "Shell command built from untrusted input",
    severity: "critical",
    category: "security",
    message: "HTTP request data from line 54 via `version` reaches the shell command of `subprocess.run`",
    filePath: "registry/views.py",
    line: 56,
    snippet: "    subprocess.run(",
    cwe: ["CWE-78"],
    sourceLine: 54,
    sinkLine: 56,
    fixSuggestion: null,
    fixPullRequest: null,
    fixDescription: null,
    remediation: "pass an argument list and drop shell=True",
    ...overrides,
  };
}

const findings = [
  testSastFinding(),
  testSastFinding({
    ruleId: "sast/tls-verification-disabled",
    ruleTitle: "TLS certificate verification disabled",
    severity: "high",
    message: "TLS certificate verification is disabled (verify=False)",
    filePath: "pipeline/train.py",
    line: 25,
    snippet: "    r = requests.get(url, verify=False)",
    cwe: ["CWE-295"],
    sourceLine: null,
    sinkLine: null,
    fixSuggestion: PATCH,
    fixDescription: "verify certificates (verify=True)",
    remediation: "Leave certificate verification on.",
  }),
  testSastFinding({
    ruleId: "sast/weak-randomness",
    ruleTitle: "Predictable random values",
    severity: "low",
    category: "best-practice",
    message: "Math.random() is not a secure source of randomness",
    filePath: "src/token.js",
    line: 3,
    cwe: [],
    sourceLine: null,
    sinkLine: null,
    remediation: null,
  }),
];
const response: SastResponse = {
  findings,
  stats: {
    total: 3,
    critical: 1,
    high: 1,
    med: 0,
    low: 1,
    categories: { security: 2, "best-practice": 1, correctness: 0 },
  },
};

function stubSast(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

describe("CodeFindingsPage", () => {
  it("shows the statistics and each finding's rule, message, location, severity and category", async () => {
    stubSast({ [SAST]: { body: response } });
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const stats = await screen.findByRole("region", { name: "Finding statistics" });
    expect(within(stats).getByTestId("stat-total")).toHaveTextContent("3");
    expect(within(stats).getByTestId("stat-critical")).toHaveTextContent("1");
    expect(within(stats).getByTestId("stat-med")).toHaveTextContent("0");

    const command = screen.getByRole("listitem", { name: "sast/command-injection at registry/views.py:56" });
    expect(command).toHaveTextContent("Critical");
    expect(command).toHaveTextContent("Security");
    expect(command).toHaveTextContent("CWE-78");
    expect(command).toHaveTextContent("reaches the shell command of `subprocess.run`");
    expect(command).toHaveTextContent("registry/views.py:56 · acme/ml-pipeline");
    expect(command).toHaveTextContent("Untrusted input enters atline 54");
    expect(within(command).getByText("How to fix")).toBeInTheDocument();
    expect(within(command).getByText("pass an argument list and drop shell=True")).toBeInTheDocument();

    const tls = screen.getByRole("listitem", {
      name: "sast/tls-verification-disabled at pipeline/train.py:25",
    });
    expect(tls).toHaveTextContent("High");
    expect(tls).toHaveTextContent("Suggested fix: verify certificates (verify=True)");
    expect(within(tls).getByLabelText("Suggested patch")).toHaveTextContent(
      "+ r = requests.get(url, verify=True)",
    );

    const random = screen.getByRole("listitem", { name: "sast/weak-randomness at src/token.js:3" });
    expect(random).toHaveTextContent("Best practice");
    expect(random).toHaveTextContent("Low");
    expect(random).not.toHaveTextContent("How to fix");
  });

  it("filters by severity and category on the client", async () => {
    stubSast({ [SAST]: { body: response } });
    const user = userEvent.setup();
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const list = await screen.findByRole("list", { name: "Code findings" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Best practice (1)" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("sast/weak-randomness")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Security (2)" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "High" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("sast/tls-verification-disabled")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Correctness (0)" }));
    expect(screen.getByText("No findings match these filters.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "All categories" }));
    await user.click(screen.getByRole("button", { name: "All severities" }));
    expect(within(screen.getByRole("list", { name: "Code findings" })).getAllByRole("listitem")).toHaveLength(
      3,
    );
    // The statistics stay the tenant's totals.
    expect(screen.getByTestId("stat-total")).toHaveTextContent("3");
  });

  it("offers Create Fix PR only on findings with a fix suggestion", async () => {
    stubSast({ [SAST]: { body: response } });
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const tls = await screen.findByRole("listitem", {
      name: "sast/tls-verification-disabled at pipeline/train.py:25",
    });
    expect(within(tls).getByRole("button", { name: "Create Fix PR" })).toBeEnabled();
    const command = screen.getByRole("listitem", { name: "sast/command-injection at registry/views.py:56" });
    expect(within(command).queryByRole("button", { name: "Create Fix PR" })).toBeNull();
    const random = screen.getByRole("listitem", { name: "sast/weak-randomness at src/token.js:3" });
    expect(within(random).queryByRole("button", { name: "Create Fix PR" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Create Fix PR" })).toHaveLength(1);
  });

  it("posts the finding id and toasts the PR number, or the server's refusal", async () => {
    let reply: FetchReply = {
      body: { pr: { number: 17, branchName: "security/fix/tls-verification", url: null } },
    };
    const posted: unknown[] = [];
    stubSast({
      [SAST]: { body: response },
      "POST /api/fixes/sast": ({ body }) => {
        posted.push(body);
        return reply;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const tls = await screen.findByRole("listitem", {
      name: "sast/tls-verification-disabled at pipeline/train.py:25",
    });
    await user.click(within(tls).getByRole("button", { name: "Create Fix PR" }));
    expect(await within(notifications()).findByText("Fix PR Created")).toBeInTheDocument();
    expect(within(notifications()).getByText("Pull request #17 was opened.")).toBeInTheDocument();
    expect(posted).toEqual([{ findingId: findings[1]!.id }]);

    reply = { status: 409, body: { error: "The fix no longer applies: pipeline/train.py line 25 differs" } };
    await user.click(within(tls).getByRole("button", { name: "Create Fix PR" }));
    expect(await within(notifications()).findByText("Failed to Create PR")).toBeInTheDocument();
    expect(
      within(notifications()).getByText("The fix no longer applies: pipeline/train.py line 25 differs"),
    ).toBeInTheDocument();
  });

  it("shows the finding's pull request instead of Create Fix PR once one was opened", async () => {
    const opened = findings.map((finding, index) =>
      index === 1
        ? {
            ...finding,
            fixPullRequest: {
              number: 17,
              branchName: "security/fix/tls-verification-disabled-train.py-17",
              url: null,
              state: "open" as const,
            },
          }
        : finding,
    );
    stubSast({ [SAST]: { body: { ...response, findings: opened } } });
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const tls = await screen.findByRole("listitem", {
      name: "sast/tls-verification-disabled at pipeline/train.py:25",
    });
    expect(within(tls).getByRole("link", { name: "Fix PR #17 · open" })).toHaveAttribute("href", "/pr-bot");
    expect(screen.queryByRole("button", { name: "Create Fix PR" })).toBeNull();
  });

  it("shows the error panel and the empty state", async () => {
    stubSast({ [SAST]: { status: 500, body: "" } });
    const { unmount } = renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load Findings");
    expect(alert).toHaveTextContent(
      "Unable to retrieve code security findings. Please check your connection and try again.",
    );
    unmount();

    stubSast({
      [SAST]: {
        body: {
          findings: [],
          stats: {
            total: 0,
            critical: 0,
            high: 0,
            med: 0,
            low: 0,
            categories: { security: 0, "best-practice": 0, correctness: 0 },
          },
        },
      },
    });
    renderWithProviders(<CodeFindingsPage />, { path: "/code-findings" });
    expect(await screen.findByText("No code findings")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status", { name: "Loading findings" })).toBeNull());
    expect(screen.queryByRole("region", { name: "Finding statistics" })).toBeNull();
  });
});
