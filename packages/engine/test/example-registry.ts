// A registry of test-only analyzers, loaded by URL in scans (and their workers) under test.
import type { Analyzer } from "../src/analyzer.ts";
import { exampleAnalyzer } from "./example-analyzer/analyzer.ts";

export const analyzers: readonly Analyzer[] = [exampleAnalyzer];
