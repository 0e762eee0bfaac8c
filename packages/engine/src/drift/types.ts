// The shapes drift works on. Declared and observed states are plain JSON (no symbols, no classes),
// so the server may store or send them; a value the evaluator could not tell is left out of
// `attributes` and its path listed in `unknown`, so it is never compared.
import type { Severity } from "../rule.ts";

export type StateKind = "terraform" | "kubernetes";

export interface DeclaredResource {
  /** Terraform address (`module.a.aws_s3_bucket.logs["eu"]`) or Kubernetes `namespace/name`. */
  address: string;
  /** `aws_s3_bucket`, or a Kubernetes `apps/v1/Deployment`. */
  type: string;
  /** Matching key: the address for Terraform, `group/Kind/namespace/name` for Kubernetes. */
  key: string;
  /** The evaluated configuration: nested blocks are lists of objects, as Terraform state holds them. */
  attributes: Record<string, unknown>;
  /** Attribute paths (`tags.Owner`, `versioning.0.enabled`) whose value could not be evaluated. */
  unknown: string[];
  /** Where it is declared (repository-relative file). */
  file: string;
  /**
   * Terraform `lifecycle { ignore_changes }`: attribute paths the code leaves to others, so their
   * changes are not drift; `*` for `ignore_changes = all`.
   */
  ignored?: string[];
  /** Attribute paths set from a sensitive variable (without list indexes): masked wherever shown. */
  sensitive?: string[];
}

export interface DeclaredState {
  kind: StateKind;
  resources: DeclaredResource[];
  /**
   * Address prefixes whose instances cannot be told (a `count` of an unknown value, a module from
   * a registry): observed resources under them are neither unexpected nor compared.
   */
  opaque: string[];
  /** What could not be read, in words (an invalid file, a module outside the repository). */
  warnings: string[];
  /** Terraform: the root module's variables as evaluated (tfvars over defaults), known ones only. */
  variables?: Record<string, unknown>;
  /** Terraform: root variables declared `sensitive = true` (masked when shown). */
  sensitiveVariables?: string[];
  /** Terraform: root variables that set an attribute a security rule checks (directly or via locals). */
  securityVariables?: string[];
}

export interface ObservedResource {
  address: string;
  type: string;
  key: string;
  attributes: Record<string, unknown>;
  /** Attribute paths the source marks sensitive (Terraform's `sensitive_attributes`): masked in drift. */
  sensitive?: string[];
}

export interface ObservedState {
  kind: StateKind;
  resources: ObservedResource[];
  /**
   * Kubernetes only: the kinds (`group/Kind`) that were read. A declared object of another kind
   * (a Secret, a custom resource) cannot be seen, so it is never reported missing.
   */
  coverage?: { kinds: string[]; namespaces?: string[] };
}

export type DriftType = "missing_resource" | "unexpected_resource" | "config_change";

export interface DriftItem {
  driftType: DriftType;
  resourceType: string;
  resourceId: string;
  /** The drifted attribute's path for a config_change (`versioning.0.enabled`); null otherwise. */
  attribute: string | null;
  iacExpected: unknown;
  actualState: unknown;
  severity: Severity;
  securityRelevant: boolean;
}

export interface ConfigDifference {
  key: string;
  change: "added" | "removed" | "modified";
  sourceValue: unknown;
  targetValue: unknown;
  securityRelevant: boolean;
}

/** A state that cannot be read as what it claims to be; the message is meant for the user. */
export class StateFormatError extends Error {
  override name = "StateFormatError";
}
