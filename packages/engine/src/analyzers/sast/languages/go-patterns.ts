// Pattern rules for Go.
import type { PatternSpec } from "./types.ts";

export const goPatterns: readonly PatternSpec[] = [];
