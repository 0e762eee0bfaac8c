// NuGet: SemVer 2.0 widened to four numeric parts (1.2.3.4) with missing parts as zero, a leading
// `v` refused, prerelease labels compared case-insensitively (numeric < alphanumeric identifiers),
// build metadata ignored.
import { compareDigits, compareText, defineOrder } from "./order.ts";

interface NuGetVersion {
  numbers: [string, string, string, string];
  prerelease: string[];
}

const PATTERN =
  /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?$/;

export function parseNuGetVersion(text: string): NuGetVersion | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  return {
    numbers: [match[1]!, match[2] ?? "0", match[3] ?? "0", match[4] ?? "0"],
    prerelease: match[5] ? match[5].toLowerCase().split(".") : [],
  };
}

function compareIdentifier(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return compareDigits(a, b);
  if (numericA !== numericB) return numericA ? -1 : 1;
  return compareText(a, b);
}

export function compareNuGet(a: NuGetVersion, b: NuGetVersion): number {
  for (let i = 0; i < 4; i++) {
    const order = compareDigits(a.numbers[i]!, b.numbers[i]!);
    if (order !== 0) return order;
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  const length = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < length; i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const order = compareIdentifier(x, y);
    if (order !== 0) return order;
  }
  return 0;
}

export const nugetOrder = defineOrder({ parse: parseNuGetVersion, compare: compareNuGet });
