import type { DriftFinding, Environment, EnvironmentComparison } from "@rampart/contracts/environments";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { EnvironmentsPage } from "./environments-page";

const ACME = TEST_USER.memberships[0]!.tenantId;
const STAGING = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PROD = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const REPOSITORY = "77777777-7777-4777-8777-777777777777";

function environment(id: string, name: string, overrides: Partial<Environment> = {}): Environment {
  return {
    id,
    name,
    type: "staging",
    declared: {
      repositoryId: REPOSITORY,
      path: "infra",
      kind: "terraform",
      varFiles: [],
      workspace: "default",
    },
    observed: { kind: "terraform-upload" },
    hasCredential: false,
    syncSchedule: null,
    driftState: "in_sync",
    driftStats: {
      total: 0,
      missing_resource: 0,
      unexpected_resource: 0,
      config_change: 0,
      securityRelevant: 0,
    },
    lastSyncedAt: "2025-03-04T10:00:00.000Z",
    lastSyncError: null,
    createdAt: "2025-03-01T10:00:00.000Z",
    ...overrides,
  };
}

const staging = environment(STAGING, "staging");
const prod = environment(PROD, "prod", {
  type: "prod",
  driftState: "drift_detected",
  driftStats: {
    total: 2,
    missing_resource: 1,
    unexpected_resource: 0,
    config_change: 1,
    securityRelevant: 1,
  },
});

const encryptionOff: DriftFinding = {
  id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
  driftType: "config_change",
  resourceType: "aws_s3_bucket",
  resourceId: 'aws_s3_bucket.logs["eu"]',
  attribute:
    "server_side_encryption_configuration.0.rule.0.apply_server_side_encryption_by_default.0.sse_algorithm",
  iacExpected: "aws:kms",
  actualState: null,
  severity: "critical",
  securityRelevant: true,
  controls: ["CC8.1", "CM-6"],
  detectedAt: "2025-03-04T10:00:00.000Z",
};

function stubEnvironments(
  environments: Environment[] | FetchReply | FetchHandler,
  extra: Record<string, FetchReply | FetchHandler> = {},
  role = "admin",
) {
  const acme = testTenant({ id: ACME, name: "Acme Corp", role });
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [acme] },
    [`GET /api/tenants/${ACME}`]: { body: acme },
    [`GET /api/tenants/${ACME}/environments`]: Array.isArray(environments)
      ? { body: environments }
      : environments,
    [`GET /api/tenants/${ACME}/repositories`]: {
      body: [
        {
          id: REPOSITORY,
          tenantId: ACME,
          name: "payments-api",
          source: "url",
          location: "https://git.example.com/acme/payments-api.git",
          defaultBranch: "main",
          scanSchedule: null,
          hasCredential: false,
          createdAt: "2025-03-01T10:00:00.000Z",
        },
      ],
    },
    [`GET /api/env/${STAGING}/drift`]: { body: [] },
    [`GET /api/env/${PROD}/drift`]: { body: [encryptionOff] },
    ...extra,
  });
}

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

function requests(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => (init?.method ?? "GET") === method && String(url) === path)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : undefined));
}

