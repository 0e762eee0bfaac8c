// The one interface every ecosystem's version order implements. `parse` refuses what the
// ecosystem would refuse (undefined, never a throw), so callers parse once and compare many times.

export interface VersionOrder<V = unknown> {
  /** The parsed form, or undefined when the text is not a version of this ecosystem. */
  parse(text: string): V | undefined;
  /** Negative, zero or positive, like `Array.prototype.sort` comparators. */
  compare(a: V, b: V): number;
}

/** Defines an order with its parsed type hidden, so the table can hold every ecosystem. */
export function defineOrder<V>(order: VersionOrder<V>): VersionOrder<unknown> {
  return order as VersionOrder<unknown>;
}

export function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Compares two strings of decimal digits of any length without losing precision. */
export function compareDigits(a: string, b: string): number {
  const x = stripZeros(a);
  const y = stripZeros(b);
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function stripZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits[start] === "0") start++;
  return digits.slice(start);
}

/** Plain code-unit order, as Java's String.compareTo and Ruby's String#<=> on ASCII. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
