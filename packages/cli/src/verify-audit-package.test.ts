// `rampart verify <audit-package.zip>` run as a user runs it: an untouched package verifies, one
// changed byte of an evidence file fails naming the file, and archives that break a bound or name
// a path outside the package are refused before anything is read.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportPublicKeyPem, generateKeyPair, keyFingerprint } from "@rampart/ledger";
import { auditPackageFixture, FIXTURE_EVIDENCE_PATH } from "@rampart/ledger/audit-package.fixture";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { runRampartSync } from "../test/run-rampart.ts";
import { isZip, PackageArchiveError, readPackageZip } from "./audit-package-zip.ts";

const { files, keys } = await auditPackageFixture();
const zipOf = (entries: Map<string, Uint8Array>) => Buffer.from(zipSync(Object.fromEntries(entries)));

// Each case spawns the CLI, which starts slowly on a busy machine.
describe("rampart verify <audit package>", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-package-"));
  writeFileSync(join(dir, "audit-package.zip"), zipOf(files));
  writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(keys.publicKey));
  writeFileSync(join(dir, "fingerprint.txt"), keyFingerprint(keys.publicKey));
  writeFileSync(join(dir, "other.pem"), exportPublicKeyPem(generateKeyPair().publicKey));

  it("passes an untouched package with the published key or its fingerprint", () => {
    for (const key of ["key.pem", "fingerprint.txt"]) {
      const result = runRampartSync(dir, ["verify", "audit-package.zip", "--public-key", key]);
      expect(result.stdout).toMatch(/VERIFIED: audit package of SOC 2 for Acme/);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    }
  });

  it("fails with one stderr line naming the file when one byte of an evidence file changes", () => {
    const tampered = new Map(files);
    const bytes = Buffer.from(files.get(FIXTURE_EVIDENCE_PATH)!);
    bytes[0] = bytes[0]! ^ 0x20;
    tampered.set(FIXTURE_EVIDENCE_PATH, bytes);
    writeFileSync(join(dir, "tampered.zip"), zipOf(tampered));
    const result = runRampartSync(dir, ["verify", "tampered.zip", "--public-key", "key.pem"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAILED/);
    const stderr = result.stderr.trim().split("\n");
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain(FIXTURE_EVIDENCE_PATH);
  });

  it("fails a package signed by another key than the pinned one", () => {
    const result = runRampartSync(dir, ["verify", "audit-package.zip", "--key", "other.pem"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/trusted-key/);
  });

  it("refuses an archive with a path-traversing entry, with exit 2", () => {
    const hostile = new Map(files);
    hostile.set("../outside.txt", Buffer.from("x"));
    writeFileSync(join(dir, "hostile.zip"), zipOf(hostile));
    const result = runRampartSync(dir, ["verify", "hostile.zip"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a safe relative path/);
  });
});

describe("readPackageZip", () => {
  it("tells a zip by its magic bytes", () => {
    expect(isZip(zipOf(files))).toBe(true);
    expect(isZip(Buffer.from('{"format":"rampart-ledger-export"}'))).toBe(false);
  });

  it.each([
    ["an absolute entry", "/etc/passwd"],
    ["a backslash entry", "evidence\\..\\x"],
    ["a dot-dot directory", "../"],
  ])("refuses %s", (_what, name) => {
    const archive = zipOf(new Map([[name, Buffer.from("x")]]));
    expect(() => readPackageZip(archive)).toThrow(PackageArchiveError);
  });

  it("refuses more than the uncompressed bound before inflating", () => {
    const archive = zipOf(new Map([["big.txt", Buffer.alloc(4096)]]));
    expect(() => readPackageZip(archive, { maxUncompressedBytes: 1024 })).toThrow(/uncompressed/);
  });

  it("refuses more than 10,000 entries", () => {
    const many = new Map(Array.from({ length: 10_001 }, (_, n) => [`f/${n}`, new Uint8Array(0)] as const));
    expect(() => readPackageZip(zipOf(many))).toThrow(/more than 10000 entries/);
  });

  it("refuses bytes that are not a zip", () => {
    expect(() => readPackageZip(Buffer.from("PK\x03\x04 broken"))).toThrow(/not a readable zip/);
  });
});
