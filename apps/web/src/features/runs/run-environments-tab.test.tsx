import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch, TEST_USER } from "../../test/render";
import { RunEnvironmentsTab } from "./run-environments-tab";

const ACME = TEST_USER.memberships[0]!.tenantId;
const PAYMENTS = "77777777-7777-4777-8777-777777777777";
const OTHER_REPOSITORY = "99999999-9999-4999-8999-999999999999";

function environment(
  id: string,
  name: string,
  repositoryId: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    id,
    name,
    type: "prod",
    declared: { repositoryId, path: "infra/prod", kind: "terraform", varFiles: [], workspace: "default" },
    observed: { kind: "terraform-upload" },
    hasCredential: false,
    syncSchedule: null,
    driftState: "drift_detected",
    driftStats: {
      total: 3,
      missing_resource: 1,
      unexpected_resource: 1,
      config_change: 1,
      securityRelevant: 2,
    },
    lastSyncedAt: "2025-03-04T10:00:00.000Z",
    lastSyncError: null,
    createdAt: "2025-03-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("RunEnvironmentsTab", () => {
  it("lists the environments declared from the run's repository with their drift", async () => {
    stubFetch({
      [`GET /api/tenants/${ACME}/environments`]: {
        body: [
          environment("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "prod", PAYMENTS),
          environment("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "billing", OTHER_REPOSITORY),
        ],
      },
    });
    renderWithProviders(
      <RunEnvironmentsTab run={{ tenantId: ACME, repositoryId: PAYMENTS, repo: "payments-api" }} />,
    );
    const list = await screen.findByRole("list", { name: "Environments of this repository" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByRole("link", { name: "prod" })).toHaveAttribute(
      "href",
      "/environments?env=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    );
    expect(within(list).getByText("Drift Detected")).toBeInTheDocument();
    expect(within(list).getByText(/3 drift findings, 2 security-relevant/)).toBeInTheDocument();
  });

  it("says so when no environment declares the repository", async () => {
    stubFetch({
      [`GET /api/tenants/${ACME}/environments`]: {
        body: [environment("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "billing", OTHER_REPOSITORY)],
      },
    });
    renderWithProviders(
      <RunEnvironmentsTab run={{ tenantId: ACME, repositoryId: PAYMENTS, repo: "payments-api" }} />,
    );
    expect(
      await screen.findByText(/No environment declares its state from payments-api/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Set one up on Environments" })).toHaveAttribute(
      "href",
      "/environments",
    );
  });
});
