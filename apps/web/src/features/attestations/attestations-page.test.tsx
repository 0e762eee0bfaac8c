import type { Attestation, Provenance } from "@rampart/contracts/attestations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { TENANT_ID } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { AttestationsPage } from "./attestations-page";

const ATTESTATIONS = `GET /api/tenants/${TENANT_ID}/attestations`;
const PROVENANCE = `GET /api/tenants/${TENANT_ID}/provenance`;

function stubPage(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    ...routes,
  });
}

function testAttestation(overrides: Partial<Attestation> = {}): Attestation {
  return {
    id: "a1b2c3d4-0000-4000-8000-000000000001",
    bundleHash: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    createdAt: "2026-11-16T05:00:00.000Z",
    blockchainAnchor: null,
    trigger: "schedule",
    periodStart: "2026-11-09T05:00:00.000Z",
    periodEnd: "2026-11-16T05:00:00.000Z",
    bundleData: {
      _type: "https://in-toto.io/Statement/v1",
      predicateType: "https://rampart.dev/attestation/compliance/v1",
      predicate: { frameworks: [{ framework: "soc2", score: 87 }] },
    },
    ...overrides,
  };
}

function testProvenance(overrides: Partial<Provenance> = {}): Provenance {
  return {
    id: "p9p8p7p6-0000-4000-8000-000000000001",
    runId: "r1r2r3r4-0000-4000-8000-000000000001",
    source: "scan",
    createdAt: "2026-11-20T09:30:00.000Z",
    sigstoreBundle: { payloadType: "application/vnd.in-toto+json", payload: "e30=", signatures: [] },
    signatureRef: "SHA256:0123456789abcdefghijklmnopqrstuvwxyz",
    verified: true,
    verificationError: null,
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("AttestationsPage", () => {
  it("shows the loading skeleton and the provenance loading text first", async () => {
    stubPage({
      [ATTESTATIONS]: () => ({ body: [] }),
      [PROVENANCE]: () => ({ body: [] }),
    });
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });
    expect(screen.getByText("Compliance bundles and supply chain provenance")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading attestations" })).toBeInTheDocument();
    expect(screen.getByText("Loading provenance attestations...")).toBeInTheDocument();
    expect(await screen.findByText("No Attestations Yet")).toBeInTheDocument();
  });

  it("shows the empty states, and Generate Now signs a bundle and refreshes the list", async () => {
    let list: Attestation[] = [];
    const fetchMock = stubPage({
      [ATTESTATIONS]: () => ({ body: list }),
      [PROVENANCE]: { body: [] },
      [`POST /api/tenants/${TENANT_ID}/attestations`]: () => {
        list = [testAttestation({ trigger: "manual" })];
        return { status: 201, body: list[0] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });

    const empty = await screen.findByRole("region", { name: "No Attestations Yet" });
    expect(empty).toHaveTextContent(
      "Compliance attestations will be generated automatically on a weekly schedule",
    );
    const summary = screen.getByRole("region", { name: "Attestation summary" });
    expect(summary).toHaveTextContent("Total Attestations0");
    expect(summary).toHaveTextContent("Blockchain Verified0");
    expect(summary).toHaveTextContent("Latest AttestationN/A");
    expect(
      await screen.findByText("SLSA provenance attestations will appear here when builds are signed"),
    ).toBeInTheDocument();
    expect(screen.getByText("Supply chain provenance attestations (SLSA framework)")).toBeInTheDocument();

    await user.click(within(empty).getByRole("button", { name: "Generate Now" }));
    expect(await screen.findByText("Attestation Bundle")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true);
    expect(screen.getByRole("region", { name: "Attestation summary" })).toHaveTextContent(
      "Total Attestations1",
    );
  });

  it("toasts the server's reason when Generate Now fails", async () => {
    stubPage({
      [ATTESTATIONS]: { body: [] },
      [PROVENANCE]: { body: [] },
      [`POST /api/tenants/${TENANT_ID}/attestations`]: {
        status: 400,
        body: { error: "Nothing to attest yet: run a scan first" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });
    await user.click(await screen.findByRole("button", { name: "Generate Now" }));
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(await within(region).findByText("Generation Failed")).toBeInTheDocument();
    expect(within(region).getByText("Nothing to attest yet: run a scan first")).toBeInTheDocument();
  });

  it("lists bundles with summary cards, the anchor, downloads and expandable contents", async () => {
    const anchored = testAttestation({
      id: "b1b2b3b4-0000-4000-8000-000000000002",
      createdAt: "2026-11-21T14:05:00.000Z",
      blockchainAnchor: "opentimestamps:bafy0123",
    });
    const plain = testAttestation();
    stubPage({
      [ATTESTATIONS]: { body: [anchored, plain] },
      [PROVENANCE]: { body: [] },
      [`GET /api/attest/bundle/${plain.id}?format=json`]: { body: { payloadType: "x" } },
      [`GET /api/attest/bundle/${plain.id}?format=pdf`]: { status: 500, body: "" },
    });
    const save = vi.spyOn(browser, "saveBlob").mockImplementation(() => {});
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });

    const list = await screen.findByRole("list", { name: "Compliance attestations" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const summary = screen.getByRole("region", { name: "Attestation summary" });
    expect(summary).toHaveTextContent("Total Attestations2");
    expect(summary).toHaveTextContent("Blockchain Verified1");
    // The spec's label stays; its hint says what is really counted: no blockchain.
    expect(within(summary).getByRole("tooltip")).toHaveTextContent(
      "witness cosignature or an RFC 3161 timestamp. No blockchain is used.",
    );
    expect(summary).toHaveTextContent(`Latest Attestation${formatDate(anchored.createdAt)}`);
    expect(formatDate(anchored.createdAt)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    expect(within(items[0]!).getByText("Attestation Bundle")).toBeInTheDocument();
    expect(within(items[0]!).getByText("0123456789abcdef...")).toBeInTheDocument();
    expect(within(items[0]!).getByText(formatDateTime(anchored.createdAt))).toBeInTheDocument();
    expect(within(items[0]!).getByText("Anchored")).toBeInTheDocument();
    expect(within(items[0]!).getByText("opentimestamps:bafy0123")).toBeInTheDocument();
    expect(within(items[1]!).queryByText("Anchored")).not.toBeInTheDocument();

    const toggle = within(items[1]!).getByRole("button", { name: "View Bundle Contents" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const contents = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(contents?.textContent).toBe(JSON.stringify(plain.bundleData, null, 2));

    await user.click(within(items[1]!).getByRole("button", { name: /as JSON$/ }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), "attestation-a1b2c3d4.json"));
    await user.click(within(items[1]!).getByRole("button", { name: /as PDF$/ }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("lists provenance with the Signed badge, short ids and a real download", async () => {
    const signed = testProvenance();
    const unsigned = testProvenance({
      id: "q1q2q3q4-0000-4000-8000-000000000002",
      source: "upload",
      sigstoreBundle: null,
      signatureRef: null,
      verified: false,
      verificationError: "no signature from a trusted key",
    });
    stubPage({
      [ATTESTATIONS]: { body: [] },
      [PROVENANCE]: { body: [signed, unsigned] },
      [`GET /api/provenance/${signed.id}`]: { body: signed.sigstoreBundle },
    });
    const save = vi.spyOn(browser, "saveBlob").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });

    const list = await screen.findByRole("list", { name: "Provenance attestations" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Provenance Attestation")).toBeInTheDocument();
    expect(within(first!).getByText("Signed")).toBeInTheDocument();
    expect(within(first!).getByText("r1r2r3r4")).toBeInTheDocument();
    expect(within(first!).getByText(formatDateTime(signed.createdAt))).toBeInTheDocument();
    expect(within(first!).getByText("SHA256:0123456789abcdefg")).toBeInTheDocument();
    expect(within(second!).queryByText("Signed")).not.toBeInTheDocument();
    expect(within(second!).getByText("Not verified: no signature from a trusted key")).toBeInTheDocument();

    await user.click(within(first!).getByRole("button", { name: "Download provenance p9p8p7p6" }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), "provenance-p9p8p7p6.json"));
  });

  it("uploads pasted provenance and shows whether its signature verified", async () => {
    let verified = true;
    const posted: unknown[] = [];
    stubPage({
      [ATTESTATIONS]: { body: [] },
      [PROVENANCE]: { body: [] },
      [`POST /api/tenants/${TENANT_ID}/provenance`]: ({ body }) => {
        posted.push(body);
        return verified
          ? { status: 201, body: testProvenance({ source: "upload", signatureRef: "SHA256:builderkey" }) }
          : {
              status: 201,
              body: testProvenance({
                source: "upload",
                sigstoreBundle: null,
                signatureRef: null,
                verified: false,
                verificationError: "signature does not verify",
              }),
            };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });
    await user.click(await screen.findByRole("button", { name: "Upload Provenance" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload Provenance" });
    const textarea = within(dialog).getByLabelText("Envelope JSON");

    await user.type(textarea, "not json");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(within(dialog).getByText("This is not valid JSON")).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    const envelope = {
      dsseEnvelope: { payloadType: "application/vnd.in-toto+json", payload: "e30=", signatures: [] },
    };
    await user.clear(textarea);
    await user.click(textarea);
    await user.paste(JSON.stringify(envelope));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByText("Signature verified")).toBeInTheDocument();
    expect(within(dialog).getByText("Signed by SHA256:builderkey")).toBeInTheDocument();
    expect(posted).toEqual([{ envelope }]);

    verified = false;
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByText("Signature not verified")).toBeInTheDocument();
    expect(within(dialog).getByText(/signature does not verify/)).toBeInTheDocument();
  });

  it("reads an uploaded file and shows the server's refusal", async () => {
    stubPage({
      [ATTESTATIONS]: { body: [] },
      [PROVENANCE]: { body: [] },
      [`POST /api/tenants/${TENANT_ID}/provenance`]: {
        status: 403,
        body: { error: "Your role may not do this" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });
    await user.click(await screen.findByRole("button", { name: "Upload Provenance" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload Provenance" });
    const file = new File(
      [JSON.stringify({ payloadType: "t", payload: "e30=", signatures: [] })],
      "build.json",
      {
        type: "application/json",
      },
    );
    await user.upload(within(dialog).getByLabelText("File"), file);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Envelope JSON")).toHaveValue(
        JSON.stringify({ payloadType: "t", payload: "e30=", signatures: [] }),
      ),
    );
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your role may not do this");
  });

  it("shows the error panel when attestations fail to load", async () => {
    stubPage({ [ATTESTATIONS]: { status: 500, body: "" }, [PROVENANCE]: { body: [] } });
    renderWithProviders(<AttestationsPage />, { path: "/attestations" });
    expect(await screen.findByText("Failed to Load Attestations")).toBeInTheDocument();
  });
});
