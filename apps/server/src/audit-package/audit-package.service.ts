// Builds a tenant's audit package for a framework at a date (Type I) or over a window (Type II):
// collects the control matrix, accepted evidence, policies in force and their acknowledgements,
// exports the ledger up to the scope's end with proofs of each entry, seals the manifest with the
// ledger key, records the download in the ledger, and streams the zip.
import type { Readable } from "node:stream";
import { ComplianceResponse } from "@rampart/contracts/compliance";
import type { Database } from "@rampart/db/client";
import {
  contentHash,
  jsonFile,
  LEDGER_EXPORT_PATH,
  LEDGER_PROOFS_PATH,
  type LedgerBackedItem,
  type ListedFile,
  ledgerProofs,
  sealAuditPackage,
} from "@rampart/ledger";
import type { FrameworkId } from "@rampart/policy";
import type { LedgerService } from "../evidence/ledger.service.ts";
import type { EvidenceStore } from "../evidence-store/evidence-store.ts";
import type { AuditPackageRepo, PackageScope } from "./audit-package.repo.ts";
import { scopeEnd } from "./audit-package.repo.ts";
import {
  acknowledgementsPath,
  controlMatrixCsv,
  evidencePath,
  policyVersionPath,
  readme,
} from "./package-contents.ts";
import { type LazyEntry, packageZip } from "./package-zip.ts";

/**
 * The compliance computation of the posture service. The scope is passed through; a computation
 * that does not take it yet answers today's state (see docs/audit-package.md).
 */
export type ComplianceOf = (
  tenantId: string,
  frameworkId: FrameworkId,
  scope?: { view: "type1" | "type2"; at?: Date; from?: Date; to?: Date },
) => Promise<ComplianceResponse>;

