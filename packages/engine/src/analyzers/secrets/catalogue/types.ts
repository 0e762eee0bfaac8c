// The shape of one provider rule as data: how to find the credential (keywords for the prefilter,
// a V8 regex, which group is the secret), how sure a match is, and what to tell the reader.
import type { Severity } from "../../../rule.ts";

export interface SecretPattern {
  /** `secrets/<provider>-<credential>`, e.g. `secrets/aws-access-key-id`. */
  id: string;
  /** The provider as people write it: "AWS", "GitHub". */
  provider: string;
  /** The credential: "access key ID", "personal access token". */
  credential: string;
  severity: Severity;
  /** `high` for prefixed formats, `medium` when the match leans on a nearby name or context. */
  confidence: "high" | "medium" | "low";
  /**
   * Lower-case literals of which at least one occurs (case-insensitively) in every match: the
   * prefilter runs the rule only on files that contain one of them.
   */
  keywords: readonly string[];
  /** V8 syntax: no inline `(?i)`; case-insensitivity goes in `flags`. Bounded quantifiers only. */
  pattern: string;
  /** Extra RegExp flags besides `g` (e.g. "i"). */
  flags?: string;
  /** Capture group holding the secret; 0 is the whole match. */
  secretGroup: number;
  /** Shannon entropy (bits per character) the secret must reach; catches `AKIAAAAAAAAAAAAAAAAA`. */
  minEntropy?: number;
  /** The part of a multi-line secret the placeholder checks look at (a PEM body without its headers). */
  checkedPart?: (secret: string) => string;
  /**
   * Only the provider's documented example values are placeholders: a value that merely contains
   * `EXAMPLE` is reported (AWS keys such as `AKIA…EXAMPLE` that are not the published ones).
   */
  onlyDocumentedExamples?: boolean;
  /** Extra check on the secret (decode a JWT header, count a key body). */
  validate?: (secret: string) => boolean;
  /**
   * A catch-all for a place secrets go (URL passwords, `.npmrc`, `Authorization` headers): it stays
   * silent where a more specific rule matched the same characters.
   */
  fallback?: boolean;
  /** False for formats that test suites are full of (JWTs): matches in test paths are not reported. */
  reportInTestPaths?: boolean;
  /** Rampart control codes; defaults to SEC-HC-01. */
  controls?: readonly string[];
  /** Where the provider documents revoking or rotating it. */
  rotate: string;
  /** Overrides the generated "why it matters" paragraph (key material has no single provider). */
  whyItMatters?: string;
  /** Overrides the generated remediation paragraph. */
  remediation?: string;
  /** Overrides the generated compliant example. */
  example?: string;
  /** Notes for the docs page: a decision a reader should know about (test keys, context). */
  note?: string;
  /**
   * Fixture templates for `tools/generate-fixtures.ts`: `{alnum:36}`-style holes are filled with
   * seeded random characters, so the committed fixtures are fake and reproducible.
   */
  samples: { flag: readonly string[]; ok?: readonly string[] };
}
