// `uses:` patterns of rule options (`owner/*`, `owner/repo`, `owner/repo/path`, `*`), shared by
// the policy rules (forbidden actions, pinning policies), compared case-insensitively like GitHub.
// Their schema (`ActionPattern`) is in option-schemas.ts, loaded only with a config's options.
import type { UsesReference } from "./model.ts";

/** Whether `pattern` covers the action of `uses` (its path before `@`; sub-paths of a repository too). */
export function matchesAction(pattern: string, uses: Pick<UsesReference, "raw">): boolean {
  const at = uses.raw.lastIndexOf("@");
  const path = (at === -1 ? uses.raw : uses.raw.slice(0, at)).toLowerCase();
  const wanted = pattern.toLowerCase().replace(/\/$/, "");
  if (wanted === "*") return true;
  if (wanted.endsWith("/*")) return path.startsWith(wanted.slice(0, -1));
  return path === wanted || path.startsWith(`${wanted}/`);
}

/** Of several matching patterns, the most specific wins: a path over a repository over an owner over `*`. */
export function mostSpecific<Value>(
  entries: readonly (readonly [string, Value])[],
  uses: Pick<UsesReference, "raw">,
): Value | undefined {
  const rank = (pattern: string) =>
    pattern === "*" ? 0 : pattern.endsWith("/*") ? 1 : pattern.split("/").length;
  let best: { rank: number; value: Value } | undefined;
  for (const [pattern, value] of entries) {
    if (!matchesAction(pattern, uses)) continue;
    const score = rank(pattern.trim());
    if (!best || score > best.rank) best = { rank: score, value };
  }
  return best?.value;
}
