// What a scan reports: one Finding per hazard at one place, with the evidence needed to track it
// across runs (fingerprint), to explain it (snippet, related locations) and to fix it (patch).
import type { Confidence, Severity } from "./rule.ts";

export interface Location {
  /** Path relative to the scan root, forward slashes. */
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based, UTF-16 code units. */
  column: number;
  endLine?: number;
  endColumn?: number;
  /** The text of the offending line (the first line of the span), trimmed of its line ending. */
  snippet: string;
}

/**
 * Structured, machine-readable facts about one finding (`secretSha256`, `cveId`, `fixedVersion`…),
 * alongside the human message. Plain JSON values so they cross threads and land in SARIF as is.
 */
export type FindingProperties = Record<string, string | number | boolean | string[] | null>;

export interface RelatedLocation {
  location: Location;
  message: string;
}

/** Replace the UTF-8 bytes [start, end) of a file with `text`. An insertion has start === end. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A safe, mechanical change to one file that removes the hazard. */
export interface Fix {
  description: string;
  path: string;
  edits: TextEdit[];
}

/**
 * Why a finding does not count against a build. Suppressed findings are kept in every output:
 * a suppression is evidence that someone decided, not a deletion.
 */
export interface Suppression {
  /** `vex`: a VEX statement says the package is not affected or the vulnerability is fixed. */
  kind: "inline" | "config" | "vex";
  reason: string;
  /** Where the decision is written down: `path:line` of the comment, the config or the VEX file. */
  source: string;
}

/** Whether the finding was already known in the baseline the run compared against. */
export type BaselineState = "new" | "unchanged";

export interface Finding {
  ruleId: string;
  analyzer: string;
  /** The rule's severity after config overrides. */
  severity: Severity;
  confidence: Confidence;
  message: string;
  location: Location;
  related: RelatedLocation[];
  /** sha256 hex; see fingerprint.ts for what goes in and why it survives unrelated edits. */
  fingerprint: string;
  fix?: Fix;
  suppression?: Suppression;
  /** Set only when the run compared against a baseline. */
  baseline?: BaselineState;
  properties?: FindingProperties;
}

/**
 * A finding as a rule reports it, before the engine adds what needs the whole run
 * (fingerprint, severity overrides, suppressions, baseline).
 */
export interface RawFinding {
  ruleId: string;
  analyzer: string;
  severity: Severity;
  confidence: Confidence;
  message: string;
  location: Location;
  related: RelatedLocation[];
  fix?: Fix;
  /** Set by the worker for per-file findings (hashing in parallel); the main thread fills the rest. */
  fingerprint?: string;
  properties?: FindingProperties;
}
