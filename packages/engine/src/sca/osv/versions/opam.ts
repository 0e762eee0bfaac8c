// opam (OCaml): opam compares whole version strings with Debian's algorithm (no epoch and no
// revision split): non-digit runs character by character, `~` before everything, letters before
// other characters; digit runs numerically. So `v0.16.0` < `v0.16.1` and `1.0~beta` < `1.0`.
import { compareDebianPart } from "./debian.ts";
import { defineOrder } from "./order.ts";

// opam's lexer accepts letters, digits and `+-._~` in a version.
const OPAM_VERSION = /^[A-Za-z0-9+._~-]+$/;

export const opamOrder = defineOrder<string>({
  parse: (text) => {
    const version = text.trim();
    return OPAM_VERSION.test(version) ? version : undefined;
  },
  compare: compareDebianPart,
});
