import type { EvidenceResponse } from "@rampart/contracts/evidence";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as browser from "../../lib/browser";
import { GENESIS_HASH, TENANT_ID, testArtifact, testChain, testHash } from "../../test/fixtures";
import {
  type FetchHandler,
  type FetchReply,
  renderWithProviders,
  stubFetch,
  TEST_USER,
  testTenant,
} from "../../test/render";
import { EvidencePage } from "./evidence-page";
import { defaultExportRange } from "./export-range";

const BASE = `/api/tenants/${TENANT_ID}/evidence`;
const LIST = `GET ${BASE}?type=all&limit=100`;
const KEY = {
  algorithm: "Ed25519",
  publicKeyPem: "-----BEGIN PUBLIC KEY-----\nMCow\n-----END PUBLIC KEY-----\n",
  fingerprint: "SHA256:abcdef0123456789",
  verifierKey: "rampart+1234+AAAA",
};

function stubEvidence(routes: Record<string, FetchReply | FetchHandler>) {
  return stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET /api/tenants/${TENANT_ID}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    "GET /api/evidence/public-key": { body: KEY },
    ...routes,
  });
}

const ledger: EvidenceResponse = {
  artifacts: [testArtifact(2), testArtifact(1, { artifactType: "finding" }), testArtifact(0)],
  chain: testChain(),
  genesisHash: GENESIS_HASH,
};

