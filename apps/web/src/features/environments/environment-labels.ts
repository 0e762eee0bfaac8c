// The words the Environments page uses for the contract's values.
import type { DriftType, EnvironmentType } from "@rampart/contracts/environments";

export const ENVIRONMENT_TYPE_LABELS: Record<EnvironmentType, string> = {
  dev: "Development",
  test: "Test",
  staging: "Staging",
  prod: "Production",
};

export const DRIFT_TYPE_LABELS: Record<DriftType, string> = {
  missing_resource: "Missing resource",
  unexpected_resource: "Unexpected resource",
  config_change: "Configuration change",
};

export const DRIFT_TYPE_DESCRIPTIONS: Record<DriftType, string> = {
  missing_resource: "Declared in code, not running",
  unexpected_resource: "Running, not declared in code",
  config_change: "An attribute differs from the code",
};

export const CHANGE_LABELS = { added: "Added", removed: "Removed", modified: "Modified" } as const;

/** A configuration value as one line: JSON for objects, "—" for absent. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
