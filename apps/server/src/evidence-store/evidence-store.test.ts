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

  it("lists its files (not files being written) and removes one, an absent one without error", async () => {
    const folder = newFolder();
    const store = createFileEvidenceStore(folder);
    const first = await store.put(Buffer.from("first"), sha256Hex(Buffer.from("first")));
    const second = await store.put(Buffer.from("second"), sha256Hex(Buffer.from("second")));
    writeFileSync(path.join(folder, `${first.key}.123.456.tmp`), "half written");
    const listed = async () => {
      const keys: string[] = [];
      for await (const { file, modifiedAt } of store.list()) {
        expect(modifiedAt).toBeInstanceOf(Date);
        keys.push(file.key);
      }
      return keys.sort();
    };
    expect(await listed()).toEqual([first.key, second.key].sort());
    await store.remove(first);
    await store.remove(first);
    expect(await store.get(first)).toBeNull();
    expect(await listed()).toEqual([second.key]);
    await expect(store.remove({ storage: "files", key: "../secrets.key" })).rejects.toThrow(/content key/);
  });

  it("lists nothing before its folder exists", async () => {
    const store = createFileEvidenceStore(path.join(newFolder(), "not-yet"));
    for await (const _ of store.list()) throw new Error("listed a file of an empty store");
  });
});
