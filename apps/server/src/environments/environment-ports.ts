// What the environments service needs of the two modules built beside it: the engine's drift
// functions (packages/engine/src/drift) and the observed-state readers (./observed). Kept as
// injected interfaces so the service does not reach into either module's internals; services.ts
// wires the real modules, and the tests run with them.
import type { CheckoutLimits, NetworkPolicy } from "@rampart/checkout";
import type { DeclaredSource, ObservedCredential, ObservedSource } from "@rampart/contracts/environments";
import type * as drift from "@rampart/engine/drift/index";

export type { DeclaredState, DriftItem, ObservedState } from "@rampart/engine/drift/index";

/**
 * The engine's drift functions (packages/engine/src/drift): declared and observed states are
 * plain JSON the service only hands back to the engine; observedTerraform throws a
 * StateFormatError whose message is meant for the user.
 */
export type DriftEngine = Pick<
  typeof drift,
  | "declaredTerraform"
  | "declaredKubernetes"
  | "observedTerraform"
  | "observedKubernetes"
  | "computeDrift"
  | "compareConfigs"
>;

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
