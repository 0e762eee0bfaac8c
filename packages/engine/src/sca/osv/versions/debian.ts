// Debian and Ubuntu: dpkg's algorithm (lib/dpkg/version.c). [epoch:]upstream[-revision]; the
// revision is everything after the last hyphen. Within upstream and revision, non-digit runs
// compare character by character with `~` before everything (even the end), then letters, then
// other characters; digit runs compare numerically.
import { compareDigits, defineOrder } from "./order.ts";

interface DebianVersion {
  epoch: number;
  upstream: string;
  revision: string;
}

const UPSTREAM = /^[0-9][A-Za-z0-9.+~:-]*$/;
const REVISION = /^[A-Za-z0-9.+~]*$/;

export function parseDebianVersion(text: string): DebianVersion | undefined {
  const version = text.trim();
  const colon = version.indexOf(":");
  let epoch = 0;
  let rest = version;
  if (colon !== -1) {
    const epochText = version.slice(0, colon);
    if (!/^\d+$/.test(epochText)) return undefined;
    epoch = Number(epochText);
    rest = version.slice(colon + 1);
  }
  const hyphen = rest.lastIndexOf("-");
  const upstream = hyphen === -1 ? rest : rest.slice(0, hyphen);
  const revision = hyphen === -1 ? "" : rest.slice(hyphen + 1);
  if (!UPSTREAM.test(upstream) || !REVISION.test(revision) || (hyphen !== -1 && revision === ""))
    return undefined;
  if (colon === -1 && upstream.includes(":")) return undefined;
  return { epoch, upstream, revision };
}

function order(c: string | undefined): number {
  if (c === undefined) return 0;
  if (c === "~") return -1;
  const code = c.charCodeAt(0);
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return code;
  return code + 256;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** dpkg's verrevcmp. */
export function compareDebianPart(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const ac = i < a.length && !isDigit(a[i]) ? order(a[i]) : 0;
      const bc = j < b.length && !isDigit(b[j]) ? order(b[j]) : 0;
      if (ac !== bc) return ac < bc ? -1 : 1;
      i++;
      j++;
    }
    let startA = i;
    while (a[startA] === "0") startA++;
    let endA = startA;
    while (isDigit(a[endA])) endA++;
    let startB = j;
    while (b[startB] === "0") startB++;
    let endB = startB;
    while (isDigit(b[endB])) endB++;
    const digits = compareDigits(a.slice(startA, endA) || "0", b.slice(startB, endB) || "0");
    if (digits !== 0) return digits;
    i = endA;
    j = endB;
  }
  return 0;
}

export function compareDebian(a: DebianVersion, b: DebianVersion): number {
  if (a.epoch !== b.epoch) return a.epoch < b.epoch ? -1 : 1;
  return compareDebianPart(a.upstream, b.upstream) || compareDebianPart(a.revision, b.revision);
}

export const debianOrder = defineOrder({ parse: parseDebianVersion, compare: compareDebian });
