// Inline suppressions: `rampart:ignore <rule-id> <reason>` in a comment of any syntax, on the
// offending line or alone on the line above it. A suppression keeps its finding (marked, not
// dropped). One without a reason does not apply and is itself reported: an unexplained ignore is
// no evidence of a decision.
import { createRequire } from "node:module";
import type { Finding, RawFinding } from "./finding.ts";
import {
  gosecBlockEnd,
  type PeerMarker,
  peerCovers,
  peerSuppressionOf,
  peerSuppressionReason,
  peerToolOf,
} from "./peer-suppressions.ts";
import type { RuleMeta } from "./rule.ts";

// Required, not imported, for the reason walk.ts gives (CommonJS read twice by the ESM loader).
const ignore = createRequire(import.meta.url)("ignore") as typeof import("ignore");

export interface InlineSuppression {
  /** Line of the comment. */
  line: number;
  /** Line whose findings it suppresses. */
  target: number;
  /**
   * gosec's markers: the last line of the block or literal the target line opens, whose findings
   * it suppresses too (`gosecBlockEnd`).
   */
  targetEnd?: number;
  /** Rule ids; `*` is not accepted, a suppression names what it ignores. */
  ruleIds: string[];
  /** "" when the author gave none. */
  reason: string;
  /**
   * Another scanner's marker (gosec `// #nosec G304 -- reason`, bandit `# nosec B602 -- reason`):
   * `ruleIds` are its codes, and it covers the sast rules of those hazards (`peer-suppressions.ts`).
   */
  peer?: PeerMarker;
}

// Comment openers of the formats we read: # (YAML, HCL, Dockerfile, shell), // and /* (HCL, JS),
// <!-- (XML, Markdown), -- (SQL), ; (INI).
const DIRECTIVE = /(#|\/\/|\/\*|<!--|--|;)\s*rampart:ignore\b[ \t]*(.*)$/;
const CLOSERS = /\s*(?:\*\/|-->)\s*$/;

/**
 * Every inline suppression of a file. Cheap when there is none: one `includes` on the text. With
 * the file's path, gosec's markers in Go and bandit's in Python count too.
 */
export function extractSuppressions(text: string, path?: string): InlineSuppression[] {
  const peer = path === undefined ? undefined : peerToolOf(path);
  const hasPeer = peer !== undefined && (text.includes("nosec") || text.includes("gosec:disable"));
  if (!text.includes("rampart:ignore") && !hasPeer) return [];
  const lines = text.split(/\r?\n/);
  const found: InlineSuppression[] = [];
  const pending: InlineSuppression[] = [];
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const match = DIRECTIVE.exec(line);
    const marker = !match && hasPeer ? peerSuppressionOf(line, peer) : undefined;
    if (marker) {
      const suppression: InlineSuppression = {
        line: lineNumber,
        target: lineNumber,
        ruleIds: marker.codes,
        reason: marker.reason,
        peer: { tool: marker.tool, codes: marker.codes },
      };
      found.push(suppression);
      if (line.slice(0, marker.index).trim() === "") {
        pending.push(suppression);
        return;
      }
    }
    if (match) {
      const before = line.slice(0, match.index);
      const body = match[2]!.replace(CLOSERS, "").trim();
      const [ids = "", ...reasonWords] = body.split(/\s+/);
      const suppression: InlineSuppression = {
        line: lineNumber,
        target: lineNumber,
        ruleIds: ids.split(",").filter((id) => id.length > 0),
        reason: reasonWords.join(" ").trim(),
      };
      found.push(suppression);
      // Alone on its line: it speaks about the next line that is not another directive.
      if (before.trim() === "") {
        pending.push(suppression);
        return;
      }
    }
    for (const suppression of pending) suppression.target = lineNumber;
    pending.length = 0;
  });
  for (const suppression of found) {
    if (suppression.peer?.tool === "gosec")
      suppression.targetEnd = gosecBlockEnd(lines, suppression.target - 1);
  }
  return found;
}

export const SUPPRESSION_WITHOUT_REASON = "rampart/suppression-without-reason";
export const SUPPRESSION_WITHOUT_RULE = "rampart/suppression-without-rule";

/**
 * Rules of the engine itself (analyzer id `rampart`). They evidence no control: they report on
 * the quality of the evidence, so they are not in any analyzer's registry.
 */
