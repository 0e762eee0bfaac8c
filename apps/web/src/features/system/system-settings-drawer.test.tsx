import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format-date";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { SYSTEM_REFRESH_MS } from "./api/get-system-info";
import { systemJobsQueryOptions } from "./api/get-system-jobs";
import { describeEnvironment, formatUptime } from "./system-labels";
import { SystemSettingsDrawer } from "./system-settings-drawer";

const INFO = {
  version: "1.4.0",
  environment: "production",
  database: "pglite",
  uptime: 26 * 3600 + 5 * 60 + 59,
  workers: [
    {
      name: "scan-worker",
      status: "running",
      jobCount: 12,
      active: 2,
      queued: 10,
      lastRun: "2025-06-01T10:00:00.000Z",
      lastResult: "failed",
    },
    {
      name: "ledger-worker",
      status: "stopped",
      jobCount: 1,
      active: 0,
      queued: 1,
      lastRun: "2025-05-30T08:07:00.000Z",
      lastResult: "completed",
      schedule: "7 * * * *",
    },
    { name: "images.scan", status: "idle", jobCount: 0, active: 0, queued: 0 },
  ],
  cronJobs: [
    { name: "verify-evidence", enabled: true, schedule: "0 * * * *", nextRun: "2025-06-01T11:00:00.000Z" },
    { name: "weekly-attestation", enabled: false, schedule: "0 3 * * 1" },
  ],
  ledgerAlerts: [],
};

const LONG_ERROR = "connect ECONNREFUSED 127.0.0.1:5432 while fetching the repository archive";
const JOBS = {
  jobs: Array.from({ length: 12 }, (_, index) => ({
    jobId: `${String(index).padStart(2, "0")}abcdef-1234-4000-8000-000000000000`,
    jobName: `scan-${index}`,
    status: index === 0 ? "failed" : "completed",
    attempts: index === 0 ? [{ error: "first" }, { error: LONG_ERROR }] : [{}],
    totalExecutionTime: 1200 + index,
    lastUpdatedAt: "2025-06-01T10:00:00.000Z",
  })),
};

function stubSystem(info: FetchReply, jobs: FetchReply) {
  return stubFetch({ "GET /api/system/info": info, "GET /api/system/jobs": jobs });
}

async function openDrawer() {
  const user = userEvent.setup();
  renderWithProviders(<SystemSettingsDrawer />);
  await user.click(screen.getByRole("button", { name: "System settings" }));
  return screen.findByRole("dialog", { name: "System Settings" });
}

