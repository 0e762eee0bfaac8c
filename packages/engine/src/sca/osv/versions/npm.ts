// npm and crates.io: SemVer 2.0 as node-semver implements it (prereleases sort before their
// release; build metadata is ignored for order). Advisories sometimes give a short version
// (GHSA-wcg3-cvx6-7396 has `introduced: "0.1"` for the `time` crate), so a missing minor or patch
// is read as zero, as osv-scanner does.
import semver from "semver";
import { defineOrder } from "./order.ts";

const SHORT = /^(\d+)(?:\.(\d+))?(?=$|[-+])/;

export function parseSemver(text: string): semver.SemVer | undefined {
  const trimmed = text.trim();
  const exact = semver.parse(trimmed);
  if (exact) return exact;
  const short = SHORT.exec(trimmed);
  if (!short) return undefined;
  const padded = `${short[1]}.${short[2] ?? "0"}.0${trimmed.slice(short[0].length)}`;
  return semver.parse(padded) ?? undefined;
}

export const semverOrder = defineOrder({
  parse: parseSemver,
  compare: (a: semver.SemVer, b: semver.SemVer) => a.compare(b),
});
