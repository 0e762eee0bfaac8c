import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSecretBox, dataDirectoryKey, parseSecretsKey } from "./secret-box.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-secrets-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("secret box", () => {
  it("round-trips, with a fresh nonce each time, and only in its own context", () => {
    const box = createSecretBox(parseSecretsKey(Buffer.alloc(32, 7).toString("base64")));
    const sealed = box.encrypt("ghp_token", "tenant-a");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("ghp_token");
    expect(box.encrypt("ghp_token", "tenant-a")).not.toBe(sealed);
    expect(box.decrypt(sealed, "tenant-a")).toBe("ghp_token");
    expect(box.decrypt(sealed, "tenant-b")).toBeUndefined();
    const flipped = Buffer.from(sealed.slice(3), "base64");
    flipped[flipped.length - 1]! ^= 1;
    expect(box.decrypt(`v1:${flipped.toString("base64")}`, "tenant-a")).toBeUndefined();
    const other = createSecretBox(Buffer.alloc(32, 8));
    expect(other.decrypt(sealed, "tenant-a")).toBeUndefined();
  });

  it("generates the data directory key once, readable by the owner only", () => {
    const first = dataDirectoryKey(dataDir);
    const file = path.join(dataDir, "secrets.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(dataDirectoryKey(dataDir).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, "utf8"), "base64")).toHaveLength(32);
  });

  it("refuses a configured key of the wrong length", () => {
    expect(() => parseSecretsKey("c2hvcnQ=")).toThrow(/32 bytes/);
    expect(parseSecretsKey("ab".repeat(32))).toHaveLength(32);
  });
});
