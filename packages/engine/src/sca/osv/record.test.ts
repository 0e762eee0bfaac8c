import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOsvJson, parseOsvRecord } from "./record.ts";

const sample = (path: string) =>
  readFileSync(join(import.meta.dirname, "fixtures", "osv-sample", path), "utf8");

describe("parseOsvRecord", () => {
  it("keeps the fields the matcher uses", () => {
    const parsed = parseOsvJson(sample("Go/GO-2022-0493.json"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.record.id).toBe("GO-2022-0493");
    expect(parsed.record.aliases).toContain("CVE-2022-29526");
    expect(parsed.record.affected?.[0]?.ranges?.[0]).toEqual({
      type: "SEMVER",
      events: [{ introduced: "0" }, { fixed: "1.17.10" }, { introduced: "1.18.0-0" }, { fixed: "1.18.2" }],
    });
    expect(parsed.record.affected?.[0]?.ecosystem_specific).toHaveProperty("imports");
  });

  it("tolerates the quirks of real records", () => {
    const lowerCase = parseOsvJson(sample("npm/GHSA-x5rq-j2xg-h7qm.json"));
    expect(lowerCase.ok && lowerCase.record.database_specific?.severity).toBe("moderate");
    const noModified = parseOsvJson(sample("Debian/DSA-3029-1.json"));
    expect(noModified.ok && noModified.record.modified).toBeUndefined();
    const badUrl = parseOsvJson(sample("Go/GHSA-4374-p667-p6c8.json"));
    expect(badUrl.ok).toBe(true);
    const withdrawn = parseOsvJson(sample("PyPI/PYSEC-2021-63.json"));
    expect(withdrawn.ok && withdrawn.record.withdrawn).toBe("2021-02-10T20:15:00Z");
  });

  it("keeps unknown fields and drops malformed optional parts", () => {
    const parsed = parseOsvRecord({
      id: "X-1",
      future_field: { a: 1 },
      references: [{ type: "WEB", url: "https://example.com" }, { nope: true }],
      severity: "not a list",
      affected: [{ package: { ecosystem: "npm", name: "a" }, versions: ["1.0.0"] }],
    });
    expect(parsed).toMatchObject({
      ok: true,
      record: {
        id: "X-1",
        future_field: { a: 1 },
        references: [{ type: "WEB", url: "https://example.com" }],
      },
    });
    expect(parsed.ok && parsed.record.severity).toBeUndefined();
  });

  it("returns errors as values", () => {
    expect(parseOsvRecord({})).toMatchObject({ ok: false });
    expect(
      parseOsvRecord({ id: "X-2", affected: [{ ranges: [{ type: "ECOSYSTEM", events: [{ bad: "1" }] }] }] }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("X-2"),
    });
    expect(parseOsvJson("{not json")).toMatchObject({
      ok: false,
      error: expect.stringContaining("invalid JSON"),
    });
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => parseOsvRecord(value)).not.toThrow();
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.record(
          { id: fc.string(), affected: fc.anything(), severity: fc.anything(), references: fc.anything() },
          { requiredKeys: [] },
        ),
        (value) => {
          expect(() => parseOsvRecord(value)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => parseOsvJson(text)).not.toThrow();
      }),
    );
  });
});
