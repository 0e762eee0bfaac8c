// npm and crates.io: SemVer 2.0 as node-semver implements it (prereleases sort before their
// release; build metadata is ignored for order). Advisories sometimes give a short version
// (GHSA-wcg3-cvx6-7396 has `introduced: "0.1"` for the `time` crate), so a missing minor or patch
// is read as zero, as osv-scanner does.
// The one function, not the package's index: that loads all 94 of its modules.
import type { SemVer } from "semver";
import parseVersion from "semver/functions/parse.js";
import { defineOrder } from "./order.ts";

const SHORT = /^(\d+)(?:\.(\d+))?(?=$|[-+])/;

export function parseSemver(text: string): SemVer | undefined {
  const trimmed = text.trim();
  const exact = parseVersion(trimmed);
  if (exact) return exact;
  const short = SHORT.exec(trimmed);
  if (!short) return undefined;
  const padded = `${short[1]}.${short[2] ?? "0"}.0${trimmed.slice(short[0].length)}`;
  return parseVersion(padded) ?? undefined;
}

export const semverOrder = defineOrder({
  parse: parseSemver,
  compare: (a: SemVer, b: SemVer) => a.compare(b),
});
