// Where evidence files live: content-addressed by SHA-256, so the same file submitted twice is
// stored once and a stored file can be checked against the hash the ledger recorded. The default
// store is a folder under the data directory; an S3-compatible bucket replaces it when configured.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { SHA256_HEX, sha256Hex } from "@rampart/ledger/hash";

export { sha256Hex };

export type EvidenceStorage = "files" | "s3";

export interface StoredFile {
  readonly storage: EvidenceStorage;
  readonly key: string;
}

export interface EvidenceStore {
  readonly storage: EvidenceStorage;
  /** Stores `bytes` under their SHA-256 (which the caller has computed and the store checks). */
  put(bytes: Buffer, sha256: string): Promise<StoredFile>;
  /** The file's bytes, checked against the hash in its key; null when it is not there. */
  get(file: StoredFile): Promise<Buffer | null>;
  /** Removes the file; one that is not there is already removed. */
  remove(file: StoredFile): Promise<void>;
  /** Every stored file with when it was written, for sweeping files that nothing references. */
  list(): AsyncIterable<{ file: StoredFile; modifiedAt: Date }>;
}

/** `ab/abcdef…`: two levels keep a folder from holding every file of the instance. */
export function contentKey(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error("evidence store: a key is a lowercase SHA-256 hex digest");
  return `${sha256.slice(0, 2)}/${sha256}`;
}

/** Whether a name under the store is a content key (not a file being written, not a stranger). */
export function isContentKey(key: string): boolean {
  const digest = key.slice(key.lastIndexOf("/") + 1);
  return SHA256_HEX.test(digest) && key === contentKey(digest);
}

/** The digest a key names; the key is ours, but a row could be damaged, so it is checked. */
function digestOfKey(key: string): string {
  const digest = key.slice(key.lastIndexOf("/") + 1);
  if (!SHA256_HEX.test(digest) || key !== contentKey(digest)) {
    throw new Error("evidence store: not a content key");
  }
  return digest;
}

/** Reads back what was stored and refuses bytes that no longer match their hash. */
export function checkedBytes(bytes: Buffer, key: string): Buffer {
  const expected = digestOfKey(key);
  if (sha256Hex(bytes) !== expected) throw new Error(`evidence store: ${key} does not match its hash`);
  return bytes;
}

export function createFileEvidenceStore(directory: string): EvidenceStore {
  const root = path.resolve(directory);
  // The key is checked to be `xx/<sha256>` before it becomes a path, so it cannot leave `root`.
  const fileOf = (key: string) => path.join(root, contentKey(digestOfKey(key)));

  return {
    storage: "files",
    async put(bytes, sha256) {
      if (sha256Hex(bytes) !== sha256) throw new Error("evidence store: bytes do not match the given hash");
      const key = contentKey(sha256);
      const target = fileOf(key);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        // Written aside and renamed, so a reader never sees half a file under the final name.
        const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, target);
      }
      return { storage: "files", key };
    },
    async get(file) {
      if (file.storage !== "files")
        throw new Error(`evidence store: a ${file.storage} file in the files store`);
      try {
        return checkedBytes(await readFile(fileOf(file.key)), file.key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(file) {
      if (file.storage !== "files")
        throw new Error(`evidence store: a ${file.storage} file in the files store`);
      await rm(fileOf(file.key), { force: true });
    },
    async *list() {
      const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      for (const folder of folders.sort()) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of (await readdir(path.join(root, folder))).sort()) {
          const key = `${folder}/${name}`;
          if (!isContentKey(key)) continue;
          const stats = await stat(path.join(root, key)).catch(() => null);
          if (stats) yield { file: { storage: "files" as const, key }, modifiedAt: stats.mtime };
        }
      }
    },
  };
}
