// Which arguments of a printf-style call its format string prints as numbers. `fmt.Sprintf("… id =
// %d", id)` puts digits in the text, whatever the request held: a string given to `%d` prints as
// `%!d(string=…)`, a mistake `go vet` (run by `go test`) reports, not a way to write a quote.

import type { FormatCallSpec } from "./languages/types.ts";

/** A Go format string written as one literal: "…" or `…`. */
const FORMAT_LITERAL = /^(?:"((?:[^"\\\n]|\\.)*)"|`([^`]*)`)$/;

/**
 * One directive: flags, an explicit argument index, width and precision (`*` takes an argument),
 * and the verb. `%%` prints a percent sign and takes nothing.
 */
const DIRECTIVE = /%[-+# 0]*(\[\d+\])?(\*|\d*)(?:\.(\[\d+\])?(\*|\d*))?(\[\d+\])?([\s\S])/g;

/**
 * The positions (among the call's arguments) of the operands the format prints with a clean verb,
 * or an empty list when that cannot be told: the format is not one literal, it picks arguments by
 * index (`%[2]d`), or the arguments are spread from a slice (`args...`).
 */
export function cleanFormatOperands(spec: FormatCallSpec, args: readonly string[]): number[] {
  const format = FORMAT_LITERAL.exec(args[spec.format]?.trim() ?? "");
  if (!format) return [];
  if (args.some((arg) => arg.trimEnd().endsWith("..."))) return [];
  const clean: number[] = [];
  let next = spec.format + 1;
  for (const directive of (format[1] ?? format[2] ?? "").matchAll(DIRECTIVE)) {
    const [, index, width, precisionIndex, precision, verbIndex, verb] = directive;
    if (index || precisionIndex || verbIndex) return [];
    if (verb === "%") continue;
    // a `*` width or precision is read as an int: a string there prints `%!(BADWIDTH)`, not itself
    if (width === "*") clean.push(next++);
    if (precision === "*") clean.push(next++);
    if (spec.cleanVerbs.test(verb ?? "")) clean.push(next);
    next++;
  }
  return clean.filter((position) => position < args.length);
}