/** RFC 3339 UTC to the second, as checkpoints and manifests write times. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const day = (date: Date) => date.toISOString().slice(0, 10);

export function createAuditPackageService(deps: {
  db: Database;
  repo: AuditPackageRepo;
  ledger: LedgerService;
  compliance: ComplianceOf;
  evidenceStore: EvidenceStore;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async build(input: {
      tenant: { id: string; name: string };
      frameworkId: FrameworkId;
      scope: PackageScope;
      /** Write an `evidence_export` entry and keep the checkpoint (not for a read-only demo viewer). */
      record: boolean;
    }): Promise<{ filename: string; stream: Readable }> {
      const { tenant, frameworkId, scope } = input;
      const tenantId = tenant.id;
      const until = scopeEnd(scope);
      // Parsed by the API's own contract: the matrix files carry exactly what the API answers.
      const compliance = ComplianceResponse.parse(
        await deps.compliance(
          tenantId,
          frameworkId,
          scope.view === "type1"
            ? { view: "type1", at: scope.at }
            : { view: "type2", from: scope.from, to: scope.to },
        ),
      );
      const evidence = await deps.repo.acceptedEvidence(tenantId, scope);
      const versions = await deps.repo.policyVersionsInForce(tenantId, scope);
      const acknowledgements = await deps.repo.acknowledgements(tenantId, versions, scope);
      const document = await deps.ledger.export(tenantId, until, { keepCheckpoint: input.record });
      // An entry the export does not hold (written after the scope's end) cannot be proven in it.
      const proven = (index: number) => index < document.artifacts.length;

      const ledgerItems: LedgerBackedItem[] = [];
      const files = new Map<string, Uint8Array>();
      const lazy = new Map<string, LazyEntry>();
      const streamed: ListedFile[] = [];

      for (const file of evidence.filter((row) => proven(row.ledgerIndex))) {
        const path = evidencePath(file);
        ledgerItems.push({
          kind: "evidence-file",
          path,
          sha256: file.sha256,
          ledgerIndex: file.ledgerIndex,
          label: `${file.controlCode} ${file.evidenceKey}: ${file.title}`,
        });
        // The same bytes accepted twice for one evidence key land on one path: list them once.
        if (lazy.has(path)) continue;
        streamed.push({ path, size: file.sizeBytes, sha256: file.sha256 });
        lazy.set(path, {
          path,
          size: file.sizeBytes,
          read: async () => {
            // The store checks the bytes against their SHA-256; a file gone is an error, not a gap.
            const bytes = await deps.evidenceStore.get({ storage: file.storage, key: file.storageKey });
            if (bytes === null)
              throw new Error(`evidence file ${file.submissionId} is missing from the store`);
            return bytes;
          },
        });
      }

      const inForce = versions.filter((version) => proven(version.ledgerIndex));
      for (const version of inForce) {
        const path = policyVersionPath(version.key, version.version);
        files.set(path, Buffer.from(version.body, "utf8"));
        ledgerItems.push({
          kind: "policy-version",
          path,
          sha256: version.sha256,
          ledgerIndex: version.ledgerIndex,
          label: `${version.key} v${version.version} approved ${isoSeconds(version.approvedAt)}`,
        });
      }
      // Only acknowledgements of the versions packaged: their text is what the entry's hash names.
      const acknowledged = acknowledgements.filter(
        (row) =>
          proven(row.ledgerIndex) &&
          inForce.some((version) => version.policyId === row.policyId && version.version === row.version),
      );
      for (const policy of new Map(inForce.map((version) => [version.policyId, version])).values()) {
        const own = acknowledged.filter((row) => row.policyId === policy.policyId);
        files.set(
          acknowledgementsPath(policy.key),
          jsonFile({
            policy: policy.key,
            title: policy.title,
            acknowledgements: own.map((row) => ({
              version: row.version,
              user: row.userEmail,
              acknowledgedAt: isoSeconds(row.acknowledgedAt),
              ledgerIndex: row.ledgerIndex,
            })),
          }),
        );
        for (const row of own) {
          const version = inForce.find((v) => v.policyId === row.policyId && v.version === row.version)!;
          ledgerItems.push({
            kind: "policy-acknowledgement",
            path: policyVersionPath(version.key, version.version),
            sha256: version.sha256,
            ledgerIndex: row.ledgerIndex,
            label: `${version.key} v${version.version} acknowledged by ${row.userEmail ?? "a former user"}`,
          });
        }
      }

      const generatedAt = isoSeconds(now());
      files.set("control-matrix.json", jsonFile(compliance));
      files.set("control-matrix.csv", Buffer.from(controlMatrixCsv(compliance.controls), "utf8"));
      files.set(LEDGER_EXPORT_PATH, jsonFile(document));
      files.set(
        LEDGER_PROOFS_PATH,
        jsonFile(
          ledgerProofs(
            document,
            ledgerItems.map((item) => item.ledgerIndex),
          ),
        ),
      );
      const signer = await deps.ledger.signer();
      const publicKey = await deps.ledger.publicKey();
      files.set(
        "README.md",
        Buffer.from(
          readme({
            tenantName: tenant.name,
            frameworkName: compliance.framework.name,
            view: scope.view,
            at: scope.view === "type1" ? isoSeconds(scope.at) : null,
            from: scope.view === "type2" ? isoSeconds(scope.from) : null,
            to: scope.view === "type2" ? isoSeconds(scope.to) : null,
            generatedAt,
            fingerprint: publicKey.fingerprint,
            evidenceFiles: streamed.length,
            policyVersions: inForce.length,
            acknowledgements: acknowledged.length,
          }),
          "utf8",
        ),
      );

      const sealed = await sealAuditPackage({
        files,
        streamed,
        facts: {
          tenant: { id: tenant.id, name: tenant.name },
          origin: document.origin,
          framework: {
            id: compliance.framework.id,
            name: compliance.framework.name,
            version: compliance.framework.version,
          },
          view: scope.view,
          at: scope.view === "type1" ? isoSeconds(scope.at) : null,
          from: scope.view === "type2" ? isoSeconds(scope.from) : null,
          to: scope.view === "type2" ? isoSeconds(scope.to) : null,
          generatedAt,
          ledgerItems,
        },
        signer,
      });

      if (input.record) {
        // Like the evidence export: the ledger shows what left the system, and which manifest.
        const content = {
          kind: "audit-package",
          framework: frameworkId,
          view: scope.view,
          ...(scope.view === "type1"
            ? { at: isoSeconds(scope.at) }
            : { from: isoSeconds(scope.from), to: isoSeconds(scope.to) }),
          treeSize: document.artifacts.length,
          head: document.artifacts.at(-1)?.hash ?? null,
          checkpointHash: contentHash(document.checkpoint),
          manifestHash: contentHash(sealed.manifest),
          files: sealed.manifest.files.length,
        };
        await deps.db.transaction((tx) =>
          deps.ledger.append(tx, { tenantId, artifactType: "evidence_export", content }),
        );
      }

      const date = scope.view === "type1" ? day(scope.at) : `${day(scope.from)}-to-${day(scope.to)}`;
      return {
        filename: `audit-package-${frameworkId}-${date}.zip`,
        stream: packageZip(sealed.files, [...lazy.values()]),
      };
    },
  };
}

export type AuditPackageService = ReturnType<typeof createAuditPackageService>;
