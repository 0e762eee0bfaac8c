// Alpine: apk-tools' version order (src/version.c). A version is digit groups separated by dots,
// an optional letter, `_suffix[N]` groups, an optional `~hash` and an optional `-rN` release.
// Suffixes order alpha < beta < pre < rc < (none) < cvs < svn < git < hg < p. When two versions
// agree up to where one has more tokens, the longer one is newer unless its next token is a
// pre-release suffix (1.2_rc1 < 1.2 < 1.2_p1 < 1.2a < 1.2.1).
import { compareDigits, compareText, defineOrder } from "./order.ts";

/** Token kinds in apk-tools order: a lower kind at the first difference means a newer version. */
enum Kind {
  Digit = 1,
  Letter = 2,
  Suffix = 3,
  Hash = 4,
  Revision = 5,
  End = 6,
}

type Token =
  | { kind: Kind.Digit; digits: string; first: boolean }
  | { kind: Kind.Letter; letter: string }
  | { kind: Kind.Suffix; rank: number; digits: string }
  | { kind: Kind.Hash; hash: string }
  | { kind: Kind.Revision; digits: string };

const SUFFIXES = ["alpha", "beta", "pre", "rc", "cvs", "svn", "git", "hg", "p"];
const PRE_RELEASE = 4; // suffixes ranked below this come before the bare version
const PATTERN =
  /^(\d+(?:\.\d+)*)([a-z])?((?:_(?:alpha|beta|pre|rc|cvs|svn|git|hg|p)\d*)*)(?:~([0-9a-f]+))?(?:-r(\d+))?$/;

export function parseAlpineVersion(text: string): Token[] | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, digits, letter, suffixes, hash, revision] = match;
  const tokens: Token[] = digits!
    .split(".")
    .map((group, index) => ({ kind: Kind.Digit, digits: group, first: index === 0 }));
  if (letter) tokens.push({ kind: Kind.Letter, letter });
  for (const suffix of suffixes!.split("_").slice(1)) {
    const [, name, number] = /^([a-z]+)(\d*)$/.exec(suffix)!;
    tokens.push({ kind: Kind.Suffix, rank: SUFFIXES.indexOf(name!), digits: number || "0" });
  }
  if (hash) tokens.push({ kind: Kind.Hash, hash });
  if (revision) tokens.push({ kind: Kind.Revision, digits: revision });
  return tokens;
}

function compareSameKind(a: Token, b: Token): number {
  switch (a.kind) {
    case Kind.Digit: {
      const other = b as typeof a;
      // apk compares a later group with a leading zero as a decimal fraction (1.01 < 1.1)
      if (!a.first && (a.digits.startsWith("0") || other.digits.startsWith("0"))) {
        return compareText(a.digits, other.digits);
      }
      return compareDigits(a.digits, other.digits);
    }
    case Kind.Letter:
      return compareText(a.letter, (b as typeof a).letter);
    case Kind.Suffix: {
      const other = b as typeof a;
      return a.rank !== other.rank ? (a.rank < other.rank ? -1 : 1) : compareDigits(a.digits, other.digits);
    }
    case Kind.Hash:
      return compareText(a.hash, (b as typeof a).hash);
    case Kind.Revision:
      return compareDigits(a.digits, (b as typeof a).digits);
  }
}

export function compareAlpine(a: Token[], b: Token[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    const kindX = x?.kind ?? Kind.End;
    const kindY = y?.kind ?? Kind.End;
    if (x && y && kindX === kindY) {
      const order = compareSameKind(x, y);
      if (order !== 0) return order;
      continue;
    }
    if (x?.kind === Kind.Suffix && x.rank < PRE_RELEASE) return -1;
    if (y?.kind === Kind.Suffix && y.rank < PRE_RELEASE) return 1;
    return kindX < kindY ? 1 : -1;
  }
  return 0;
}

export const alpineOrder = defineOrder({ parse: parseAlpineVersion, compare: compareAlpine });
