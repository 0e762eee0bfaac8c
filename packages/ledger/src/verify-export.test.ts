import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AuditLogSection } from "./audit-log.ts";
import { buildChain, type LedgerEntry } from "./chain.ts";
import { buildExport, cutCheckpoint, type LedgerExport } from "./export.ts";
import { localSigner } from "./signer.ts";
import { exportPublicKeyPem, generateKeyPair, keyFingerprint } from "./signing.ts";
import { type ExportReport, formatReport, verifyExport, verifyExportText } from "./verify-export.ts";

const ORIGIN = "rampart.example.com/ledger/acme";
const instance = generateKeyPair();
const contents = Array.from({ length: 7 }, (_, index) => ({
  kind: ["run", "finding-batch", "fix-pr", "export"][index % 4],
  runId: `run-${index}`,
  findings: [{ rule: "terraform/public-s3-bucket", line: index + 1, message: "bucket is public é" }],
  passed: index % 2 === 0,
}));

async function exportOf(
  entries: LedgerEntry[],
  timestamp: string,
  earlierCheckpoint?: string,
  auditLog?: AuditLogSection,
): Promise<LedgerExport> {
  const checkpoint = await cutCheckpoint({
    origin: ORIGIN,
    entries,
    timestamp,
    signer: localSigner(instance.privateKey),
    ...(auditLog === undefined ? {} : { auditLog }),
  });
  return buildExport({
    entries,
    checkpoint,
    publicKey: instance.publicKey,
    ...(earlierCheckpoint === undefined ? {} : { earlierCheckpoint }),
    ...(auditLog === undefined ? {} : { auditLog }),
  });
}

const auditLog: AuditLogSection = {
  format: "rampart-audit-log",
  from: "2026-11-01",
  to: "2026-11-22",
  total: 3,
  entries: [
    { action: "auth.sign-in", actor: { email: "ada@example.com" }, result: "success", statusCode: 200 },
    { action: "repository.create", actor: { email: "ada@example.com" }, result: "success", statusCode: 201 },
    {
      action: "tenant.settings.update",
      actor: { email: "bob@example.com" },
      result: "denied",
      statusCode: 403,
    },
  ],
};

const chain = buildChain(contents);
const earlierEntries = chain.slice(0, 4);
const earlier = await exportOf(earlierEntries, "2026-11-01T00:00:00Z");
const current = await exportOf(chain, "2026-11-22T00:00:00Z", earlier.checkpoint, auditLog);
const clone = (): LedgerExport => structuredClone(current);
const failing = (report: ExportReport) => report.checks.filter((check) => check.status === "fail");
const flipHex = (hex: string, at = 0) => hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);

