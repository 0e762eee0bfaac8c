// Packagist: Composer's VersionParser::normalize then PHP version_compare, restricted to what
// advisories use. `v1.2` becomes 1.2.0.0; stability suffixes order
// dev < alpha (a) < beta (b) < RC < stable < patch (pl, p), each with an optional number; a
// trailing `-dev` on a version makes it sort before the same version without it. Branch names
// (`dev-main`, `1.x-dev`) are not versions and do not parse.
import { compareDigits, defineOrder } from "./order.ts";

interface ComposerVersion {
  numbers: [string, string, string, string];
  stability: number;
  stabilityNumber: string[];
  dev: boolean;
}

const STABILITY: Record<string, number> = {
  alpha: 1,
  a: 1,
  beta: 2,
  b: 2,
  rc: 3,
  stable: 4,
  patch: 5,
  pl: 5,
  p: 5,
};
const PATTERN =
  /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:[._-]?(stable|beta|b|rc|alpha|a|patch|pl|p)((?:[.-]?\d+)*))?(?:[.-]?(dev))?$/i;

export function parseComposerVersion(text: string): ComposerVersion | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, major, minor, patch, build, stability, number, dev] = match;
  return {
    numbers: [major!, minor ?? "0", patch ?? "0", build ?? "0"],
    stability: stability ? STABILITY[stability.toLowerCase()]! : dev ? 0 : 4,
    stabilityNumber: number ? (number.match(/\d+/g) ?? []) : [],
    dev: Boolean(dev) && Boolean(stability),
  };
}

export function compareComposer(a: ComposerVersion, b: ComposerVersion): number {
  for (let i = 0; i < 4; i++) {
    const order = compareDigits(a.numbers[i]!, b.numbers[i]!);
    if (order !== 0) return order;
  }
  if (a.stability !== b.stability) return a.stability < b.stability ? -1 : 1;
  const length = Math.max(a.stabilityNumber.length, b.stabilityNumber.length);
  for (let i = 0; i < length; i++) {
    const order = compareDigits(a.stabilityNumber[i] ?? "0", b.stabilityNumber[i] ?? "0");
    if (order !== 0) return order;
  }
  if (a.dev !== b.dev) return a.dev ? -1 : 1;
  return 0;
}

export const packagistOrder = defineOrder({ parse: parseComposerVersion, compare: compareComposer });
