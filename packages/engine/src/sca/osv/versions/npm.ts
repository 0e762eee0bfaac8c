// npm and crates.io: SemVer 2.0 as node-semver implements it (prereleases sort before their
// release; build metadata is ignored for order).
import semver from "semver";
import { defineOrder } from "./order.ts";

export const semverOrder = defineOrder({
  parse: (text: string) => semver.parse(text.trim()) ?? undefined,
  compare: (a: semver.SemVer, b: semver.SemVer) => a.compare(b),
});
