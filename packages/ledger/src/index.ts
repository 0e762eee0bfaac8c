// @rampart/ledger: the evidence ledger's pure core. Canonical JSON, the per-tenant hash chain,
// RFC 9162 Merkle checkpoints signed with Ed25519, DSSE attestations and offline verification.
// No I/O: the server stores entries and keys; the CLI reads files and prints reports.

export {
  AUDIT_LOG_FORMAT,
  type AuditLogSection,
  AuditLogSectionSchema,
  auditLogHash,
} from "./audit-log.ts";
export {
  AUDIT_PACKAGE_FORMAT,
  AUDIT_PACKAGE_VERSION,
  type AuditPackageManifest,
  AuditPackageManifestSchema,
  type AuditPackageReport,
  formatAuditPackageReport,
  isSafePackagePath,
  jsonFile,
  LEDGER_EXPORT_PATH,
  LEDGER_PROOFS_PATH,
  LedgerBackedItem,
  type LedgerProofs,
  type ListedFile,
  ledgerProofs,
  MANIFEST_ENVELOPE_PATH,
  MANIFEST_PATH,
  MANIFEST_PAYLOAD_TYPE,
  MAX_PACKAGE_FILES,
  type ManifestFacts,
  type PackageCheck,
  type PackageCheckId,
  sealAuditPackage,
  type VerifyAuditPackageOptions,
  verifyAuditPackage,
} from "./audit-package.ts";
export {
  CanonicalJsonError,
  type CanonicalJsonResult,
  canonicalBytes,
  canonicalize,
  canonicalizeResult,
} from "./canonical-json.ts";
export {
  appendEntry,
  buildChain,
  type ChainBreakReason,
  type ChainLink,
  type ChainVerification,
  contentHash,
  entryHash,
  GENESIS_HASH,
  type LedgerEntry,
  verifyChain,
} from "./chain.ts";
export {
  type Checkpoint,
  type CheckpointFailure,
  type CheckpointVerification,
  checkpointBody,
  noteKeyId,
  parseCheckpoint,
  signCheckpoint,
  verifierKey,
  verifyCheckpoint,
} from "./checkpoint.ts";
export {
  type DsseEnvelope,
  type DsseSignature,
  type EnvelopeVerification,
  importVerificationKey,
  pae,
  signEnvelope,
  type TrustedKey,
  verifyEnvelope,
} from "./dsse.ts";
export {
  buildExport,
  cutCheckpoint,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type LedgerExport,
  LedgerExportSchema,
  ledgerTree,
} from "./export.ts";
export {
  COMPLIANCE_PREDICATE_TYPE,
  type CompliancePredicate,
  type ControlOutcome,
  complianceStatement,
  type FrameworkScore,
  IN_TOTO_PAYLOAD_TYPE,
  type LedgerHead,
  parseStatement,
  type ResourceDescriptor,
  STATEMENT_TYPE,
  type Statement,
  signStatement,
  statementBytes,
} from "./intoto.ts";
export {
  KEY_ROTATION_FORMAT,
  KEY_ROTATION_PAYLOAD_TYPE,
  KeyHistorySchema,
  type KeyRotation,
  KeyRotationSchema,
  keyRotationStatement,
  keysLinkedTo,
  linkKeys,
  signKeyRotation,
  verifyKeyRotation,
} from "./key-rotation.ts";
export {
  consistencyProof,
  EMPTY_ROOT,
  inclusionProof,
  leafHash,
  MerkleTree,
  nodeHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from "./merkle.ts";
export { localSigner, type Signer } from "./signer.ts";
export {
  type Ed25519KeyPair,
  exportPrivateKeyPem,
  exportPublicKeyBase64,
  exportPublicKeyPem,
  generateKeyPair,
  importPrivateKey,
  importPublicKey,
  keyFingerprint,
  publicKeyOf,
  rawPublicKey,
} from "./signing.ts";
export {
  SCAN_BUILD_TYPE,
  type ScanProvenanceInput,
  SLSA_PROVENANCE_PREDICATE_TYPE,
  type SlsaProvenance,
  scanProvenanceStatement,
  signScanProvenance,
  verifyProvenanceEnvelope,
} from "./slsa.ts";
export {
  type AttestationCheck,
  type AttestationCheckId,
  type AttestationReport,
  formatAttestationReport,
  isAttestationBundle,
  type VerifyAttestationOptions,
  verifyAttestationBundle,
} from "./verify-attestation.ts";
export {
  type CheckId,
  type CheckStatus,
  type ExportCheck,
  type ExportReport,
  formatReport,
  type VerifyExportOptions,
  verifyExport,
  verifyExportText,
} from "./verify-export.ts";