describe("SystemSettingsDrawer", () => {
  it("shows system information, workers, cron jobs and at most 10 recent jobs", async () => {
    const fetchMock = stubSystem({ body: INFO }, { body: JOBS });
    expect(fetchMock).not.toHaveBeenCalled();
    const drawer = await openDrawer();
    expect(within(drawer).getByText("Worker health, cron jobs, and system information")).toBeInTheDocument();

    const system = within(drawer).getByRole("region", { name: "System Information" });
    expect(await within(system).findByText("1.4.0")).toBeInTheDocument();
    // The environment the server runs in, and on what data.
    expect(system).toHaveTextContent("production (embedded database)");
    expect(system).toHaveTextContent("26h 5m");

    const workers = within(drawer).getByRole("region", { name: "Worker Health" });
    expect(within(workers).getByText("running")).toHaveClass("text-success");
    expect(within(workers).getByText("stopped")).toHaveClass("text-muted-foreground");
    // Each worker's own facts: load, last run and how it ended, schedule.
    const [scan, ledger, images] = within(workers).getAllByRole("listitem");
    expect(scan).toHaveTextContent(
      `12 jobs (2 active, 10 queued) · last run ${formatDateTime(INFO.workers[0]!.lastRun!)} · failed`,
    );
    expect(within(scan!).getByText("failed")).toHaveClass("text-danger");
    expect(ledger).toHaveTextContent(
      `7 * * * * · 1 job (0 active, 1 queued) · last run ${formatDateTime(INFO.workers[1]!.lastRun!)} · completed`,
    );
    expect(within(ledger!).getByText("completed")).toHaveClass("text-success");
    expect(images).toHaveTextContent("0 jobs (0 active, 0 queued) · last run Never");

    const crons = within(drawer).getByRole("region", { name: "Cron Jobs" });
    expect(crons).toHaveTextContent("verify-evidence");
    expect(crons).toHaveTextContent("0 * * * *");
    expect(within(crons).getByText("Enabled")).toBeInTheDocument();
    expect(within(crons).getByText("Disabled")).toBeInTheDocument();

    const list = await within(drawer).findByRole("list", { name: "Recent jobs" });
    const jobs = within(list).getAllByRole("listitem");
    expect(jobs).toHaveLength(10);
    expect(jobs[0]).toHaveTextContent("00abcdef");
    expect(jobs[0]).not.toHaveTextContent("00abcdef-");
    expect(within(jobs[0]!).getByText("failed")).toHaveClass("text-danger");
    expect(jobs[0]).toHaveTextContent(`${LONG_ERROR.slice(0, 50)}…`);
    expect(jobs[0]).not.toHaveTextContent(LONG_ERROR);
    expect(jobs[0]).toHaveTextContent("1200 ms");
    expect(within(jobs[1]!).getByText("completed")).toHaveClass("text-success");
    expect(list).not.toHaveTextContent("scan-10");

    expect(within(drawer).getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  it("shows the open evidence ledger alerts of the user's organizations", async () => {
    const alert = {
      id: "a1a2a3a4-0000-4000-8000-000000000001",
      tenantId: "t1t2t3t4-0000-4000-8000-000000000001",
      kind: "fork",
      message: "witness w.example: refused the chain of 12 entries as inconsistent with what it saw (a fork)",
      treeSize: null,
      detectedAt: "2025-06-01T10:30:00.000Z",
    };
    stubSystem({ body: { ...INFO, ledgerAlerts: [alert] } }, { body: JOBS });
    const drawer = await openDrawer();
    const section = await within(drawer).findByRole("region", { name: "Evidence Ledger Alerts" });
    expect(section).toHaveTextContent("Witness saw a fork");
    expect(section).toHaveTextContent(`${alert.message} · ${formatDateTime(alert.detectedAt)}`);
    expect(section).toHaveTextContent("Nothing is signed over an organization's ledger");
  });

  it("shows each section's error line when its call fails", async () => {
    stubSystem({ status: 404, body: "" }, { body: { jobs: [] } });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("Unable to load system information.")).toBeInTheDocument();
    expect(within(drawer).getByText("Unable to load worker health.")).toBeInTheDocument();
    expect(within(drawer).getByText("Unable to load cron jobs.")).toBeInTheDocument();
    expect(await within(drawer).findByText("No jobs have run yet.")).toBeInTheDocument();
  });

  it("refreshes every 5 seconds and words uptime as hours and minutes", () => {
    expect(SYSTEM_REFRESH_MS).toBe(5000);
    expect(systemJobsQueryOptions.refetchInterval).toBe(5000);
    expect(formatUptime(59)).toBe("0h 0m");
    expect(formatUptime(3 * 3600 + 120)).toBe("3h 2m");
  });

  it("names the database the server runs on", () => {
    expect(describeEnvironment({ environment: "production", database: "pglite" })).toBe(
      "production (embedded database)",
    );
    expect(describeEnvironment({ environment: "development", database: "postgres" })).toBe(
      "development (PostgreSQL)",
    );
  });
});

const ACME = TEST_USER.memberships[0]!.tenantId;
const AUDIT_URL = `/api/tenants/${ACME}/audit-log`;

function auditEntry(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    tenantId: ACME,
    actor: { userId: TEST_USER.id, email: "ada@example.com" },
    action: "repository.create",
    target: "0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4",
    method: "POST",
    route: "/api/tenants/:tenantId/repositories",
    statusCode: 201,
    result: "success",
    clientAddress: "203.0.113.9",
    createdAt: "2025-06-01T10:00:00.000Z",
    ...overrides,
  };
}

/** The session, with Acme as the current organization in the given role, and the audit log. */
function stubWithAuditLog(acme: Record<string, unknown>, auditLog: FetchHandler) {
  const tenant = testTenant({ id: ACME, name: "Acme Corp", ...acme });
  return stubFetch({
    "GET /api/system/info": { body: INFO },
    "GET /api/system/jobs": { body: JOBS },
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [tenant] },
    [`GET /api/tenants/${ACME}`]: { body: tenant },
    ...Object.fromEntries(
      [
        "?limit=50",
        "?limit=50&cursor=c1",
        "?action=auth.sign-in&actor=bob&result=denied&from=2025-06-01&to=2025-06-02&limit=50",
      ].map((query) => [`GET ${AUDIT_URL}${query}`, auditLog]),
    ),
  });
}

