// Pattern rules for JavaScript and TypeScript (no data flow: the construct itself is the hazard).
import type { PatternSpec } from "./types.ts";

export const javascriptPatterns: readonly PatternSpec[] = [];
