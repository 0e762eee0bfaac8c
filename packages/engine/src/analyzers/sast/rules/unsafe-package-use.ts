import { definePatternRule } from "../pattern-rule.ts";

export const unsafePackageUse = definePatternRule({
  hazard: "unsafe-package-use",
  category: "security",
  title: "Go unsafe package used",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [242],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: a call of `unsafe.Pointer`, `unsafe.Slice`, `unsafe.String`, `unsafe.StringData`, `unsafe.SliceData` or `unsafe.Add` in a file that imports `unsafe`. `unsafe.Sizeof`/`Alignof`/`Offsetof` (compile-time constants) and test code are not reported. An audit finding: each use deserves a review, most are fine.",
    whyItMatters:
      "These calls step outside Go's type and bounds checking: a wrong length, a pointer kept past the life of its object or a misaligned cast reads or corrupts memory, which the garbage collector may also move or free.",
    remediation:
      "Prefer the safe standard-library API (`encoding/binary`, `bytes`, `strings.Clone`); where `unsafe` is needed, keep it in one small reviewed function that follows the `unsafe.Pointer` rules of its documentation.",
    example: "value := binary.LittleEndian.Uint32(buf[:4])",
  },
});