describe("SystemSettingsDrawer audit log", () => {
  it("shows an admin the organization's log, appends pages on Load More and applies the filters", async () => {
    const fetchMock = stubWithAuditLog({ role: "admin" }, ({ url }) => {
      if (url.includes("cursor=c1"))
        return {
          body: { entries: [auditEntry(51, { action: "auth.sign-out", target: null })], nextCursor: null },
        };
      if (url.includes("result=denied"))
        return {
          body: {
            entries: [
              auditEntry(99, {
                action: "auth.sign-in",
                actor: { userId: null, email: "bob@example.com" },
                result: "denied",
                statusCode: 401,
                target: null,
              }),
            ],
            nextCursor: null,
          },
        };
      return {
        body: { entries: Array.from({ length: 50 }, (_, index) => auditEntry(index)), nextCursor: "c1" },
      };
    });
    const user = userEvent.setup();
    const drawer = await openDrawer();
    // The spec's texts stay.
    expect(within(drawer).getByText("Worker health, cron jobs, and system information")).toBeInTheDocument();
    const section = await within(drawer).findByRole("region", { name: "Audit Log" });
    const list = await within(section).findByRole("list", { name: "Audit log entries" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    const first = within(list).getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent("repository.create 0b6f1c2e");
    expect(first).toHaveTextContent("ada@example.com · 203.0.113.9 · 201");
    expect(within(first).getByText("success")).toHaveClass("text-success");

    await user.click(within(section).getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(51));
    expect(within(section).queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();

    await user.type(within(section).getByLabelText("Action"), "auth.sign-in");
    await user.type(within(section).getByLabelText("Actor"), "bob");
    await user.selectOptions(within(section).getByLabelText("Result"), "denied");
    await user.type(within(section).getByLabelText("From"), "2025-06-01");
    await user.type(within(section).getByLabelText("To"), "2025-06-02");
    // Nothing is fetched while typing: the filters apply together.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("actor=b&"))).toBe(false);
    await user.click(within(section).getByRole("button", { name: "Apply Filters" }));
    const filtered = await within(section).findByText("bob@example.com", { exact: false });
    expect(filtered.closest("li")).toHaveTextContent("auth.sign-in");
    expect(within(filtered.closest("li")!).getByText("denied")).toHaveClass("text-warning");
    expect(within(section).getAllByRole("listitem")).toHaveLength(1);
  });

  it("says when no entry matches", async () => {
    stubWithAuditLog({ role: "admin" }, () => ({ body: { entries: [], nextCursor: null } }));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("No audit log entries match.")).toBeInTheDocument();
  });

  it("shows the section to auditors only while auditor access is on, and never to members", async () => {
    const log = () => ({ body: { entries: [auditEntry(1)], nextCursor: null } });
    for (const [acme, shown] of [
      [{ role: "auditor", auditorAccessEnabled: true }, true],
      [{ role: "auditor", auditorAccessEnabled: false }, false],
      [{ role: "member" }, false],
    ] as const) {
      const fetchMock = stubWithAuditLog(acme, log);
      const drawer = await openDrawer();
      await within(drawer).findByText("1.4.0");
      if (shown) {
        expect(await within(drawer).findByRole("region", { name: "Audit Log" })).toBeInTheDocument();
      } else {
        // Wait until the tenant is known, then the section must still be absent.
        await waitFor(() =>
          expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/tenants/${ACME}`)).toBe(true),
        );
        expect(within(drawer).queryByRole("region", { name: "Audit Log" })).not.toBeInTheDocument();
        expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith(AUDIT_URL))).toBe(false);
      }
      cleanup();
    }
  });
});
