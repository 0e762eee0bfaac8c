// RubyGems: Gem::Version. The text splits into numeric and alphabetic segments (`-` means
// `.pre.`); any letter makes a prerelease, which sorts before the release. Trailing zeros of the
// release part and of the prerelease part are dropped before comparing; a string segment sorts
// before a number.
import { compareDigits, compareText, defineOrder } from "./order.ts";

type Segment = string | { digits: string };

const PATTERN = /^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export function parseGemVersion(text: string): Segment[] | undefined {
  const trimmed = text.trim();
  if (!PATTERN.test(trimmed)) return undefined;
  const version = trimmed.replaceAll("-", ".pre.");
  const segments: Segment[] = (version.match(/[0-9]+|[a-z]+/gi) ?? []).map((part) =>
    /^\d/.test(part) ? { digits: part } : part,
  );
  const firstString = segments.findIndex((segment) => typeof segment === "string");
  const release = firstString === -1 ? segments : segments.slice(0, firstString);
  const prerelease = firstString === -1 ? [] : segments.slice(firstString);
  return [...dropTrailingZeros(release), ...dropTrailingZeros(prerelease)];
}

function isZero(segment: Segment): boolean {
  return typeof segment !== "string" && /^0+$/.test(segment.digits);
}

function dropTrailingZeros(segments: Segment[]): Segment[] {
  let end = segments.length;
  while (end > 0 && isZero(segments[end - 1]!)) end--;
  return segments.slice(0, end);
}

export function compareGem(a: Segment[], b: Segment[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? { digits: "0" };
    const y = b[i] ?? { digits: "0" };
    if (typeof x === "string" && typeof y === "string") {
      if (x !== y) return compareText(x, y);
    } else if (typeof x === "string" || typeof y === "string") {
      return typeof x === "string" ? -1 : 1;
    } else {
      const order = compareDigits(x.digits, y.digits);
      if (order !== 0) return order;
    }
  }
  return 0;
}

export const rubygemsOrder = defineOrder({ parse: parseGemVersion, compare: compareGem });
