import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { chooseLogFormat, createLogger, type LogFormat, type LogOutput } from "./logger.ts";

describe("chooseLogFormat", () => {
  it.each([
    [undefined, true, "pretty"],
    [undefined, false, "json"],
    ["json", true, "json"],
    ["pretty", false, "pretty"],
    ["json", false, "json"],
    ["pretty", true, "pretty"],
  ] as const)("LOG_FORMAT=%s on a terminal: %s → %s", (override, isTTY, expected) => {
    expect(chooseLogFormat(override, isTTY)).toBe(expected);
  });
});

/** Everything one info line writes, as text. */
async function logOneLine(format: LogFormat | undefined, isTTY: boolean): Promise<string> {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (chunk) => chunks.push(String(chunk)));
  const output: LogOutput = { isTTY, stream };
  const logger = createLogger({ LOG_LEVEL: "info", LOG_FORMAT: format }, output);
  logger.info({ database: "pglite" }, "Rampart is running");
  await new Promise((resolve) => setTimeout(resolve, 50));
  return chunks.join("");
}

describe("createLogger", () => {
  it("writes one JSON object per line when the output is not a terminal", async () => {
    const text = await logOneLine(undefined, false);
    const line = JSON.parse(text.trim());
    expect(line).toMatchObject({ level: 30, msg: "Rampart is running", database: "pglite" });
  });

  it("writes a readable line on a terminal: level, message and details, no JSON envelope", async () => {
    const text = await logOneLine(undefined, true);
    expect(text).toMatch(/INFO.*Rampart is running/);
    expect(text).toContain('"database":"pglite"');
    expect(text.trim().startsWith("{")).toBe(false);
    expect(text).not.toContain("hostname");
    expect(text.trim().split("\n")).toHaveLength(1);
  });

  it("follows LOG_FORMAT over the terminal guess", async () => {
    const json = (await logOneLine("json", true)).trim();
    expect(JSON.parse(json)).toMatchObject({ msg: "Rampart is running" });
    expect(await logOneLine("pretty", false)).toMatch(/INFO.*Rampart is running/);
  });
});

describe("LOG_FORMAT", () => {
  it("is json, pretty or unset, and nothing else", () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "colour" })).toThrow(/LOG_FORMAT/);
  });
});
