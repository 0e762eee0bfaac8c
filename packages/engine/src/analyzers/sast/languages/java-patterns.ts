// Pattern rules for Java.
import type { PatternSpec } from "./types.ts";

export const javaPatterns: readonly PatternSpec[] = [];
