// Environments (/environments): a tenant's dev, test, staging and prod, each with its declared
// state (a repository path the engine evaluates) and its observed state (a Terraform state or a
// Kubernetes cluster). Drift is the difference; compare, sync and apply-config work on them.
// Routes: GET, POST /api/tenants/{tenantId}/environments; DELETE …/environments/{id};
// PUT …/environments/{id}/sources; POST …/environments/{id}/state (an uploaded Terraform state);
// GET /api/env/{envId}/drift; GET /api/env/{envId}/compare?targetEnvId=; POST /api/env/sync;
// POST /api/env/apply-config.
import { z } from "zod";
import { Id, Severity, Timestamp } from "./common.ts";

export const EnvironmentType = z.enum(["dev", "test", "staging", "prod"]);
export type EnvironmentType = z.infer<typeof EnvironmentType>;

export const CreateEnvironmentBody = z
  .object({
    name: z.string().trim().min(1, { error: "Name is required" }).max(100),
    type: EnvironmentType.default("dev"),
  })
  .strict();
export type CreateEnvironmentBody = z.infer<typeof CreateEnvironmentBody>;

/** What the code declares: a folder of a registered repository, at its latest scanned commit. */
export const DeclaredSource = z
  .object({
    repositoryId: Id,
    /** Repository-relative folder: a Terraform root module, a manifests folder or a Kustomize overlay. */
    path: z.string().trim().max(500),
    kind: z.enum(["terraform", "kubernetes"]),
    /** Terraform only: `*.tfvars` files (repository-relative) applied in order. */
    varFiles: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
    /** Terraform only: the workspace, for `terraform.workspace`. */
    workspace: z.string().trim().min(1).max(100).default("default"),
  })
  .strict();
export type DeclaredSource = z.infer<typeof DeclaredSource>;

/**
 * Where the running state is read. The credential is write-only: it is sealed on save, never
 * returned, and checked on save (a source that cannot be read is refused with the reason).
 */
export const ObservedSource = z.discriminatedUnion("kind", [
  /** A Terraform state (version 4 JSON) uploaded through POST …/environments/{id}/state. */
  z.object({ kind: z.literal("terraform-upload") }).strict(),
  /** Terraform's HTTP backend: GET on the state address, with optional basic auth. */
  z
    .object({
      kind: z.literal("terraform-http"),
      address: z.url(),
      username: z.string().max(200).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("terraform-s3"),
      bucket: z.string().min(1).max(255),
      key: z.string().min(1).max(1024),
      region: z.string().min(1).max(50),
      /** An S3-compatible endpoint; AWS when absent. */
      endpoint: z.url().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("terraform-gcs"),
      bucket: z.string().min(1).max(255),
      /** The state object: `<prefix>/<workspace>.tfstate` as the gcs backend writes it. */
      object: z.string().min(1).max(1024),
    })
    .strict(),
  z
    .object({
      kind: z.literal("terraform-azure"),
      /** `https://<account>.blob.core.windows.net` */
      accountUrl: z.url(),
      container: z.string().min(1).max(63),
      blob: z.string().min(1).max(1024),
    })
    .strict(),
  /** A cluster's API server, read with a service-account token or a kubeconfig (the credential). */
  z
    .object({
      kind: z.literal("kubernetes"),
      /** The API server URL; taken from the kubeconfig when absent. */
      server: z.url().optional(),
      namespaces: z.array(z.string().min(1).max(63)).max(50).default([]),
    })
    .strict(),
]);
export type ObservedSource = z.infer<typeof ObservedSource>;
export type ObservedSourceKind = ObservedSource["kind"];

/**
 * The secret half of an observed source, by kind: a password (http), an access key pair (s3), a
 * service-account JSON key (gcs), a SAS token or account key (azure), a bearer token or a kubeconfig
 * (kubernetes).
 */
export const ObservedCredential = z.union([
  z.object({ password: z.string().min(1).max(4096) }).strict(),
  z.object({ accessKeyId: z.string().min(1).max(256), secretAccessKey: z.string().min(1).max(256) }).strict(),
  z.object({ serviceAccountJson: z.string().min(1).max(20_000) }).strict(),
  z.object({ sasToken: z.string().min(1).max(4096) }).strict(),
  z.object({ accountKey: z.string().min(1).max(4096) }).strict(),
  z.object({ token: z.string().min(1).max(20_000) }).strict(),
  z.object({ kubeconfig: z.string().min(1).max(100_000) }).strict(),
]);
export type ObservedCredential = z.infer<typeof ObservedCredential>;

