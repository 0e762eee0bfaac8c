// Versions that are lists of non-negative integers, compared element by element with a shorter
// list first when it is a prefix: R's `package_version` (CRAN, Bioconductor: `1.2-3` is `1.2.3`,
// at least two parts) and Haskell's Data.Version branch (Hackage: `1.2.0.1`). In both, `1.0`
// sorts before `1.0.0`; neither has prereleases.
import { compareDigits, defineOrder, type VersionOrder } from "./order.ts";

function numericListOrder(pattern: RegExp): VersionOrder {
  return defineOrder<string[]>({
    parse: (text) => {
      const trimmed = text.trim();
      return pattern.test(trimmed) ? trimmed.split(/[.-]/) : undefined;
    },
    compare: (a, b) => {
      const length = Math.min(a.length, b.length);
      for (let index = 0; index < length; index++) {
        const order = compareDigits(a[index]!, b[index]!);
        if (order !== 0) return order;
      }
      return a.length - b.length;
    },
  });
}

export const rPackageOrder = numericListOrder(/^\d+(?:[.-]\d+)+$/);
export const hackageOrder = numericListOrder(/^\d+(?:\.\d+)*$/);
