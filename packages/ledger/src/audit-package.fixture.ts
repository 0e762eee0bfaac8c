// A small, real audit package for tests of the verifier and the CLI: a chain with an evidence
// file, a policy approval and an acknowledgement, exported, proven and sealed with a fresh key.

import {
  jsonFile,
  LEDGER_EXPORT_PATH,
  LEDGER_PROOFS_PATH,
  type LedgerBackedItem,
  ledgerProofs,
  sealAuditPackage,
} from "./audit-package.ts";
import { buildChain } from "./chain.ts";
import { buildExport, cutCheckpoint } from "./export.ts";
import { sha256Hex } from "./hash.ts";
import { localSigner, type Signer } from "./signer.ts";
import { type Ed25519KeyPair, generateKeyPair } from "./signing.ts";

export const FIXTURE_EVIDENCE_PATH = "evidence/ORG-ACCESS-REVIEW/quarterly-review/3f1a2b3c-review.txt";
export const FIXTURE_POLICY_PATH = "policies/access-control/v1.md";

export async function auditPackageFixture(
  keys: Ed25519KeyPair = generateKeyPair(),
  /** The signer that seals the manifest, given the key's own (e.g. one with a delegate). */
  sealWith: (signer: Signer) => Signer = (signer) => signer,
): Promise<{
  files: Map<string, Uint8Array>;
  keys: Ed25519KeyPair;
}> {
  const evidence = Buffer.from("Quarterly access review: 12 accounts reviewed, 1 removed.\n");
  const policy = Buffer.from("# Access control policy\n\nAccess is reviewed every quarter.\n");
  const entries = buildChain<unknown>([
    { kind: "policy-run", runId: "run-1" },
    { kind: "policy-approval", key: "access-control", version: 1, sha256: sha256Hex(policy) },
    {
      kind: "evidence-file",
      controlCode: "ORG-ACCESS-REVIEW",
      evidenceKey: "quarterly-review",
      fileName: "review.txt",
      sha256: sha256Hex(evidence),
    },
    { kind: "policy-acknowledgement", key: "access-control", version: 1, sha256: sha256Hex(policy) },
  ]);
  const origin = "rampart.test/tenants/t1";
  const checkpoint = await cutCheckpoint({
    origin,
    entries,
    timestamp: "2026-11-22T12:00:00Z",
    signer: localSigner(keys.privateKey),
  });
  const document = buildExport({ entries, checkpoint, publicKey: keys.publicKey });
  const ledgerItems: LedgerBackedItem[] = [
    {
      kind: "policy-version",
      path: FIXTURE_POLICY_PATH,
      sha256: sha256Hex(policy),
      ledgerIndex: 1,
      label: "access-control v1",
    },
    {
      kind: "evidence-file",
      path: FIXTURE_EVIDENCE_PATH,
      sha256: sha256Hex(evidence),
      ledgerIndex: 2,
      label: "ORG-ACCESS-REVIEW quarterly-review",
    },
    {
      kind: "policy-acknowledgement",
      path: FIXTURE_POLICY_PATH,
      sha256: sha256Hex(policy),
      ledgerIndex: 3,
      label: "access-control v1 by ada@example.com",
    },
  ];
  const files = new Map<string, Uint8Array>([
    ["README.md", Buffer.from("# Audit package\n")],
    [FIXTURE_EVIDENCE_PATH, evidence],
    [FIXTURE_POLICY_PATH, policy],
    [LEDGER_EXPORT_PATH, jsonFile(document)],
    [
      LEDGER_PROOFS_PATH,
      jsonFile(
        ledgerProofs(
          document,
          ledgerItems.map((item) => item.ledgerIndex),
        ),
      ),
    ],
  ]);
  const { files: sealed } = await sealAuditPackage({
    files,
    facts: {
      tenant: { id: "t1", name: "Acme" },
      origin,
      framework: { id: "soc2", name: "SOC 2", version: "2017" },
      view: "type1",
      at: "2026-11-22T00:00:00Z",
      from: null,
      to: null,
      generatedAt: "2026-11-22T12:00:00Z",
      ledgerItems,
    },
    signer: sealWith(localSigner(keys.privateKey)),
  });
  return { files: sealed, keys };
}
