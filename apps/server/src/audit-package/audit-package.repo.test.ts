// Which approved policy versions a package includes: the one in force at a Type I date, and every
// one in force at some time in a Type II window. A lower version approved late never takes over.
import { describe, expect, it } from "vitest";
import { versionsInForce } from "./audit-package.repo.ts";

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const approved = [
  { policyId: "p", version: 1, approvedAt: day(1) },
  { policyId: "p", version: 2, approvedAt: day(10) },
  { policyId: "p", version: 3, approvedAt: day(20) },
  { policyId: "q", version: 1, approvedAt: day(15) },
];
const versions = (list: { policyId: string; version: number }[]) =>
  list.map((version) => `${version.policyId}v${version.version}`);

describe("versionsInForce", () => {
  it("takes the version in force at a Type I date", () => {
    expect(versions(versionsInForce(approved, { view: "type1", at: day(12) }))).toEqual(["pv2"]);
    expect(versions(versionsInForce(approved, { view: "type1", at: day(20) }))).toEqual(["pv3", "qv1"]);
    expect(versionsInForce(approved, { view: "type1", at: new Date(Date.UTC(2025, 11, 31)) })).toEqual([]);
  });

  it("takes every version in force during a Type II window", () => {
    expect(versions(versionsInForce(approved, { view: "type2", from: day(5), to: day(16) }))).toEqual([
      "pv1",
      "pv2",
      "qv1",
    ]);
    expect(versions(versionsInForce(approved, { view: "type2", from: day(21), to: day(25) }))).toEqual([
      "pv3",
      "qv1",
    ]);
  });

  it("ignores a lower version approved after a higher one", () => {
    const late = [...approved, { policyId: "p", version: 2, approvedAt: day(22) }];
    const reapproved = [
      { policyId: "r", version: 2, approvedAt: day(3) },
      { policyId: "r", version: 1, approvedAt: day(4) },
    ];
    expect(versions(versionsInForce(reapproved, { view: "type1", at: day(5) }))).toEqual(["rv2"]);
    expect(versions(versionsInForce(late, { view: "type1", at: day(23) }))).toEqual(["pv3", "qv1"]);
  });
});
