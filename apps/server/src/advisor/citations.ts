// Where a citation links to in the web app: one place, so the chat's links and the pages' query
// parameters stay in step.
import type { Citation } from "@rampart/contracts/advisor";

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const cite = {
  finding: (id: string, label: string, runId: string): Citation => ({
    kind: "finding",
    id,
    label,
    href: `/runs?${query({ run: runId, finding: id })}`,
  }),
  control: (code: string, label: string): Citation => ({
    kind: "control",
    id: code,
    label,
    href: `/controls?${query({ control: code })}`,
  }),
  run: (id: string, label: string): Citation => ({
    kind: "run",
    id,
    label,
    href: `/runs?${query({ run: id })}`,
  }),
  ledger: (index: number, label: string): Citation => ({
    kind: "ledger",
    id: String(index),
    label,
    href: `/evidence?${query({ entry: String(index) })}`,
  }),
  framework: (frameworkId: string, label: string, requirement?: string): Citation => ({
    kind: "framework",
    id: requirement ? `${frameworkId}:${requirement}` : frameworkId,
    label,
    href: `/compliance?${query({ framework: frameworkId, ...(requirement ? { requirement } : {}) })}`,
  }),
  environment: (id: string, label: string): Citation => ({
    kind: "environment",
    id,
    label,
    href: `/environments?${query({ environment: id })}`,
  }),
  rule: (ruleId: string, label: string): Citation => ({
    kind: "rule",
    id: ruleId,
    label,
    href: `/risks?${query({ rule: ruleId })}`,
  }),
};

/** Citations without repeats (the same finding cited by two tools), in first-seen order, bounded. */
export function uniqueCitations(citations: readonly Citation[], max = 20): Citation[] {
  const seen = new Set<string>();
  const unique: Citation[] = [];
  for (const citation of citations) {
    const key = `${citation.kind}:${citation.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(citation);
    if (unique.length >= max) break;
  }
  return unique;
}
