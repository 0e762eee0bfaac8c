import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FetchReply, renderWithProviders, stubFetch } from "../../test/render";
import { SYSTEM_REFRESH_MS } from "./api/get-system-info";
import { systemJobsQueryOptions } from "./api/get-system-jobs";
import { formatUptime } from "./system-labels";
import { SystemSettingsDrawer } from "./system-settings-drawer";

const INFO = {
  version: "1.4.0",
  environment: "production",
  uptime: 26 * 3600 + 5 * 60 + 59,
  workers: [
    { name: "scan-worker", status: "running", jobCount: 12, lastRun: "2025-06-01T10:00:00.000Z" },
    { name: "ledger-worker", status: "stopped", jobCount: 0 },
  ],
  cronJobs: [
    { name: "verify-evidence", enabled: true, schedule: "0 * * * *", nextRun: "2025-06-01T11:00:00.000Z" },
    { name: "weekly-attestation", enabled: false, schedule: "0 3 * * 1" },
  ],
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
    expect(system).toHaveTextContent("production");
    expect(system).toHaveTextContent("26h 5m");

    const workers = within(drawer).getByRole("region", { name: "Worker Health" });
    expect(within(workers).getByText("running")).toHaveClass("text-success");
    expect(within(workers).getByText("stopped")).toHaveClass("text-muted-foreground");
    expect(workers).toHaveTextContent("12 jobs");

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
});