describe("verifyExport", () => {
  it("verifies an unmodified export, with the trusted key as PEM or as a fingerprint", () => {
    for (const trustedPublicKey of [
      exportPublicKeyPem(instance.publicKey),
      keyFingerprint(instance.publicKey),
    ]) {
      const report = verifyExport(current, { trustedPublicKey });
      expect(failing(report)).toEqual([]);
      expect(report).toMatchObject({ ok: true, treeSize: 7, head: chain[6]!.hash });
      // This export has no anchors: only those checks (and the JSON parse) are skipped.
      expect(report.checks.filter((check) => check.status === "skip").map((check) => check.id)).toEqual([
        "json",
        "anchor-checkpoint",
        "anchor-consistency",
        "witnesses",
        "anchor-timestamp",
      ]);
    }
    expect(verifyExportText(JSON.stringify(current)).ok).toBe(true);
  });

  it("says when the key was not compared with a trusted one, or the export carries no audit log", () => {
    const report = verifyExport(earlier);
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "trusted-key")).toMatchObject({ status: "skip" });
    expect(report.checks.find((check) => check.id === "audit-log")).toMatchObject({
      status: "skip",
      message: "the export carries no audit log",
    });
  });

  it("verifies the audit log section by the hash in the signed checkpoint", () => {
    expect(verifyExport(current).checks.find((check) => check.id === "audit-log")).toMatchObject({
      status: "pass",
      message: "3 audit log entries from 2026-11-01 to 2026-11-22 are covered by the signed checkpoint",
    });
    const tampers: [string, (doc: LedgerExport) => void][] = [
      ["an entry changed", (doc) => ((doc.auditLog!.entries[2] as { result: string }).result = "success")],
      ["an entry removed", (doc) => doc.auditLog!.entries.splice(1, 1)],
      ["an entry added", (doc) => doc.auditLog!.entries.push({ action: "forged" })],
      ["the period changed", (doc) => (doc.auditLog!.to = "2026-11-30")],
      ["the section removed", (doc) => delete doc.auditLog],
    ];
    for (const [what, tamper] of tampers) {
      const doc = clone();
      tamper(doc);
      expect(
        failing(verifyExport(doc)).map((check) => check.id),
        what,
      ).toEqual(["audit-log"]);
    }
    // A section added to an export whose checkpoint names none is not covered by the signature.
    const added = structuredClone(earlier);
    added.auditLog = structuredClone(auditLog);
    expect(failing(verifyExport(added))).toMatchObject([
      {
        id: "audit-log",
        message: "the export carries an audit log that the signed checkpoint does not cover",
      },
    ]);
  });

  it("rejects an export signed by another key than the trusted one", () => {
    const report = verifyExport(current, { trustedPublicKey: generateKeyPair().publicKey });
    expect(failing(report).map((check) => check.id)).toEqual(["trusted-key"]);
  });

  it.each([0, 3, 6])("names artifact %i when any of its bytes changes", (index) => {
    const cases: [string, (artifact: LedgerExport["artifacts"][number]) => void, string][] = [
      ["content", (a) => ((a.content as { runId: string }).runId += "x"), "chain"],
      [
        "content (a nested byte)",
        (a) => ((a.content as { passed: boolean }).passed = !(a.content as { passed: boolean }).passed),
        "chain",
      ],
      ["contentHash", (a) => (a.contentHash = flipHex(a.contentHash, 10)), "chain"],
      ["prevHash", (a) => (a.prevHash = flipHex(a.prevHash, 63)), "chain"],
      ["hash", (a) => (a.hash = flipHex(a.hash, 5)), "chain"],
      ["hash (not hex)", (a) => (a.hash = `g${a.hash.slice(1)}`), "chain"],
      ["index", (a) => (a.index += 1), "chain"],
      [
        "inclusionProof",
        (a) => (a.inclusionProof[0] = flipHex(a.inclusionProof[0]!, 31)),
        "inclusion-proofs",
      ],
    ];
    for (const [field, tamper, check] of cases) {
      const doc = clone();
      tamper(doc.artifacts[index]!);
      const report = verifyExport(doc);
      expect(report.ok, field).toBe(false);
      expect(failing(report)[0], field).toMatchObject({ id: check, entryIndex: index });
      expect(formatReport(report), field).toContain(`first broken entry: ${index}`);
    }
  });

  it("fails the checkpoint when any byte of it or its signature changes", () => {
    for (let at = 0; at < current.checkpoint.length; at++) {
      const doc = clone();
      const note = doc.checkpoint;
      doc.checkpoint = note.slice(0, at) + String.fromCharCode(note.charCodeAt(at) ^ 1) + note.slice(at + 1);
      const report = verifyExport(doc);
      expect(report.ok, `byte ${at}`).toBe(false);
      expect(failing(report)[0]!.id, `byte ${at}`).toBe("checkpoint-signature");
    }
  });

  it("fails when the public key or its fingerprint changes", () => {
    const spki = clone();
    // A different character at index 20 (the key is random: "A" may already be there).
    const replacement = spki.publicKey.spki[20] === "A" ? "B" : "A";
    spki.publicKey.spki = `${spki.publicKey.spki.slice(0, 20)}${replacement}${spki.publicKey.spki.slice(21)}`;
    expect(failing(verifyExport(spki))[0]!.id).toBe("public-key");
    const fingerprint = clone();
    fingerprint.publicKey.fingerprint = flipHex(fingerprint.publicKey.fingerprint);
    expect(failing(verifyExport(fingerprint))[0]!.id).toBe("public-key");
  });

  it("fails when an artifact is dropped or added", () => {
    const dropped = clone();
    dropped.artifacts.pop();
    expect(failing(verifyExport(dropped)).map((check) => check.id)).toContain("checkpoint-size");
    const middle = clone();
    middle.artifacts.splice(2, 1);
    expect(failing(verifyExport(middle)).find((check) => check.id === "chain")).toMatchObject({
      entryIndex: 2,
    });
  });

  it("shows a later export consistent with an earlier checkpoint the auditor kept", () => {
    const report = verifyExport(current, { earlierCheckpoint: earlier.checkpoint });
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "consistency")).toMatchObject({ status: "pass" });
    const withoutIncluded = clone();
    delete withoutIncluded.consistency;
    const derived = verifyExport(withoutIncluded, { earlierCheckpoint: earlier.checkpoint });
    expect(derived.ok).toBe(true);
    expect(derived.checks.find((check) => check.id === "consistency")!.message).toContain("derived");
  });

  it("rejects a rewritten history against the earlier checkpoint, even when re-signed", async () => {
    const rewritten = buildChain(
      contents.map((content, index) => (index === 2 ? { ...content, runId: "forged" } : content)),
    );
    const forged = await exportOf(rewritten, "2026-11-22T00:00:00Z");
    expect(verifyExport(forged).ok).toBe(true);
    const report = verifyExport(forged, { earlierCheckpoint: earlier.checkpoint });
    expect(report.ok).toBe(false);
    expect(failing(report).map((check) => check.id)).toEqual(["consistency"]);
    expect(formatReport(report)).toMatch(/FAIL {2}consistency .*history was rewritten/);
  });

  it("rejects a damaged consistency proof and a cut history", () => {
    const damaged = clone();
    damaged.consistency!.proof[0] = flipHex(damaged.consistency!.proof[0]!);
    expect(failing(verifyExport(damaged)).map((check) => check.id)).toEqual(["consistency"]);
    const cut = verifyExport(earlier, { earlierCheckpoint: current.checkpoint });
    expect(failing(cut)[0]).toMatchObject({
      id: "consistency",
      message: expect.stringContaining("history was cut"),
    });
  });

  it("rejects an earlier checkpoint signed by another key", async () => {
    const stranger = generateKeyPair();
    const note = await cutCheckpoint({
      origin: ORIGIN,
      entries: earlierEntries,
      timestamp: "2026-11-01T00:00:00Z",
      signer: localSigner(stranger.privateKey),
    });
    expect(failing(verifyExport(current, { earlierCheckpoint: note })).map((check) => check.id)).toEqual([
      "earlier-checkpoint-signature",
    ]);
  });

  it("reports unreadable input instead of throwing, naming the entry when it can", () => {
    expect(failing(verifyExportText("{"))[0]!.id).toBe("json");
    expect(failing(verifyExport({ format: "other" }))[0]!.id).toBe("format");
    const noContent = clone() as unknown as { artifacts: Record<string, unknown>[] };
    delete noContent.artifacts[4]!.content;
    expect(failing(verifyExport(noContent))[0]).toMatchObject({ id: "format", entryIndex: 4 });
  });

  it("refuses a key encoding with trailing bytes, which DER readers would skip", () => {
    const padded = clone();
    const der = Buffer.concat([Buffer.from(padded.publicKey.spki, "base64"), Buffer.from([0x3d])]);
    padded.publicKey.spki = der.toString("base64");
    expect(failing(verifyExport(padded))[0]!.id).toBe("public-key");
  });

  it("fails whenever one character of the file changes and it still parses to something else", () => {
    const text = JSON.stringify(current);
    fc.assert(
      fc.property(fc.nat(text.length - 1), fc.integer({ min: 1, max: 127 }), (at, mask) => {
        const changed =
          text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ mask) + text.slice(at + 1);
        let parsed: unknown;
        try {
          parsed = JSON.parse(changed);
        } catch {
          return;
        }
        if (isDeepStrictEqual(parsed, current)) return;
        expect(verifyExportText(changed).ok).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it("prints one line per check and a verdict", () => {
    const text = formatReport(verifyExport(current, { trustedPublicKey: instance.publicKey }));
    expect(text).toContain("PASS  chain");
    expect(text).toMatch(/VERIFIED: 7 artifacts, root [0-9a-f]{64}, head [0-9a-f]{64}, key [0-9a-f]{64}\n$/);
  });
});