describe("EvidencePage", () => {
  it("renders the chain newest first with previous-hash links, the Genesis Block and the verified badge", async () => {
    stubEvidence({
      [LIST]: { body: ledger },
      [`GET /api/tenants/${TENANT_ID}/narratives/evidence?type=all&limit=100`]: {
        body: {
          summary: "3 blocks in the ledger; the newest 3 shown.",
          confidence: 95,
          trend: null,
          source: "templates",
        },
      },
    });
    renderWithProviders(<EvidencePage />, { path: "/evidence" });
    const chain = await screen.findByRole("list", { name: "Evidence ledger" });
    const blocks = within(chain).getAllByRole("listitem");
    expect(blocks.map((block) => block.getAttribute("aria-label"))).toEqual([
      "Block #2",
      "Block #1",
      "Block #0",
    ]);

    expect(blocks[0]).toHaveTextContent(testHash("h2").slice(0, 16));
    const previous = within(blocks[0]!).getByRole("link", { name: /Previous block #1/ });
    expect(previous).toHaveAttribute("href", "#evidence-block-1");
    expect(previous).toHaveTextContent(testHash("h1").slice(0, 16));
    expect(within(blocks[0]!).getByRole("link", { name: "Run bbbbbbbb" })).toHaveAttribute(
      "href",
      "/runs?run=bbbbbbbb-0000-4000-8000-000000000001",
    );
    expect(blocks[1]).toHaveTextContent("Findings");
    expect(within(blocks[2]!).getByText("Genesis Block")).toBeInTheDocument();
    expect(within(blocks[1]!).queryByText("Genesis Block")).not.toBeInTheDocument();

    expect(screen.getByText("Verified")).toBeInTheDocument();
    expect(await screen.findByText("3 blocks in the ledger; the newest 3 shown.")).toBeInTheDocument();
    expect(screen.getByText(/Confidence/)).toHaveTextContent("95%");
    expect(await screen.findByText("SHA256:abcdef0123456789")).toBeInTheDocument();
    expect(screen.getByText("rampart verify export.json --key key.pem")).toBeInTheDocument();
  });

  it("marks the block named by ?entry= (the advisor's citations), and says when it is not shown", async () => {
    stubEvidence({ [LIST]: { body: ledger } });
    const { unmount } = renderWithProviders(<EvidencePage />, { path: "/evidence?entry=1" });
    expect(await screen.findByRole("listitem", { name: "Block #1" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("listitem", { name: "Block #2" })).not.toHaveAttribute("aria-current");
    unmount();
    renderWithProviders(<EvidencePage />, { path: "/evidence?entry=7" });
    expect(await screen.findByText("Block #7 is not among the blocks shown.")).toBeInTheDocument();
  });

  it("says 'Not verified yet' before the first verification and shows Verify Chain's failing block", async () => {
    const fetchMock = stubEvidence({
      [LIST]: { body: { ...ledger, chain: testChain({ lastVerifiedAt: null }) } },
      [`POST ${BASE}/verify`]: {
        body: {
          chain: testChain({ isValid: false, failure: { index: 1, reason: "hash mismatch" } }),
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EvidencePage />, { path: "/evidence" });
    expect((await screen.findAllByText("Not verified yet")).length).toBeGreaterThan(0);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Verify Chain" }));
    expect(await screen.findByText("Invalid")).toBeInTheDocument();
    expect(screen.getByText("Broken at block #1: hash mismatch")).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith("/verify") && init?.method === "POST"),
    ).toBe(true);
  });

  it("asks the server for the control's evidence, shows the chip and filters by artifact type", async () => {
    stubEvidence({
      [`${LIST}&control=IAC-ENC-01`]: {
        body: { ...ledger, artifacts: [testArtifact(1, { artifactType: "finding" })] },
      },
      [`GET ${BASE}?type=finding&limit=100&control=IAC-ENC-01`]: { body: { ...ledger, artifacts: [] } },
      [LIST]: { body: ledger },
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<EvidencePage />, { path: "/evidence?control=IAC-ENC-01" });
    const chip = await screen.findByText("Control IAC-ENC-01");
    expect(chip).toHaveAccessibleDescription(/Only the evidence of runs that evaluated this control/);
    const chain = await screen.findByRole("list", { name: "Evidence ledger" });
    expect(
      within(chain)
        .getAllByRole("listitem")
        .map((block) => block.getAttribute("aria-label")),
    ).toEqual(["Block #1"]);

    await user.click(screen.getByRole("button", { name: "Findings" }));
    expect(
      await screen.findByText("No Findings blocks for control IAC-ENC-01 in the ledger yet."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove control filter IAC-ENC-01" }));
    expect(location.history.at(-1)).toBe("/evidence");
  });

  it("downloads the export as evidence-export-{from}-to-{to}.json and toasts the result", async () => {
    const { from, to } = defaultExportRange();
    let reply: FetchReply = { body: { entries: [] } };
    stubEvidence({
      [LIST]: { body: ledger },
      [`GET ${BASE}/export?from=${from}&to=${to}&format=json`]: () => reply,
    });
    const save = vi.spyOn(browser, "saveBlob").mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<EvidencePage />, { path: "/evidence" });
    expect(screen.getByLabelText("From")).toHaveValue(from);
    expect(screen.getByLabelText("To")).toHaveValue(to);

    await user.click(screen.getByRole("button", { name: "Export" }));
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(await within(region).findByText("Evidence Exported")).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(expect.any(Blob), `evidence-export-${from}-to-${to}.json`);

    reply = { status: 500, body: "" };
    await user.click(screen.getByRole("button", { name: "Export" }));
    expect(await within(region).findByText("Export Failed")).toBeInTheDocument();
    expect(within(region).getByText("Unable to export evidence. Please try again.")).toBeInTheDocument();

    reply = { status: 400, body: { error: "querystring.from: must not be after to" } };
    await user.click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() =>
      expect(within(region).getByText("querystring.from: must not be after to")).toBeInTheDocument(),
    );
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("defaults the range to the last 30 days through today", () => {
    expect(defaultExportRange(new Date(2025, 2, 15, 10))).toEqual({ from: "2025-02-13", to: "2025-03-15" });
  });

  it("shows the error panel and the empty ledger", async () => {
    stubEvidence({ [LIST]: { status: 500, body: "" } });
    const { unmount } = renderWithProviders(<EvidencePage />, { path: "/evidence" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to Load Evidence");
    unmount();

    stubEvidence({
      [LIST]: { body: { ...ledger, artifacts: [], chain: testChain({ lastVerifiedAt: null }) } },
    });
    renderWithProviders(<EvidencePage />, { path: "/evidence" });
    expect(await screen.findByRole("region", { name: "No evidence yet" })).toBeInTheDocument();
  });
});
