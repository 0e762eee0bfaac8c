import { describe, expect, it } from "vitest";
import { maskValue, Redactions, redactLine } from "./redact.ts";

describe("redactLine", () => {
  it("keeps the first characters of a secret and masks the rest", () => {
    const line = "GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 # ci";
    expect(redactLine(line, 3, [{ line: 3, column: 14, endColumn: 54 }])).toBe("GITHUB_TOKEN=ghp_… # ci");
  });

  it("masks less of short values, the rest of the line without an end, and whole continuation lines", () => {
    expect(maskValue("hunter22")).toBe("hu…");
    expect(maskValue("abc")).toBe("…");
    expect(redactLine("pw: hunter22", 1, [{ line: 1, column: 5 }])).toBe("pw: hu…");
    const pem = { line: 2, column: 5, endLine: 4, endColumn: 9 };
    expect(redactLine("key=-----BEGIN", 2, [pem])).toBe("key=--…");
    expect(redactLine("MIIEpAIBAAKCAQEA", 3, [pem])).toBe("…");
    expect(redactLine("-----END tail", 4, [pem])).toBe("… tail");
    expect(redactLine("untouched", 5, [pem])).toBe("untouched");
  });

  it("merges overlapping spans and keeps text between separate ones", () => {
    const spans = [
      { line: 1, column: 3, endColumn: 19 },
      { line: 1, column: 10, endColumn: 23 },
      { line: 1, column: 29, endColumn: 45 },
    ];
    const line = "a=0123456789abcdefghijXY, b=ZYXWVUTSRQPONMLK;";
    expect(redactLine(line, 1, spans)).toBe("a=0123…XY, b=ZYXW…;");
    expect(new Redactions(spans).apply(1, line)).toBe("a=0123…XY, b=ZYXW…;");
    expect(new Redactions(spans).apply(2, line)).toBe(line);
  });
});

describe("rules outside the secrets analyzer", () => {
  it("mask the literal credential they report (Report.redact)", async () => {
    const { analyzeFile } = await import("./analyze.ts");
    const { SourceFile } = await import("./source.ts");
    const { dockerfileAnalyzer } = await import("./analyzers/dockerfile/analyzer.ts");
    const file = new SourceFile("Dockerfile", "FROM alpine:3.20\nENV DB_PASSWORD=Sup3rS3cretValue\n");
    const result = analyzeFile(file, ["dockerfile"], [dockerfileAnalyzer], (id) =>
      id.endsWith("secret-in-build-variable"),
    );
    expect(result.findings.map((finding) => finding.location.snippet)).toEqual(["ENV DB_PASSWORD=Sup3…"]);
  });

  it("mask a secret another analyzer found in their messages", async () => {
    const { analyzeFile } = await import("./analyze.ts");
    const { SourceFile } = await import("./source.ts");
    const { dockerfileAnalyzer } = await import("./analyzers/dockerfile/analyzer.ts");
    const { secretsAnalyzer } = await import("./analyzers/secrets/analyzer.ts");
    const token = "ghp_jog6L3nc6s5FIuRWrajk9MOn3HH1TqMfXv35";
    const file = new SourceFile(
      "Dockerfile",
      `FROM alpine:3.20\nADD https://user:${token}@example.com/f /tmp/\n`,
    );
    const result = analyzeFile(file, ["dockerfile", "text"], [dockerfileAnalyzer, secretsAnalyzer]);
    const add = result.findings.find((finding) => finding.ruleId === "dockerfile/add-remote-url");
    expect(add?.message).toBe("ADD fetches https://user:ghp_…@example.com/f without verifying a checksum");
    expect(JSON.stringify(result.findings)).not.toContain(token);
  });

  it("drop a fix that would write a secret into the report", async () => {
    const { analyzeFile } = await import("./analyze.ts");
    const { SourceFile } = await import("./source.ts");
    const { sastAnalyzer } = await import("./analyzers/sast/analyzer.ts");
    const { secretsAnalyzer } = await import("./analyzers/secrets/analyzer.ts");
    await sastAnalyzer.prepare?.();
    const token = "ghp_jog6L3nc6s5FIuRWrajk9MOn3HH1TqMfXv35";
    const source = (command: string) =>
      `import os\nfrom flask import request\n\nu = request.args["u"]\nos.system("${command} http://x " + u)\n`;
    const analyze = (text: string) =>
      analyzeFile(
        new SourceFile("a.py", text),
        ["python", "text"],
        [sastAnalyzer, secretsAnalyzer],
      ).findings.find((finding) => finding.ruleId === "sast/command-injection");
    expect(analyze(source("curl"))?.fix).toBeDefined(); // the same finding has a fix without a secret
    const leaky = analyze(source(`curl -u admin:${token}`));
    expect(leaky).toBeDefined();
    expect(leaky?.fix).toBeUndefined();
  });
});
