import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { OsvRecord } from "./record.ts";
import { compareModified, planImport, readOsvBytes, readOsvDir, readOsvZip } from "./store.ts";

const record = (id: string, modified?: string): OsvRecord => ({ id, modified, references: [] });

describe("planImport", () => {
  it("inserts new ids, updates strictly newer ones and skips the rest", () => {
    const existing = new Map<string, string | undefined>([
      ["A", "2024-01-01T00:00:00Z"],
      ["B", "2024-01-01T00:00:00Z"],
      ["C", undefined],
    ]);
    const plan = planImport(existing, [
      record("A", "2024-01-01T00:00:00.000000001Z"),
      record("B", "2024-01-01T00:00:00Z"),
      record("C", "2020-01-01T00:00:00Z"),
      record("D"),
    ]);
    expect(plan.insert.map((r) => r.id)).toEqual(["D"]);
    expect(plan.update.map((r) => r.id)).toEqual(["A", "C"]);
    expect(plan.skip).toEqual([{ id: "B", reason: "not modified since the stored copy" }]);
  });

  it("keeps the newest of duplicates in one import", () => {
    const plan = planImport(new Map(), [
      record("A", "2024-02-01T00:00:00Z"),
      record("A", "2024-03-01T00:00:00Z"),
      record("A", "2024-01-01T00:00:00Z"),
    ]);
    expect(plan.insert).toEqual([record("A", "2024-03-01T00:00:00Z")]);
    expect(plan.skip).toHaveLength(2);
  });

  it("compares stamps as times, whatever their precision or offset", () => {
    expect(compareModified("2024-01-01T00:00:24Z", "2024-01-01T00:00:24.5Z")).toBeLessThan(0);
    expect(compareModified("2026-07-08T04:32:24.548042624Z", "2026-07-08T04:32:24.548042625Z")).toBeLessThan(
      0,
    );
    expect(compareModified("2024-01-01T01:00:00+01:00", "2024-01-01T00:00:00Z")).toBe(0);
    expect(compareModified(undefined, "2024-01-01T00:00:00Z")).toBeLessThan(0);
  });
});

describe("readers", () => {
  const root = join(import.meta.dirname, "fixtures", "osv-sample");

  it("reads an all.zip as published (one <ID>.json per entry)", () => {
    const entries = Object.fromEntries(
      ["GHSA-xvch-5gv4-984h", "GHSA-29mw-wpgm-hmr9"].map((id) => [
        `${id}.json`,
        new Uint8Array(readFileSync(join(root, "npm", `${id}.json`))),
      ]),
    );
    const zip = zipSync({ ...entries, "broken.json": strToU8("{"), "README.txt": strToU8("ignored") });
    const loaded = readOsvZip(zip);
    expect(loaded.records.map((r) => r.id).sort()).toEqual(["GHSA-29mw-wpgm-hmr9", "GHSA-xvch-5gv4-984h"]);
    expect(loaded.errors).toEqual([{ file: "broken.json", error: expect.stringContaining("invalid JSON") }]);
    expect(readOsvBytes(zip).records).toHaveLength(2);
  });

  it("refuses a zip bomb before inflating it, by the sizes it declares", () => {
    const bomb = zipSync({ "BOMB-1.json": new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(20_000);
    const limits = { maxEntryBytes: 1e9, maxTotalBytes: 1e10, maxRatio: 100 };
    expect(readOsvZip(bomb, { ...limits, maxEntryBytes: 1024 * 1024 }).errors).toEqual([
      { file: "(zip)", error: expect.stringMatching(/BOMB-1.json expands to 4194304 bytes, over the limit/) },
    ]);
    expect(readOsvZip(bomb, limits).errors[0]!.error).toMatch(/expands more than 100 times/);
    const many = zipSync({ "A-1.json": strToU8('{"id":"A-1"}'), "A-2.json": strToU8('{"id":"A-2"}') });
    expect(readOsvZip(many, { ...limits, maxTotalBytes: 15 }).errors[0]!.error).toMatch(
      /past the limit of 15/,
    );
    expect(readOsvZip(many).records).toHaveLength(2);
  });

  it("reads a JSON array and a folder", () => {
    const array = strToU8(JSON.stringify([{ id: "A-1" }, { id: "A-2" }, { nope: 1 }]));
    const loaded = readOsvBytes(array, "list.json");
    expect(loaded.records.map((r) => r.id)).toEqual(["A-1", "A-2"]);
    expect(loaded.errors).toHaveLength(1);
    expect(readOsvDir(join(root, "Debian")).records).toHaveLength(9);
    expect(readOsvZip(strToU8("not a zip")).errors).toHaveLength(1);
  });
});
