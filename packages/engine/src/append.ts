/**
 * `target.push(...items)` without the argument-count limit: spreading more than about 100,000
 * items overflows the call stack ("Maximum call stack size exceeded"), which a large repository's
 * findings reach.
 */
export function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
