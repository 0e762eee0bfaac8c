// Severity from an advisory: the highest CVSS v3.0, v3.1 or v4.0 base score among its vectors
// (computed with ae-cvss-calculator, which scores 3.1 correctly where the `cvss` package does
// not), mapped to our four levels; without a usable vector, the GHSA `database_specific.severity`
// word. A partial vector scores 0 with no `base`, so it counts as invalid.
import { createRequire } from "node:module";
import type { Severity } from "../../rule.ts";
import type { OsvRecord, OsvSeverity } from "./record.ts";

type Calculators = typeof import("ae-cvss-calculator");

// Required on the first vector scored, not imported: loading it took a fifth of the sca
// analyzer's start-up, and most scans score no vector (a CommonJS package, so `require` is sync).
let calculators: Calculators | undefined;
function cvssCalculators(): Calculators {
  calculators ??= createRequire(import.meta.url)("ae-cvss-calculator") as Calculators;
  return calculators;
}

export interface CvssScore {
  version: "3.0" | "3.1" | "4.0";
  vector: string;
  score: number;
}

/** Scores one vector; undefined for an unknown version, a malformed or a partial vector. */
export function scoreCvssVector(vector: string): CvssScore | undefined {
  const text = vector.trim();
  try {
    const ae = cvssCalculators();
    let calculator: { calculateScores(): { base?: number } };
    let version: CvssScore["version"];
    if (text.startsWith("CVSS:3.1/")) {
      calculator = new ae.Cvss3P1(text);
      version = "3.1";
    } else if (text.startsWith("CVSS:3.0/")) {
      calculator = new ae.Cvss3P0(text);
      version = "3.0";
    } else if (text.startsWith("CVSS:4.0/")) {
      calculator = new ae.Cvss4P0(text);
      version = "4.0";
    } else {
      return undefined;
    }
    const base = calculator.calculateScores().base;
    if (typeof base !== "number" || !Number.isFinite(base)) return undefined;
    return { version, vector: text, score: base };
  } catch {
    return undefined;
  }
}

/** critical ≥ 9.0, high ≥ 7.0, med ≥ 4.0, low below (0.0 "none" is reported as low). */
export function severityFromScore(score: number): Severity {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "med";
  return "low";
}

const WORDS: Record<string, Severity> = {
  CRITICAL: "critical",
  HIGH: "high",
  MODERATE: "med",
  MEDIUM: "med",
  LOW: "low",
};

export interface RecordSeverity {
  severity: Severity;
  /** The best-scoring vector, when the severity came from one. */
  cvss?: CvssScore;
  source: "cvss" | "database_specific" | "unknown";
}

/** The highest-scoring vector among `severity` entries (record level and per affected package). */
export function bestCvss(entries: readonly OsvSeverity[]): CvssScore | undefined {
  let best: CvssScore | undefined;
  for (const entry of entries) {
    if (!entry.type.startsWith("CVSS_V3") && entry.type !== "CVSS_V4") continue;
    const scored = scoreCvssVector(entry.score);
    if (scored && (!best || scored.score > best.score)) best = scored;
  }
  return best;
}

/** A record's severity; `med` with source "unknown" when it states none at all. */
export function recordSeverity(record: OsvRecord): RecordSeverity {
  const entries = [
    ...(record.severity ?? []),
    ...(record.affected ?? []).flatMap((affected) => affected.severity ?? []),
  ];
  const cvss = bestCvss(entries);
  if (cvss) return { severity: severityFromScore(cvss.score), cvss, source: "cvss" };
  const word = record.database_specific?.severity?.toUpperCase();
  if (word && WORDS[word]) return { severity: WORDS[word], source: "database_specific" };
  return { severity: "med", source: "unknown" };
}
