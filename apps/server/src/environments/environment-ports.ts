// What the environments service needs of the two modules built beside it: the engine's drift
// functions (packages/engine/src/drift) and the observed-state readers (./observed). Kept as
// injected interfaces so the service, its routes and its job are tested with the real modules
// wired in services.ts, and the service does not reach into either module's internals.
import type { CheckoutLimits, NetworkPolicy } from "@rampart/checkout";
import type {
  ConfigDifference,
  DeclaredSource,
  DriftType,
  ObservedCredential,
  ObservedSource,
} from "@rampart/contracts/environments";

/** One difference between declared and observed state, as the engine reports it. */
export interface DriftItem {
  driftType: DriftType;
  resourceType: string;
  resourceId: string;
  attribute: string | null;
  iacExpected: unknown;
  actualState: unknown;
  severity: "critical" | "high" | "med" | "low";
  securityRelevant: boolean;
}

/** The engine's evaluated states are opaque here: the service only hands them back to the engine. */
export type DeclaredState = unknown;
export type ObservedState = unknown;

export interface DriftEngine {
  declaredTerraform(
    files: ReadonlyMap<string, string>,
    input: { path: string; varFiles: string[]; workspace: string },
  ): DeclaredState;
  declaredKubernetes(files: ReadonlyMap<string, string>, input: { path: string }): DeclaredState;
  /** Throws, or answers an error value, for a state that is not Terraform's version 4 JSON. */
  observedTerraform(state: unknown): ObservedState;
  observedKubernetes(objects: readonly unknown[]): ObservedState;
  computeDrift(declared: DeclaredState, observed: ObservedState): DriftItem[];
  compareConfigs(source: DeclaredState, target: DeclaredState): ConfigDifference[];
}

export type ObservedRead =
  | { ok: true; kind: "terraform"; state: unknown }
  | { ok: true; kind: "kubernetes"; objects: unknown[] }
  | { ok: false; reason: string };

export interface ObservedLimits {
  /** Largest state document read, in bytes. */
  maxBytes: number;
  timeoutMs: number;
  /** Most Kubernetes objects read over all kinds and namespaces. */
  maxObjects: number;
}

export type ReadObserved = (
  source: Exclude<ObservedSource, { kind: "terraform-upload" }>,
  credential: ObservedCredential | null,
  options: { limits: ObservedLimits; policy: NetworkPolicy; signal: AbortSignal },
) => Promise<ObservedRead>;

export type { CheckoutLimits, DeclaredSource };