export const PutEnvironmentSourcesBody = z
  .object({
    declared: DeclaredSource.nullable(),
    observed: ObservedSource.nullable(),
    /** Absent keeps the stored credential (when the kind is unchanged); null removes it. */
    credential: ObservedCredential.nullable().optional(),
    /** A cron expression for scheduled syncs, or null for manual syncs only. */
    syncSchedule: z.string().trim().min(1).max(100).nullable().default(null),
  })
  .strict();
export type PutEnvironmentSourcesBody = z.infer<typeof PutEnvironmentSourcesBody>;

export const DriftType = z.enum(["missing_resource", "unexpected_resource", "config_change"]);
export type DriftType = z.infer<typeof DriftType>;

/** `unknown`: never synced, or the last sync failed. */
export const DriftState = z.enum(["in_sync", "drift_detected", "unknown"]);
export type DriftState = z.infer<typeof DriftState>;

export const DriftStats = z.object({
  total: z.number().int(),
  missing_resource: z.number().int(),
  unexpected_resource: z.number().int(),
  config_change: z.number().int(),
  /** Drift of an attribute a security rule checks. */
  securityRelevant: z.number().int(),
});
export type DriftStats = z.infer<typeof DriftStats>;

export const Environment = z.object({
  id: Id,
  name: z.string(),
  type: EnvironmentType,
  declared: DeclaredSource.nullable(),
  observed: ObservedSource.nullable(),
  hasCredential: z.boolean(),
  syncSchedule: z.string().nullable(),
  driftState: DriftState,
  driftStats: DriftStats.nullable(),
  lastSyncedAt: Timestamp.nullable(),
  /** Why the last sync failed, in words for the user; null when it did not. */
  lastSyncError: z.string().nullable(),
  createdAt: Timestamp,
});
export type Environment = z.infer<typeof Environment>;
export const EnvironmentList = z.array(Environment);

export const DriftFinding = z.object({
  id: Id,
  driftType: DriftType,
  /** e.g. `aws_s3_bucket`, or a Kubernetes `apps/v1/Deployment`. */
  resourceType: z.string(),
  /** e.g. `aws_s3_bucket.logs["eu"]`, or `namespace/name`. */
  resourceId: z.string(),
  /** The drifted attribute's path for a config_change (`versioning.0.enabled`); null otherwise. */
  attribute: z.string().nullable(),
  iacExpected: z.unknown(),
  actualState: z.unknown(),
  severity: Severity,
  securityRelevant: z.boolean(),
  controls: z.array(z.string()),
  detectedAt: Timestamp,
});
export type DriftFinding = z.infer<typeof DriftFinding>;
export const DriftFindingList = z.array(DriftFinding);

export const ConfigDifference = z.object({
  key: z.string(),
  change: z.enum(["added", "removed", "modified"]),
  sourceValue: z.unknown(),
  targetValue: z.unknown(),
  securityRelevant: z.boolean(),
});
export type ConfigDifference = z.infer<typeof ConfigDifference>;

export const EnvironmentComparison = z.object({
  sourceEnvId: Id,
  targetEnvId: Id.nullable(),
  configComparison: z.object({ differences: z.array(ConfigDifference) }),
  driftStats: z.object({ source: DriftStats.nullable(), target: DriftStats.nullable() }),
});
export type EnvironmentComparison = z.infer<typeof EnvironmentComparison>;

export const SyncEnvironmentBody = z.object({ environmentId: Id }).strict();
export const SyncStarted = z.object({ environmentId: Id, status: z.literal("queued") });
export type SyncStarted = z.infer<typeof SyncStarted>;

export const ApplyConfigBody = z
  .object({
    sourceEnvId: Id,
    targetEnvIds: z.array(Id).min(1, { error: "Choose at least one target environment" }).max(20),
    /** The configuration keys to bring to the source's values; all differing keys when absent. */
    keys: z.array(z.string().min(1).max(500)).max(200).optional(),
  })
  .strict();
export type ApplyConfigBody = z.infer<typeof ApplyConfigBody>;

export const ApplyConfigResult = z.object({
  environmentId: Id,
  status: z.enum(["proposed", "unchanged", "failed"]),
  pullRequest: z.object({ number: z.number().int(), url: z.string().nullable() }).nullable(),
  /** What the change sets, or why none could be made. */
  reason: z.string().nullable(),
});
export const ApplyConfigResponse = z.object({
  appliedFrom: Id,
  results: z.array(ApplyConfigResult),
});
export type ApplyConfigResponse = z.infer<typeof ApplyConfigResponse>;
