// Maven: a port of org.apache.maven.artifact.versioning.ComparableVersion (Maven 3.9), the order
// Maven itself resolves with. A version is a tree of items: integers, qualifiers and sub-lists
// opened by `-` or by a switch between digits and letters. Known qualifiers sort
// alpha < beta < milestone < rc (= cr) < snapshot < "" (= ga, final, release) < sp, unknown
// qualifiers after sp in lexical order; trailing zeros and empty qualifiers are dropped, so
// 1.0 == 1.0.0 == 1-ga == 1.0.Final.
import { compareDigits, compareText, defineOrder } from "./order.ts";

type Item =
  | { kind: "int"; digits: string }
  | { kind: "string"; qualifier: string }
  | { kind: "list"; items: Item[] };

const QUALIFIERS = ["alpha", "beta", "milestone", "rc", "snapshot", "", "sp"];
const ALIASES: Record<string, string> = { ga: "", final: "", release: "", cr: "rc" };
const RELEASE_INDEX = String(QUALIFIERS.indexOf(""));

function comparableQualifier(qualifier: string): string {
  const index = QUALIFIERS.indexOf(qualifier);
  return index === -1 ? `${QUALIFIERS.length}-${qualifier}` : String(index);
}

function stringItem(text: string, followedByDigit: boolean): Item {
  let value = text;
  if (followedByDigit && value.length === 1) {
    value = value === "a" ? "alpha" : value === "b" ? "beta" : value === "m" ? "milestone" : value;
  }
  return { kind: "string", qualifier: ALIASES[value] ?? value };
}

function parseItem(isDigit: boolean, text: string): Item {
  return isDigit ? { kind: "int", digits: text.replace(/^0+(?=\d)/, "") } : stringItem(text, false);
}

function isNull(item: Item): boolean {
  switch (item.kind) {
    case "int":
      return /^0+$/.test(item.digits);
    case "string":
      return item.qualifier === "";
    case "list":
      return item.items.length === 0;
  }
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i]!;
    if (isNull(last)) list.splice(i, 1);
    else if (last.kind !== "list") break;
  }
}

export function parseMavenVersion(text: string): Item | undefined {
  const version = text.trim().toLowerCase();
  if (version === "" || /\s/.test(version)) return undefined;
  const root: Item[] = [];
  let list = root;
  const stack: Item[][] = [root];
  const openList = () => {
    const child: Item[] = [];
    list.push({ kind: "list", items: child });
    list = child;
    stack.push(child);
  };
  let isDigit = false;
  let start = 0;
  for (let i = 0; i < version.length; i++) {
    const c = version[i]!;
    if (c === ".") {
      list.push(i === start ? { kind: "int", digits: "0" } : parseItem(isDigit, version.slice(start, i)));
      start = i + 1;
    } else if (c === "-") {
      list.push(i === start ? { kind: "int", digits: "0" } : parseItem(isDigit, version.slice(start, i)));
      start = i + 1;
      openList();
    } else if (c >= "0" && c <= "9") {
      if (!isDigit && i > start) {
        // 1.0.0.X1 < 1.0.0-X2: a qualifier after a dot is treated like one after a dash
        if (list.length > 0) openList();
        list.push(stringItem(version.slice(start, i), true));
        start = i;
        openList();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(parseItem(true, version.slice(start, i)));
        start = i;
        openList();
      }
      isDigit = false;
    }
  }
  if (version.length > start) {
    if (!isDigit && list.length > 0) openList();
    list.push(parseItem(isDigit, version.slice(start)));
  }
  for (let i = stack.length - 1; i >= 0; i--) normalize(stack[i]!);
  return { kind: "list", items: root };
}

/** `item` compared with `other`, where undefined stands for "nothing here" (padding). */
function compareItem(item: Item, other: Item | undefined): number {
  switch (item.kind) {
    case "int":
      if (other === undefined) return isNull(item) ? 0 : 1;
      if (other.kind === "int") return compareDigits(item.digits, other.digits);
      return 1; // 1.1 > 1-sp and 1.1 > 1-1
    case "string":
      if (other === undefined) return compareText(comparableQualifier(item.qualifier), RELEASE_INDEX);
      if (other.kind === "int" || other.kind === "list") return -1;
      return compareText(comparableQualifier(item.qualifier), comparableQualifier(other.qualifier));
    case "list": {
      if (other === undefined) {
        // every item against nothing, not only the first (MNG-6964): 1-0.alpha < 1
        for (const part of item.items) {
          const result = compareItem(part, undefined);
          if (result !== 0) return result;
        }
        return 0;
      }
      if (other.kind === "int") return -1;
      if (other.kind === "string") return 1;
      const length = Math.max(item.items.length, other.items.length);
      for (let i = 0; i < length; i++) {
        const left = item.items[i];
        const right = other.items[i];
        const result =
          left === undefined
            ? right === undefined
              ? 0
              : -compareItem(right, undefined)
            : compareItem(left, right);
        if (result !== 0) return result;
      }
      return 0;
    }
  }
}

export const mavenOrder = defineOrder({
  parse: parseMavenVersion,
  // `|| 0` turns the -0 that negating an equal comparison gives into 0
  compare: (a: Item, b: Item) => compareItem(a, b) || 0,
});
