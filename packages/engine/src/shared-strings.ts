// One copy of each repeated string of the findings the main thread keeps. A batch's findings
// arrive from a worker as a structured clone, in which every string is a fresh copy: the rule id,
// analyzer, severity and path of each of a file's findings, the same snippet line reported by
// several rules, a fix's description. A 100,000-file scan keeps about 900,000 findings until the
// report is written, so these copies add up to hundreds of MB (bench/RESULTS.md).
import type { Location, RawFinding } from "./finding.ts";

/** The strings seen so far, each kept once; lives for one scan. */
export class SharedStrings {
  readonly #known = new Map<string, string>();

  /** The copy of `text` seen first. */
  share(text: string): string {
    const known = this.#known.get(text);
    if (known !== undefined) return known;
    this.#known.set(text, text);
    return text;
  }

  /**
   * Replaces each repeated string of `findings` by its first copy, in place. Messages are left
   * alone: most name a resource or variable of their own, so sharing them would only add entries.
   */
  shareFindings(findings: readonly RawFinding[]): void {
    for (const finding of findings) {
      finding.ruleId = this.share(finding.ruleId);
      finding.analyzer = this.share(finding.analyzer);
      finding.severity = this.share(finding.severity) as RawFinding["severity"];
      finding.confidence = this.share(finding.confidence) as RawFinding["confidence"];
      this.#shareLocation(finding.location);
      for (const related of finding.related) {
        this.#shareLocation(related.location);
        related.message = this.share(related.message);
      }
      if (finding.fix) {
        finding.fix.description = this.share(finding.fix.description);
        finding.fix.path = this.share(finding.fix.path);
        for (const edit of finding.fix.edits) edit.text = this.share(edit.text);
      }
    }
  }

  #shareLocation(location: Location): void {
    location.path = this.share(location.path);
    location.snippet = this.share(location.snippet);
  }
}
