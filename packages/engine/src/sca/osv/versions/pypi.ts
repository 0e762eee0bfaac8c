// PyPI: PEP 440 as `packaging` orders it (epoch, release with trailing zeros ignored, then
// dev < pre (a < b < rc) < release < post, then the local label). Parsing is delegated to
// @renovatebot/pep440; the comparison key is built once per version, because that library
// re-parses on every compare.
import { createRequire } from "node:module";
import { compareDigits, compareText, defineOrder } from "./order.ts";

// Required, not imported: CommonJS, which Node's ESM loader would read twice to find its exports.
const { explain } = createRequire(import.meta.url)(
  "@renovatebot/pep440",
) as typeof import("@renovatebot/pep440");

interface Pep440 {
  epoch: number;
  release: number[];
  /** [phase, number]; phase -1 is "dev only" (sorts before any pre), 3 is "none" */
  pre: [number, number];
  /** -1 when absent */
  post: number;
  /** Infinity when absent */
  dev: number;
  local: (number | string)[] | undefined;
}

const PRE_PHASE: Record<string, number> = { a: 0, b: 1, rc: 2 };

export function parsePep440(text: string): Pep440 | undefined {
  const version = explain(text.trim());
  if (!version) return undefined;
  const release = [...version.release];
  while (release.length > 1 && release[release.length - 1] === 0) release.pop();
  // the bundled typings declare post and dev as arrays; at run time they are numbers or null
  const pre = version.pre as unknown as [string, number] | null;
  const post = version.post as unknown as number | null;
  const dev = version.dev as unknown as number | null;
  return {
    epoch: version.epoch,
    release,
    pre: pre ? [PRE_PHASE[pre[0]] ?? 2, pre[1]] : post === null && dev !== null ? [-1, 0] : [3, 0],
    post: post ?? -1,
    dev: dev ?? Number.POSITIVE_INFINITY,
    local: version.local
      ? version.local.split(/[._-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part.toLowerCase()))
      : undefined,
  };
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRelease(a: number[], b: number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareNumbers(a[i] ?? 0, b[i] ?? 0);
    if (order !== 0) return order;
  }
  return 0;
}

/** Local labels: absent < present; numeric segments beat alphanumeric ones; longer wins a tie. */
function compareLocal(a: Pep440["local"], b: Pep440["local"]): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (typeof x === "number" && typeof y === "number") {
      if (x !== y) return compareDigits(String(x), String(y));
    } else if (typeof x === "number" || typeof y === "number") {
      return typeof x === "number" ? 1 : -1;
    } else if (x !== y) {
      return compareText(x, y);
    }
  }
  return 0;
}

export function comparePep440(a: Pep440, b: Pep440): number {
  return (
    compareNumbers(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    compareNumbers(a.pre[0], b.pre[0]) ||
    compareNumbers(a.pre[1], b.pre[1]) ||
    compareNumbers(a.post, b.post) ||
    compareNumbers(a.dev, b.dev) ||
    compareLocal(a.local, b.local)
  );
}

export const pypiOrder = defineOrder({ parse: parsePep440, compare: comparePep440 });