export const engineRules: readonly RuleMeta[] = [
  {
    id: SUPPRESSION_WITHOUT_REASON,
    analyzer: "rampart",
    title: "Suppression without a reason",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: [],
    docs: {
      summary: "A `rampart:ignore <rule-id>` comment gives no reason after the rule id.",
      whyItMatters:
        "A suppression is a recorded decision that a finding is acceptable. Without a reason an auditor cannot tell a decision from a shortcut, so Rampart does not apply it.",
      remediation:
        "Write why the finding is acceptable after the rule id: `# rampart:ignore <rule-id> <reason>`.",
      example: "# rampart:ignore terraform/public-s3-bucket static website, content is public by design",
    },
  },
  {
    id: SUPPRESSION_WITHOUT_RULE,
    analyzer: "rampart",
    title: "Suppression without a rule id",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: [],
    docs: {
      summary: "A `rampart:ignore` comment names no rule id.",
      whyItMatters: "Rampart never suppresses every rule at once, so this comment suppresses nothing.",
      remediation: "Name the rule the comment is about: `# rampart:ignore <rule-id> <reason>`.",
    },
  },
];

/** Findings the suppression machinery itself reports; they cannot be suppressed inline. */
export function suppressionProblems(
  path: string,
  suppressions: readonly InlineSuppression[],
  lineText: (line: number) => string,
): RawFinding[] {
  const problems: RawFinding[] = [];
  for (const suppression of suppressions) {
    // another tool's marker is its syntax, not a Rampart directive: its rules are its own
    if (suppression.peer) continue;
    const location = { path, line: suppression.line, column: 1, snippet: lineText(suppression.line) };
    if (suppression.ruleIds.length === 0) {
      problems.push({
        ruleId: SUPPRESSION_WITHOUT_RULE,
        analyzer: "rampart",
        severity: "low",
        confidence: "high",
        message: "rampart:ignore names no rule id; it suppresses nothing",
        location,
        related: [],
      });
    } else if (suppression.reason === "") {
      problems.push({
        ruleId: SUPPRESSION_WITHOUT_REASON,
        analyzer: "rampart",
        severity: "low",
        confidence: "high",
        message: `suppression of ${suppression.ruleIds.join(", ")} gives no reason, so it does not apply`,
        location,
        related: [],
      });
    }
  }
  return problems;
}

/** Marks the findings an inline suppression with a reason covers. */
export function applyInlineSuppressions(
  findings: Finding[],
  suppressionsByPath: ReadonlyMap<string, readonly InlineSuppression[]>,
): void {
  for (const finding of findings) {
    if (finding.suppression || finding.analyzer === "rampart") continue;
    const suppressions = suppressionsByPath.get(finding.location.path);
    if (!suppressions) continue;
    const match = suppressions.find(
      (suppression) =>
        // a peer's marker is that tool's recorded decision even when it gives no reason (its
        // syntax has none); the suppression says so, and stays visible as evidence
        (suppression.reason !== "" || suppression.peer !== undefined) &&
        // a peer's marker may sit on any line of a statement spanning several (bandit, gosec)
        (suppression.target === finding.location.line ||
          (suppression.peer !== undefined &&
            finding.location.line <= suppression.target &&
            suppression.target <= (finding.location.endLine ?? finding.location.line)) ||
          (suppression.targetEnd !== undefined &&
            suppression.target <= finding.location.line &&
            finding.location.line <= suppression.targetEnd)) &&
        (suppression.peer
          ? peerCovers(suppression.peer, finding.ruleId)
          : suppression.ruleIds.includes(finding.ruleId)),
    );
    if (match) {
      finding.suppression = {
        kind: "inline",
        reason: match.peer ? peerSuppressionReason(match.peer, match.reason) : match.reason,
        source: `${finding.location.path}:${match.line}`,
      };
    }
  }
}

/** A path-scoped suppression from `.rampart.yaml`. */
export interface ConfigSuppression {
  rule: string;
  /** gitignore-style patterns relative to the scan root. */
  paths: readonly string[];
  reason: string;
  /** The config file it came from, recorded on each finding it suppresses. */
  source: string;
}

export function applyConfigSuppressions(findings: Finding[], entries: readonly ConfigSuppression[]): void {
  if (entries.length === 0) return;
  const matchers = entries.map((entry) => ({ entry, matcher: ignore().add([...entry.paths]) }));
  for (const finding of findings) {
    if (finding.suppression) continue;
    const hit = matchers.find(
      ({ entry, matcher }) => entry.rule === finding.ruleId && matcher.ignores(finding.location.path),
    );
    if (hit) finding.suppression = { kind: "config", reason: hit.entry.reason, source: hit.entry.source };
  }
}
