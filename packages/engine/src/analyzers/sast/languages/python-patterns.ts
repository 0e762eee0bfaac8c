// Pattern rules for Python.
import type { PatternSpec } from "./types.ts";

export const pythonPatterns: readonly PatternSpec[] = [];
