import type { ContainerFinding, ContainerImage } from "@rampart/contracts/containers";
import type { SbomArtifact } from "@rampart/contracts/sca";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { formatDateTime } from "../../lib/format-date";
import { TENANT_ID, testHash } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { ContainerImagesPage } from "./images-page";

const SBOM = `GET /api/tenants/${TENANT_ID}/sbom`;
const CONTAINERS = `GET /api/tenants/${TENANT_ID}/containers`;
const IMAGES = `GET /api/tenants/${TENANT_ID}/images`;

function stubImages(
  sbom: FetchReply,
  more: Record<string, FetchReply | FetchHandler> = {},
  tenant: Record<string, unknown> = {},
) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp", ...tenant })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp", ...tenant }) },
    [SBOM]: sbom,
    [CONTAINERS]: { body: [] },
    [IMAGES]: { body: [] },
    ...more,
  });
}

function testFinding(overrides: Partial<ContainerFinding> = {}): ContainerFinding {
  return {
    id: "c0000000-0000-4000-8000-000000000001",
    imageId: "d0000000-0000-4000-8000-000000000001",
    imageRef: "registry.example.com/acme/ml-pipeline:2.0.1",
    baseImage: "docker.io/library/python:3.11-alpine3.18",
    vulnerabilityId: "ALPINE-CVE-2025-26519",
    aliases: [],
    severity: "high",
    cvssScore: 8.1,
    packageName: "musl",
    ecosystem: "Alpine",
    installedVersion: "1.2.4-r2",
    fixedVersion: "1.2.4-r3",
    summary: null,
    scannedAt: "2025-11-22T14:05:00.000Z",
    ...overrides,
  };
}

function testImage(overrides: Partial<ContainerImage> = {}): ContainerImage {
  return {
    id: "d0000000-0000-4000-8000-000000000002",
    imageRef: "app.tar",
    baseImage: null,
    os: null,
    packageCount: null,
    state: "queued",
    error: null,
    uploadBytes: 2048,
    createdAt: "2025-11-22T14:05:00.000Z",
    scannedAt: null,
    ...overrides,
  };
}

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
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
  it("opens on the Vulnerabilities tab and lists each container finding", async () => {
    stubImages(
      { body: [] },
      {
        [CONTAINERS]: {
          body: [
            testFinding(),
            testFinding({
              id: "c0000000-0000-4000-8000-000000000002",
              imageRef: "registry.example.com/acme/payments-api:1.4.2",
              baseImage: null,
              vulnerabilityId: "DLA-3022-1",
              severity: "med",
              cvssScore: null,
              packageName: "dpkg",
              ecosystem: "Debian",
              installedVersion: "1.18.25",
              fixedVersion: null,
              summary: "dpkg - security update",
            }),
          ],
        },
      },
    );
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    expect(screen.getByRole("heading", { level: 1, name: "Container Security" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Vulnerabilities" })).toHaveAttribute("aria-selected", "true");
    const table = await screen.findByRole("table", { name: "Container vulnerabilities" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "ImageVulnerabilitySeverityCVSSPackageInstalled → Fixed",
      "registry.example.com/acme/ml-pipeline:2.0.1FROM docker.io/library/python:3.11-alpine3.18ALPINE-CVE-2025-26519High8.1muslAlpine1.2.4-r2 → 1.2.4-r3",
      "registry.example.com/acme/payments-api:1.4.2DLA-3022-1dpkg - security updateMedium—dpkgDebian1.18.25 → no fix yet",
    ]);
    expect(screen.getByRole("button", { name: "Upload Image" })).toBeInTheDocument();
  });

  it("shows loading, then the error panel with a retry when the findings cannot be loaded", async () => {
    let calls = 0;
    stubImages(
      { body: [] },
      {
        [CONTAINERS]: () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: "" } : { body: [testFinding()] };
        },
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    expect(screen.getByRole("status", { name: "Loading container vulnerabilities" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to Load Container Vulnerabilities");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Container vulnerabilities" })).toBeInTheDocument();
  });

  it("without images, explains how to make one and offers the upload to members only", async () => {
    stubImages({ body: [] });
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    const empty = await screen.findByRole("region", { name: "No container images scanned yet" });
    expect(within(empty).getByText("docker save my-app:1.0 -o my-app.tar")).toBeInTheDocument();
    expect(within(empty).getByRole("button", { name: "Upload Image" })).toBeInTheDocument();
  });

  it("hides the upload from an auditor", async () => {
    stubImages({ body: [] }, {}, { role: "auditor" });
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    const empty = await screen.findByRole("region", { name: "No container images scanned yet" });
    expect(within(empty).queryByRole("button", { name: "Upload Image" })).not.toBeInTheDocument();
  });

  it("shows uploads being scanned and failed scans with their reason", async () => {
    stubImages(
      { body: [] },
      {
        [IMAGES]: {
          body: [
            testImage(),
            testImage({
              id: "d0000000-0000-4000-8000-000000000003",
              imageRef: "broken.tar",
              state: "failed",
              error: "image: layer missing/layer.tar named by the manifest is not in the archive",
            }),
          ],
        },
      },
    );
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    const scans = await screen.findByRole("list", { name: "Image scans" });
    const items = within(scans).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Scanning app.tar…");
    expect(items[1]).toHaveTextContent(
      "Scan of broken.tar failed: image: layer missing/layer.tar named by the manifest is not in the archive",
    );
  });

  it("uploads the chosen tarball as the request body and toasts, or shows the server's refusal", async () => {
    const uploads: { url: string; contentType: string | null; body: unknown }[] = [];
    const fetchMock = stubImages({ body: [] });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if ((init.method ?? "GET") === "POST") {
        uploads.push({ url, contentType: new Headers(init.headers).get("Content-Type"), body: init.body });
        return url.endsWith("name=notes.tar")
          ? new Response(JSON.stringify({ error: "The upload is not a container image" }), { status: 400 })
          : new Response(JSON.stringify(testImage({ imageRef: "app.tar" })), { status: 202 });
      }
      return base(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<ContainerImagesPage />, { path: "/images" });
    await screen.findByRole("region", { name: "No container images scanned yet" });
    const file = new File([new Uint8Array([1, 2, 3])], "app.tar", { type: "application/x-tar" });
    await user.upload(screen.getByLabelText("Image tarball"), file);
    expect(await within(notifications()).findByText("Image Uploaded")).toBeInTheDocument();
    expect(uploads[0]).toEqual({
      url: `/api/tenants/${TENANT_ID}/images?name=app.tar`,
      contentType: "application/x-tar",
      body: file,
    });

    await user.upload(screen.getByLabelText("Image tarball"), new File(["hello"], "notes.tar"));
    expect(await within(notifications()).findByText("Upload Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText("The upload is not a container image")).toBeInTheDocument();
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
    expect(empty).toHaveTextContent("Each scan stores a bill of materials of the scanned commit");
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
