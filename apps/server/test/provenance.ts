// A build's SLSA provenance signed by a CI builder's key: what tests upload to
// POST /api/tenants/{tenantId}/provenance.
import type { KeyObject } from "node:crypto";
import { localSigner, signScanProvenance } from "@rampart/ledger";

/** A DSSE envelope of the provenance of `app.tar`, built from acme/app by a test builder. */
export function signedProvenance(builderKey: KeyObject) {
  return signScanProvenance(
    {
      subjects: [{ name: "app.tar", sha256: "a".repeat(64) }],
      repository: "https://github.com/acme/app",
      commit: "b".repeat(40),
      engineVersion: "1.0.0",
      ruleCatalogueDigest: "c".repeat(64),
      builderId: "https://ci.example.test/builder",
      invocationId: "build-1",
      startedOn: "2026-11-22T10:00:00Z",
      finishedOn: "2026-11-22T10:05:00Z",
    },
    localSigner(builderKey),
  );
}
