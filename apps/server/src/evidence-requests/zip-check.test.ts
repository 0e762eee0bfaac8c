import { describe, expect, it } from "vitest";
import { buildZip } from "./zip-builder.test-helper.ts";
import { checkZip, unsafeEntryName, zipEntries } from "./zip-check.ts";

const refusal = (zip: Buffer) => {
  try {
    checkZip(zip);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("zip checks", () => {
  it("reads the central directory of a zip with folders, stored and deflated files", () => {
    const zip = buildZip([
      { name: "report/" },
      { name: "report/summary.txt", content: "all good" },
      { name: "report/data.csv", content: "a,b\n1,2\n".repeat(100), deflate: true },
    ]);
    expect(zipEntries(zip).map((entry) => [entry.name, entry.uncompressedSize])).toEqual([
      ["report/", 0],
      ["report/summary.txt", 8],
      ["report/data.csv", 800],
    ]);
    expect(refusal(zip)).toBeUndefined();
  });

  it("refuses entries that leave the archive's folder", () => {
    expect(refusal(buildZip([{ name: "../x", content: "x" }]))).toMatch(/leaves the archive's folder/);
    expect(refusal(buildZip([{ name: "a/../../x", content: "x" }]))).toMatch(/leaves the archive's folder/);
    expect(refusal(buildZip([{ name: "/etc/passwd", content: "x" }]))).toMatch(/absolute path/);
    expect(refusal(buildZip([{ name: "C:/x.txt", content: "x" }]))).toMatch(/absolute path/);
    expect(refusal(buildZip([{ name: "a\\..\\x", content: "x" }]))).toMatch(/backslashes/);
    expect(unsafeEntryName("docs/..hidden")).toBeUndefined();
  });

  it("refuses symbolic links", () => {
    expect(refusal(buildZip([{ name: "link", content: "/etc/passwd", symlink: true }]))).toMatch(
      /symbolic link/,
    );
  });

  it("refuses nested executables, by name and by content (stored or deflated)", () => {
    expect(refusal(buildZip([{ name: "tool.exe", content: "hello" }]))).toMatch(/program or script/);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
    expect(refusal(buildZip([{ name: "notes.txt", content: elf }]))).toMatch(/Linux executable/);
    expect(refusal(buildZip([{ name: "notes.txt", content: elf, deflate: true }]))).toMatch(
      /Linux executable/,
    );
    expect(refusal(buildZip([{ name: "run", content: "#!/bin/sh\nrm -rf /\n", deflate: true }]))).toMatch(
      /a script/,
    );
  });

  it("refuses an archive that claims to expand past 20 times its size", () => {
    const bomb = buildZip([{ name: "big.txt", content: "x", claimedSize: 10 * 1024 * 1024 }]);
    expect(refusal(bomb)).toMatch(/expands to more/);
  });

  it("refuses more than 10,000 entries before reading them", () => {
    const zip = buildZip([{ name: "a.txt", content: "a" }]);
    zip.writeUInt16LE(10_001, zip.length - 12);
    expect(refusal(zip)).toMatch(/10001 entries/);
  });

  it("calls a truncated or foreign file damaged", () => {
    expect(refusal(Buffer.from("PK\u0003\u0004 not really"))).toMatch(/damaged/);
    const zip = buildZip([{ name: "a.txt", content: "a" }]);
    expect(refusal(zip.subarray(0, zip.length - 30))).toMatch(/damaged/);
  });
});