describe("EnvironmentsPage", () => {
  it("selects the first environment and shows another's drift from ?env=", async () => {
    stubEnvironments([staging, prod]);
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    const tabs = await screen.findByRole("tablist", { name: "Environments" });
    expect(within(tabs).getByRole("tab", { name: /staging/ })).toHaveAttribute("aria-selected", "true");
    expect(within(tabs).getByRole("img", { name: "Drift Detected" })).toBeInTheDocument();
    expect(await screen.findByText("In Sync")).toBeInTheDocument();
    expect(await screen.findByText("No drift")).toBeInTheDocument();

    await user.click(within(tabs).getByRole("tab", { name: /prod/ }));
    const panel = screen.getByRole("tabpanel", { name: /prod/ });
    expect(within(panel).getByText("Drift Detected")).toBeInTheDocument();
    const findings = await within(panel).findByRole("list", { name: "Drift findings" });
    expect(within(findings).getByText("Configuration change")).toBeInTheDocument();
    expect(within(findings).getByText("Security-relevant")).toBeInTheDocument();
    expect(within(findings).getByText("Critical")).toBeInTheDocument();
    expect(within(findings).getByText("aws:kms")).toBeInTheDocument();
    expect(within(findings).getByText("CC8.1, CM-6")).toBeInTheDocument();
    const stats = within(panel).getByLabelText("Drift statistics");
    expect(within(stats).getByText("Security-relevant").nextSibling).toHaveTextContent("1");
  });

  it("opens the environment named in ?env=", async () => {
    stubEnvironments([staging, prod]);
    renderWithProviders(<EnvironmentsPage />, { path: `/environments?env=${PROD}` });
    expect(await screen.findByRole("tab", { name: /prod/ })).toHaveAttribute("aria-selected", "true");
  });

  it("shows the error panel when the environments cannot be read", async () => {
    stubEnvironments({ status: 500, body: { error: "Internal error" } });
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    expect(await screen.findByText("Failed to Load Environments")).toBeInTheDocument();
    expect(screen.getByText(/Unable to retrieve environments/)).toBeInTheDocument();
  });

  it("creates an environment: the name is required and the type starts at dev", async () => {
    let list: Environment[] = [];
    const created = environment(STAGING, "Dev sandbox", {
      type: "dev",
      driftState: "unknown",
      lastSyncedAt: null,
    });
    const fetchMock = stubEnvironments(() => ({ body: list }), {
      [`POST /api/tenants/${ACME}/environments`]: () => {
        list = [created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    expect(await screen.findByText("No environments yet")).toBeInTheDocument();
    const add = screen.getByRole("button", { name: "Add Environment" });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText("Environment name"), "   ");
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText("Environment name"), "Dev sandbox");
    expect(screen.getByRole("combobox", { name: "Environment type" })).toHaveTextContent("Development");
    await user.click(add);
    expect(await within(notifications()).findByText("Environment Created")).toBeInTheDocument();
    expect(requests(fetchMock, "POST", `/api/tenants/${ACME}/environments`)).toEqual([
      { name: "Dev sandbox", type: "dev" },
    ]);
    expect(await screen.findByRole("tab", { name: /Dev sandbox/ })).toHaveAttribute("aria-selected", "true");
    expect(location.history.at(-1)).toBe(`/environments?env=${STAGING}`);
  });

  it("says why creation failed", async () => {
    stubEnvironments([], {
      [`POST /api/tenants/${ACME}/environments`]: {
        status: 409,
        body: { error: "An environment named prod exists" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.type(await screen.findByLabelText("Environment name"), "prod");
    await user.click(screen.getByRole("button", { name: "Add Environment" }));
    expect(await within(notifications()).findByText("Creation Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("An environment named prod exists")).toBeInTheDocument();
  });

  it("deletes an environment only after the browser's confirmation", async () => {
    let list = [staging, prod];
    const fetchMock = stubEnvironments(() => ({ body: list }), {
      [`DELETE /api/tenants/${ACME}/environments/${STAGING}`]: () => {
        list = [prod];
        return { status: 204 };
      },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    const remove = await screen.findByRole("button", { name: "Delete Environment" });
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Delete environment "staging"? This action cannot be undone.');
    expect(requests(fetchMock, "DELETE", `/api/tenants/${ACME}/environments/${STAGING}`)).toHaveLength(0);
    await user.click(remove);
    expect(await within(notifications()).findByText("Environment Deleted")).toBeInTheDocument();
    expect(requests(fetchMock, "DELETE", `/api/tenants/${ACME}/environments/${STAGING}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("tab", { name: /staging/ })).not.toBeInTheDocument());
    expect(screen.getByRole("tab", { name: /prod/ })).toHaveAttribute("aria-selected", "true");
  });

  it("shows the server's message when deletion fails", async () => {
    stubEnvironments([staging], {
      [`DELETE /api/tenants/${ACME}/environments/${STAGING}`]: {
        status: 404,
        body: { error: "Environment not found" },
      },
    });
    vi.stubGlobal("confirm", () => true);
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("button", { name: "Delete Environment" }));
    expect(await within(notifications()).findByText("Deletion Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("Environment not found")).toBeInTheDocument();
  });

  it("starts a sync, watches the list until it finishes and then reads the drift again", async () => {
    let list = [staging];
    let driftReads = 0;
    const fetchMock = stubEnvironments(() => ({ body: list }), {
      "POST /api/env/sync": ({ body }) => {
        expect(body).toEqual({ environmentId: STAGING });
        return { status: 202, body: { environmentId: STAGING, status: "queued" } };
      },
      [`GET /api/env/${STAGING}/drift`]: () => {
        driftReads += 1;
        return { body: driftReads > 1 ? [{ ...encryptionOff, severity: "high" }] : [] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    expect(await screen.findByText("No drift")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sync Now" }));
    expect(await within(notifications()).findByText("Sync Started")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sync Now" })).toBeDisabled();
    expect(screen.getByText("Sync in progress…")).toBeInTheDocument();
    // The job finishes: the next poll of the list sees the new result.
    list = [
      {
        ...staging,
        driftState: "drift_detected",
        lastSyncedAt: "2025-03-05T10:00:00.000Z",
        driftStats: {
          total: 1,
          missing_resource: 0,
          unexpected_resource: 0,
          config_change: 1,
          securityRelevant: 1,
        },
      },
    ];
    expect(await screen.findByText("Drift Detected", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText("High")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sync Now" })).toBeEnabled();
    expect(requests(fetchMock, "POST", "/api/env/sync")).toHaveLength(1);
  }, 15_000);

  it("toasts 'Sync Failed' with the server's message when the sync cannot start", async () => {
    stubEnvironments([staging], {
      "POST /api/env/sync": { status: 409, body: { error: "staging has no observed source to read" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("button", { name: "Sync Now" }));
    expect(await within(notifications()).findByText("Sync Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("staging has no observed source to read")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sync Now" })).toBeEnabled();
  });

  it("toasts 'Sync Failed' with the reason when the sync job fails", async () => {
    let list = [staging];
    stubEnvironments(() => ({ body: list }), {
      "POST /api/env/sync": () => ({ status: 202, body: { environmentId: STAGING, status: "queued" } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("button", { name: "Sync Now" }));
    expect(await within(notifications()).findByText("Sync Started")).toBeInTheDocument();
    list = [
      { ...staging, driftState: "unknown", lastSyncError: "The state file could not be read: access denied" },
    ];
    expect(
      await within(notifications()).findByText("Sync Failed", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The last sync failed: The state file could not be read",
    );
  }, 15_000);

  it("compares two environments and proposes the chosen keys to the targets", async () => {
    const comparison: EnvironmentComparison = {
      sourceEnvId: STAGING,
      targetEnvId: PROD,
      configComparison: {
        differences: [
          {
            key: "aws_s3_bucket.logs.versioning.0.enabled",
            change: "modified",
            sourceValue: true,
            targetValue: false,
            securityRelevant: true,
          },
          {
            key: "aws_instance.web.instance_type",
            change: "modified",
            sourceValue: "t3.small",
            targetValue: "t3.large",
            securityRelevant: false,
          },
        ],
      },
      driftStats: { source: staging.driftStats, target: prod.driftStats },
    };
    const fetchMock = stubEnvironments([staging, prod], {
      [`GET /api/env/${STAGING}/compare?targetEnvId=${PROD}`]: { body: comparison },
      "POST /api/env/apply-config": {
        body: {
          appliedFrom: STAGING,
          results: [
            {
              environmentId: PROD,
              status: "proposed",
              pullRequest: { number: 7, url: "https://git.example.com/acme/payments-api/pull/7" },
              reason: "Sets versioning in infra/prod.tfvars",
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("combobox", { name: "Compare with" }));
    await user.click(await screen.findByRole("option", { name: "prod" }));
    const table = await screen.findByRole("table", { name: "Configuration differences" });
    expect(
      screen.getByText(
        "Drift: staging 0 findings (0 security-relevant) · prod 2 findings (1 security-relevant)",
      ),
    ).toBeInTheDocument();
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("aws_s3_bucket.logs.versioning.0.enabled");
    expect(within(rows[1]!).getByRole("img", { name: "Security-relevant" })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent("t3.large");

    // Only the security-relevant key is shared; prod is the target.
    await user.click(screen.getByRole("checkbox", { name: "Share aws_instance.web.instance_type" }));
    await user.click(screen.getByRole("button", { name: "Apply Configuration" }));
    expect(await within(notifications()).findByText("Configuration Applied")).toBeInTheDocument();
    expect(requests(fetchMock, "POST", "/api/env/apply-config")).toEqual([
      { sourceEnvId: STAGING, targetEnvIds: [PROD], keys: ["aws_s3_bucket.logs.versioning.0.enabled"] },
    ]);
    const results = screen.getByRole("list", { name: "Apply results" });
    expect(within(results).getByRole("link", { name: /#7/ })).toHaveAttribute(
      "href",
      "https://git.example.com/acme/payments-api/pull/7",
    );
    expect(within(results).getByText("Sets versioning in infra/prod.tfvars")).toBeInTheDocument();
  });

  it("says why two environments cannot be compared", async () => {
    stubEnvironments([staging, prod], {
      [`GET /api/env/${STAGING}/compare?targetEnvId=${PROD}`]: {
        status: 422,
        body: { error: "payments-api has not been scanned yet: scan it first" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("combobox", { name: "Compare with" }));
    await user.click(await screen.findByRole("option", { name: "prod" }));
    expect(await screen.findByText("Failed to Compare Environments")).toBeInTheDocument();
    expect(screen.getByText("payments-api has not been scanned yet: scan it first")).toBeInTheDocument();
  });

  it("toasts 'Apply Failed' with the server's reason", async () => {
    stubEnvironments([staging, prod], {
      [`GET /api/env/${STAGING}/compare?targetEnvId=${PROD}`]: {
        body: {
          sourceEnvId: STAGING,
          targetEnvId: PROD,
          configComparison: {
            differences: [
              { key: "a", change: "added", sourceValue: 1, targetValue: null, securityRelevant: false },
            ],
          },
          driftStats: { source: null, target: null },
        },
      },
      "POST /api/env/apply-config": { status: 409, body: { error: "prod has no declared source to change" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("combobox", { name: "Compare with" }));
    await user.click(await screen.findByRole("option", { name: "prod" }));
    await user.click(await screen.findByRole("button", { name: "Apply Configuration" }));
    expect(await within(notifications()).findByText("Apply Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("prod has no declared source to change")).toBeInTheDocument();
  });

  it("configures an AWS state source from Data Sources and shows why the server refused it", async () => {
    const fetchMock = stubEnvironments([staging], {
      [`PUT /api/tenants/${ACME}/environments/${STAGING}/sources`]: {
        status: 400,
        body: { error: "The S3 bucket refused the access key: check the key and its permissions" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    await user.click(await screen.findByRole("tab", { name: "Cloud Providers" }));
    await user.click(screen.getByRole("button", { name: "Configure AWS" }));
    const dialog = await screen.findByRole("dialog", { name: "Sources of staging" });
    expect(within(dialog).getByRole("combobox", { name: "Read from" })).toHaveTextContent(
      "Terraform state in Amazon S3",
    );
    await user.click(within(dialog).getByRole("button", { name: "Save Sources" }));
    // Nothing is sent while required fields are empty.
    expect(within(dialog).getAllByText("Required").length).toBeGreaterThan(0);
    expect(requests(fetchMock, "PUT", `/api/tenants/${ACME}/environments/${STAGING}/sources`)).toHaveLength(
      0,
    );
    await user.type(within(dialog).getByLabelText("Bucket"), "acme-state");
    await user.type(within(dialog).getByLabelText("Key"), "prod/terraform.tfstate");
    await user.type(within(dialog).getByLabelText("Region"), "eu-west-1");
    await user.type(within(dialog).getByLabelText("Access key ID"), "AKIAEXAMPLE");
    await user.type(within(dialog).getByLabelText("Secret access key"), "secret");
    await user.click(within(dialog).getByRole("button", { name: "Save Sources" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The S3 bucket refused the access key",
    );
    expect(requests(fetchMock, "PUT", `/api/tenants/${ACME}/environments/${STAGING}/sources`)).toEqual([
      {
        declared: {
          repositoryId: REPOSITORY,
          path: "infra",
          kind: "terraform",
          varFiles: [],
          workspace: "default",
        },
        observed: {
          kind: "terraform-s3",
          bucket: "acme-state",
          key: "prod/terraform.tfstate",
          region: "eu-west-1",
        },
        credential: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
        syncSchedule: null,
      },
    ]);
  }, 20_000);

  it("shows an auditor the environments and their drift without the actions", async () => {
    stubEnvironments([prod], {}, "auditor");
    renderWithProviders(<EnvironmentsPage />, { path: "/environments" });
    expect(await screen.findByRole("list", { name: "Drift findings" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Environment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sync Now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Environment" })).not.toBeInTheDocument();
  });
});
