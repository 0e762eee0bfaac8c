import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentKey, createFileEvidenceStore, sha256Hex } from "./evidence-store.ts";

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "evidence-store-"));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the files evidence store", () => {
  it("stores a file under its hash and reads it back", async () => {
    const store = createFileEvidenceStore(newFolder());
    const bytes = Buffer.from("access review Q3\n");
    const stored = await store.put(bytes, sha256Hex(bytes));
    expect(stored).toEqual({ storage: "files", key: contentKey(sha256Hex(bytes)) });
    expect(await store.get(stored)).toEqual(bytes);
  });

  it("refuses bytes that do not match the hash given", async () => {
    const store = createFileEvidenceStore(newFolder());
    await expect(store.put(Buffer.from("a"), sha256Hex(Buffer.from("b")))).rejects.toThrow(/do not match/);
  });

  it("answers null for a file it does not hold, and refuses keys that are not content keys", async () => {
    const store = createFileEvidenceStore(newFolder());
    expect(await store.get({ storage: "files", key: contentKey("a".repeat(64)) })).toBeNull();
    await expect(store.get({ storage: "files", key: "../../etc/passwd" })).rejects.toThrow(/content key/);
  });

  it("refuses a stored file that was changed on disk", async () => {
    const folder = newFolder();
    const store = createFileEvidenceStore(folder);
    const bytes = Buffer.from("policy acknowledgements");
    const stored = await store.put(bytes, sha256Hex(bytes));
    writeFileSync(path.join(folder, stored.key), "tampered");
    await expect(store.get(stored)).rejects.toThrow(/does not match its hash/);
  });
});
