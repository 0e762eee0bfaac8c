import { definePatternRule } from "../pattern-rule.ts";

export const integerOverflowConversion = definePatternRule({
  hazard: "integer-overflow-conversion",
  category: "security",
  title: "Parsed integer converted to a narrower type without a range check",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [190, 681],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: a value from `strconv.Atoi`, or `strconv.ParseInt`/`ParseUint` with bit size 64 (or 0), is converted to `int8`, `int16`, `int32`, `uint8`, `uint16`, `uint32`, `byte` or `rune` while the file never compares that variable with a bound (`math.MaxInt32`, a number). Literals and values parsed with the target's own bit size are not reported.",
    whyItMatters:
      "The conversion keeps only the low bits: `4294967297` becomes `1`, a large length becomes negative. Sizes, indexes, ports and permission checks computed from it are wrong in the attacker's favour.",
    remediation:
      "Parse with the target's bit size (`strconv.ParseInt(s, 10, 32)` returns an error when the value does not fit), or compare with `math.MaxInt32`/`math.MinInt32` before converting.",
    example: "n, err := strconv.ParseInt(s, 10, 32)\nif err != nil {\n\treturn err\n}\nport := int32(n)",
  },
});
