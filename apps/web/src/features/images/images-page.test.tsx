import type { SbomArtifact } from "@rampart/contracts/sca";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { formatDateTime } from "../../lib/format-date";
import { TENANT_ID, testHash } from "../../test/fixtures";
import { type FetchReply, renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { ContainerImagesPage } from "./images-page";

const SBOM = `GET /api/tenants/${TENANT_ID}/sbom`;

function stubImages(sbom: FetchReply) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    [SBOM]: sbom,
  });
}

function component(index: number) {
  return {
    type: "library",
    "bom-ref": `pkg:npm/package-${index}@1.0.${index}`,
    name: `package-${index}`,
    version: `1.0.${index}`,
    purl: `pkg:npm/package-${index}@1.0.${index}`,
    licenses: index % 2 === 0 ? [{ license: { id: "MIT" } }] : [{ expression: "MIT OR Apache-2.0" }],
  };
}

function testSbom(overrides: Partial<SbomArtifact> = {}): SbomArtifact {
  const components = [component(0), component(1)];
  return {
    id: "abcdef12-3456-4789-8abc-def012345678",
    runId: "99999999-9999-4999-8999-999999999999",
    imageId: null,
    repo: "acme/payments-api",
    format: "CycloneDX 1.6",
    sbomHash: testHash("sbom-a"),
    componentCount: components.length,
    sbomData: { bomFormat: "CycloneDX", specVersion: "1.6", components },
    createdAt: "2025-11-22T14:05:00.000Z",
    ...overrides,
  };
}

async function openSbomTab() {
  const user = userEvent.setup();
  renderWithProviders(<ContainerImagesPage />, { path: "/images" });
  await user.click(screen.getByRole("tab", { name: "SBOM" }));
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ContainerImagesPage", () => {
  it("opens on an honest Vulnerabilities empty state with the CLI command and asks nothing", async () => {
    const fetchMock = stubImages({ body: [] });
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    expect(screen.getByRole("heading", { level: 1, name: "Container Security" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Vulnerabilities" })).toHaveAttribute("aria-selected", "true");
    const empty = screen.getByRole("region", { name: "No container images scanned yet" });
    expect(empty).toHaveTextContent("images cannot be sent to the server yet");
    expect(within(empty).getByText("rampart sbom image.tar")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(`/api/tenants/${TENANT_ID}/sbom`);
  });

  it("lists each SBOM with repo, format, short hash, time and component count", async () => {
    const older = testSbom({
      id: "12345678-0000-4000-8000-000000000000",
      repo: "acme/web",
      sbomHash: testHash("sbom-b"),
      componentCount: 0,
      sbomData: { bomFormat: "CycloneDX", specVersion: "1.6", components: [] },
      createdAt: "2025-11-20T09:00:00.000Z",
    });
    stubImages({ body: [testSbom(), older] });
    await openSbomTab();
    const list = await screen.findByRole("list", { name: "SBOM artifacts" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual([
      "SBOM of acme/payments-api",
      "SBOM of acme/web",
    ]);
    const first = items[0] as HTMLElement;
    expect(first).toHaveTextContent("CycloneDX 1.6");
    expect(first).toHaveTextContent(`${testHash("sbom-a").slice(0, 16)}…`);
    expect(first).not.toHaveTextContent(testHash("sbom-a"));
    expect(first).toHaveTextContent(formatDateTime("2025-11-22T14:05:00.000Z"));
    expect(formatDateTime("2025-11-22T14:05:00.000Z")).toMatch(/^Nov 2[12], 2025 \d\d:\d\d$/);
    expect(first).toHaveTextContent("Components2");
  });

  it("downloads the CycloneDX JSON as sbom-{first 8 of id}.cdx.json", async () => {
    const artifact = testSbom();
    stubImages({ body: [artifact] });
    const save = vi.spyOn(browser, "saveBlob").mockImplementation(() => {});
    const user = await openSbomTab();
    const item = await screen.findByRole("listitem", { name: "SBOM of acme/payments-api" });
    await user.click(within(item).getByRole("button", { name: "Download" }));
    expect(save).toHaveBeenCalledWith(expect.any(Blob), "sbom-abcdef12.cdx.json");
    const blob = save.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(artifact.sbomData);
  });

  it("expands the components with name, version, purl and licences, capped at 200", async () => {
    const components = Array.from({ length: 205 }, (_, index) => component(index));
    stubImages({
      body: [
        testSbom({
          componentCount: components.length,
          sbomData: { bomFormat: "CycloneDX", specVersion: "1.6", components },
        }),
      ],
    });
    const user = await openSbomTab();
    const item = await screen.findByRole("listitem", { name: "SBOM of acme/payments-api" });
    const toggle = within(item).getByRole("button", { name: "View Components" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(item).queryByRole("table")).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const table = within(item).getByRole("table", { name: "Components of acme/payments-api" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(201); // header + 200
    expect(rows[1]).toHaveTextContent("package-0");
    expect(rows[1]).toHaveTextContent("1.0.0");
    expect(rows[1]).toHaveTextContent("pkg:npm/package-0@1.0.0");
    expect(rows[1]).toHaveTextContent("MIT");
    expect(rows[2]).toHaveTextContent("MIT OR Apache-2.0");
    expect(within(table).queryByText("package-200")).not.toBeInTheDocument();
    expect(within(item).getByText("+5 more")).toBeInTheDocument();

    await user.click(toggle);
    expect(within(item).queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the empty state when there are no SBOMs", async () => {
    stubImages({ body: [] });
    await openSbomTab();
    const empty = await screen.findByRole("region", { name: "No SBOMs yet" });
    expect(empty).toHaveTextContent("Each scan stores a bill of materials of the scanned commit.");
  });

  it("shows the error panel when the SBOMs cannot be loaded", async () => {
    stubImages({ status: 500, body: "" });
    await openSbomTab();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load SBOMs");
    expect(alert).toHaveTextContent(
      "Unable to retrieve SBOM artifacts. Please check your connection and try again.",
    );
  });
});
