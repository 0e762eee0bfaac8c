import { describe, expect, it } from "vitest";
import { SourceFile } from "../../source.ts";
import { inertTemplateSpans } from "./languages/templates.ts";
import { parseSource } from "./model.ts";
import { patternMatches } from "./patterns.ts";

describe("template text rules on hostile input", () => {
  it("find comment and constant-false spans in one pass when closers are missing", () => {
    const text = `${"{# {% if false %} <% if (false) { %> {{#if false}} {{!-- ".repeat(20_000)}{{{ x }}}`;
    const started = performance.now();
    expect(inertTemplateSpans(text)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("report a bounded number of matches and never throw on broken markup", () => {
    const text = `<div><p>${"{{{ x }}} ".repeat(5_000)}<%- y %><%-`;
    const parsed = parseSource(new SourceFile("page.hbs", text));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const matches = patternMatches(parsed.model, "html-marked-safe");
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(1_000);
  });
});
