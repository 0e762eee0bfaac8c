import type { ScaResponse } from "@rampart/contracts/sca";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
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
import { fixUnavailableReason } from "./sca-rules";

const SCA = `GET /api/tenants/${TENANT_ID}/sca`;

function stubSca(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

const findings = [
  testScaFinding({ cveId: "CVE-2024-1111", severity: "critical", ecosystem: "npm", packageName: "lodash" }),
  testScaFinding({
    cveId: "CVE-2024-2222",
    severity: "high",
    ecosystem: "maven",
    packageName: "log4j-core",
    packageVersion: "2.14.1",
    fixedVersion: "2.17.1",
  }),
  testScaFinding({
    cveId: "GHSA-xxxx-yyyy-zzzz",
    aliases: [],
    severity: "low",
    ecosystem: "pip",
    packageName: "requests",
    packageVersion: "2.19.0",
    fixedVersion: null,
    license: null,
    licenseUnknownReason: "requirements.txt does not record licences",
    filePath: "requirements.txt",
    dev: true,
    direct: false,
  }),
];
const response: ScaResponse = { findings, stats: { total: 3, critical: 1, high: 1, med: 0, low: 1 } };

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

describe("DependenciesPage", () => {
  it("shows the statistics and each finding's details", async () => {
    stubSca({ [SCA]: { body: response } });
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const stats = await screen.findByRole("region", { name: "Vulnerability statistics" });
    expect(within(stats).getByTestId("stat-total")).toHaveTextContent("3");
    expect(within(stats).getByTestId("stat-critical")).toHaveTextContent("1");
    expect(within(stats).getByTestId("stat-med")).toHaveTextContent("0");
    const lodash = screen.getByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    expect(lodash).toHaveTextContent("lodash@4.17.20");
    expect(lodash).toHaveTextContent("4.17.21");
    expect(lodash).toHaveTextContent("GHSA-aaaa-bbbb-cccc");
    expect(lodash).toHaveTextContent("CVSS 7.5");
    expect(lodash).toHaveTextContent("package-lock.json:42 · acme/payments-api");
    expect(lodash).toHaveTextContent("MIT");
    expect(lodash).toHaveTextContent("direct");
    const requests = screen.getByRole("listitem", { name: "GHSA-xxxx-yyyy-zzzz in requests" });
    expect(requests).toHaveTextContent("No fix available");
    // An unknown licence says why it is unknown.
    expect(requests).toHaveTextContent("Unknown");
    expect(within(requests).getByText("requirements.txt does not record licences")).toBeInTheDocument();
    expect(lodash).not.toHaveTextContent("Unknown");
    expect(requests).toHaveTextContent("transitive");
    expect(requests).toHaveTextContent("dev");
  });

  it("filters by severity and ecosystem on the client", async () => {
    stubSca({ [SCA]: { body: response } });
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const list = await screen.findByRole("list", { name: "Vulnerable dependencies" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Critical" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("CVE-2024-1111")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "maven" }));
    expect(screen.getByText("No findings match these filters.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "All severities" }));
    const filtered = screen.getByRole("list", { name: "Vulnerable dependencies" });
    expect(within(filtered).getAllByRole("listitem")).toHaveLength(1);
    expect(within(filtered).getByText("CVE-2024-2222")).toBeInTheDocument();
    // The statistics stay the tenant's totals.
    expect(screen.getByTestId("stat-total")).toHaveTextContent("3");
  });

  it("enables Create Fix PR only for npm, pip and go findings with a fixed version", async () => {
    expect(fixUnavailableReason(findings[0]!)).toBeNull();
    expect(fixUnavailableReason(testScaFinding({ ecosystem: "go" }))).toBeNull();
    expect(fixUnavailableReason(testScaFinding({ ecosystem: "nuget", fixedVersion: null }))).toBe(
      "Automated fixes not yet supported for nuget",
    );

    stubSca({ [SCA]: { body: response } });
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const lodash = await screen.findByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    expect(within(lodash).getByRole("button", { name: "Create Fix PR" })).toBeEnabled();

    const log4j = screen.getByRole("listitem", { name: "CVE-2024-2222 in log4j-core" });
    const blocked = within(log4j).getByRole("button", { name: "Create Fix PR" });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription("Automated fixes not yet supported for maven");

    const requests = screen.getByRole("listitem", { name: "GHSA-xxxx-yyyy-zzzz in requests" });
    const noFix = within(requests).getByRole("button", { name: "Create Fix PR" });
    expect(noFix).toBeDisabled();
    expect(noFix).toHaveAccessibleDescription("No fixed version of requests exists yet");
  });

  it("posts the finding id and toasts the PR number, or the server's refusal", async () => {
    let reply: FetchReply = { body: { pr: { number: 42 } } };
    const posted: unknown[] = [];
    stubSca({
      [SCA]: { body: response },
      "POST /api/fixes/dependency": ({ body }) => {
        posted.push(body);
        return reply;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const lodash = await screen.findByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    await user.click(within(lodash).getByRole("button", { name: "Create Fix PR" }));
    expect(await within(notifications()).findByText("Fix PR Created")).toBeInTheDocument();
    expect(within(notifications()).getByText("Pull request #42 was opened.")).toBeInTheDocument();
    expect(posted).toEqual([{ findingId: findings[0]!.id }]);

    reply = { status: 409, body: { error: "Connect the GitHub App to enable this" } };
    await user.click(within(lodash).getByRole("button", { name: "Create Fix PR" }));
    expect(await within(notifications()).findByText("Failed to Create PR")).toBeInTheDocument();
    expect(within(notifications()).getByText("Connect the GitHub App to enable this")).toBeInTheDocument();
  });

  it("shows the pull request instead of Create Fix PR once one fixes the finding", async () => {
    let opened = false;
    const pullRequest = {
      number: 7,
      branchName: "security/fix/upgrade-lodash-4.17.21-7",
      url: null,
      state: "open" as const,
    };
    stubSca({
      [SCA]: () => ({
        body: {
          ...response,
          // One pull request per package upgrade: every advisory of lodash lists it.
          findings: findings.map((finding) =>
            opened && finding.packageName === "lodash"
              ? { ...finding, fixPullRequest: pullRequest }
              : finding,
          ),
        },
      }),
      "POST /api/fixes/dependency": () => {
        opened = true;
        return { status: 201, body: { pr: { number: 7, branchName: pullRequest.branchName, url: null } } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const lodash = await screen.findByRole("listitem", { name: "CVE-2024-1111 in lodash" });
    await user.click(within(lodash).getByRole("button", { name: "Create Fix PR" }));
    const link = await within(lodash).findByRole("link", { name: "Fix PR #7 · open" });
    expect(link).toHaveAttribute("href", "/pr-bot");
    expect(within(lodash).queryByRole("button", { name: "Create Fix PR" })).toBeNull();
    // A pull request on a code host links to it there.
    expect(
      within(screen.getByRole("listitem", { name: "CVE-2024-2222 in log4j-core" })).queryByRole("link"),
    ).toBeNull();
  });

  it("links a merged pull request on the code host", async () => {
    const merged = testScaFinding({
      cveId: "CVE-2024-3333",
      fixPullRequest: {
        number: 9,
        branchName: "security/fix/upgrade-lodash-4.17.21-9",
        url: "https://github.com/acme/payments-api/pull/9",
        state: "merged",
      },
    });
    stubSca({
      [SCA]: { body: { findings: [merged], stats: { total: 1, critical: 0, high: 1, med: 0, low: 0 } } },
    });
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const item = await screen.findByRole("listitem", { name: "CVE-2024-3333 in lodash" });
    expect(within(item).getByRole("link", { name: "Fix PR #9 · merged" })).toHaveAttribute(
      "href",
      "https://github.com/acme/payments-api/pull/9",
    );
  });

  it("shows the error panel and the empty state", async () => {
    stubSca({ [SCA]: { status: 500, body: "" } });
    const { unmount } = renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load Vulnerabilities");
    expect(alert).toHaveTextContent(
      "Unable to retrieve dependency vulnerabilities. Please check your connection and try again.",
    );
    unmount();

    stubSca({ [SCA]: { body: { findings: [], stats: { total: 0, critical: 0, high: 0, med: 0, low: 0 } } } });
    renderWithProviders(<DependenciesPage />, { path: "/dependencies" });
    expect(await screen.findByText("No vulnerable dependencies found")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status", { name: "Loading vulnerabilities" })).toBeNull());
  });
});
