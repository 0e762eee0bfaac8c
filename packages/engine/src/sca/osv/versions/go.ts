// Go modules: SemVer with a `v` prefix. `+incompatible` is build metadata (ignored for order) and
// pseudo-versions (v0.0.0-20210101000000-abcdef123456, vX.Y.Z-0.2021…-abc, vX.Y.Z-pre.0.2021…-abc)
// are prereleases whose timestamp identifiers sort chronologically. The standard library is
// versioned `go1.20.3` by the toolchain and `1.20.3` in OSV; both are accepted, and `go1.21`
// (a release with no patch) means 1.21.0.
// The one function, not the package's index: that loads all 94 of its modules.
import type { SemVer } from "semver";
import parseVersion from "semver/functions/parse.js";
import { defineOrder } from "./order.ts";

const GO_TOOLCHAIN = /^go(\d+)\.(\d+)(?:\.(\d+))?((?:rc|beta)\d+)?$/;

export function parseGoVersion(text: string): SemVer | undefined {
  const trimmed = text.trim();
  const toolchain = GO_TOOLCHAIN.exec(trimmed);
  if (toolchain) {
    const [, major, minor, patch, pre] = toolchain;
    return parseVersion(`${major}.${minor}.${patch ?? "0"}${pre ? `-${pre}` : ""}`) ?? undefined;
  }
  const bare = trimmed.startsWith("v") ? trimmed.slice(1) : trimmed;
  return parseVersion(bare) ?? undefined;
}

export const goOrder = defineOrder({
  parse: parseGoVersion,
  compare: (a: SemVer, b: SemVer) => a.compare(b),
});

/** OSV `SEMVER` ranges: SemVer 2.0 whatever the ecosystem; a stray `v` prefix is tolerated. */
export const semverRangeOrder = goOrder;
